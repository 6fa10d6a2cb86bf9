// The device layer: Appium/WebdriverIO bridge, fleets, page source → observations, S-Bus
// DeliveryLog, and the executor that accepts only gate-permitted actions.
export { startLocalAppium, freePort, type LocalAppium, type LocalAppiumOptions } from './appium-server';
export { DeviceError, isDeviceError, type DeviceErrorCode } from './errors';
export { DeviceFleet, parseEndpointUrl, type EndpointConfig, type FleetConfig, type DeviceStatus } from './fleet';
export { DeviceSession, capabilitiesFor, type DeviceSpec, type WebDriverEndpoint } from './session';
export { parsePageSource, toObserve, toScreen, screenVersion, type Screen, type ScreenNode } from './page-source';
export { resolveTarget, locatorFor, keyCode, type ResolvedTarget, type Locator } from './target';
export { DeliveryLog, type Delivery, type Freshness } from './delivery-log';
export { createPermitAuthority, type PermittedAction, type PermitAuthority, type PermitVerifier, type PermitInput } from './permitted';
export { DeviceExecutor, SCREEN_DEPENDENT_OPS, type ExecuteResult, type ExecutorOptions } from './executor';
export { refusalDecision } from './decision';
export { twinFetch, twinToolBackend, TWIN_TOOLS } from './sandbox';
export { LiveGate, type LiveGateOptions, type OperatorAnswer } from './live-gate';
export { parseFleetConfig, readFleetConfig, FleetConfigSchema, type FleetConfigResult } from './fleet-config';
