// Errors of the device layer: a stable `code` plus a message that names the device or endpoint.
export type DeviceErrorCode =
  | 'appium_unavailable' // no WebDriver endpoint answers (Appium or Grid down, wrong URL)
  | 'device_missing' // the endpoint answered but the device/udid is not there
  | 'session_failed' // session creation failed for another reason
  | 'session_lost' // the session died and reconnecting failed
  | 'timeout' // a device command took longer than allowed
  | 'unknown_device' // the fleet has no device with that id
  | 'not_permitted' // the executor was handed something the gate did not mint
  | 'stale_observation' // the agent's last observation is older than the device screen
  | 'target_not_found' // the action's target is not on the current screen
  | 'unsupported' // the op or target cannot be executed on this device
  | 'command_failed'; // the device rejected the command

export class DeviceError extends Error {
  readonly code: DeviceErrorCode;
  readonly device?: string;
  constructor(code: DeviceErrorCode, message: string, device?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeviceError';
    this.code = code;
    this.device = device;
  }
}

export const isDeviceError = (e: unknown): e is DeviceError => e instanceof DeviceError;
