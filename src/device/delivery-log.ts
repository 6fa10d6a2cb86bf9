// S-Bus DeliveryLog for device screens: each device screen is a shard whose version is the hash
// of its page source. The log remembers which version each agent was last shown on each device;
// a GUI commit built on an older version is refused as `stale_observation` (like HTTP 409) and
// the agent must read the screen again.
export interface Delivery {
  version: string;
  /** Milliseconds since epoch when the screen was delivered to the agent. */
  at: number;
}

export type Freshness =
  | { fresh: true; version: string }
  | { fresh: false; code: 'stale_observation'; observed: string | null; current: string; reason: string };

export class DeliveryLog {
  private readonly byDevice = new Map<string, Map<string, Delivery>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records that `agent` was shown `version` of `device`'s screen. */
  delivered(agent: string, device: string, version: string): void {
    let agents = this.byDevice.get(device);
    if (!agents) this.byDevice.set(device, (agents = new Map()));
    agents.set(agent, { version, at: this.now() });
  }

  last(agent: string, device: string): Delivery | undefined {
    return this.byDevice.get(device)?.get(agent);
  }

  /** Compares the agent's last observation with the device's current screen version. */
  check(agent: string, device: string, current: string): Freshness {
    const last = this.last(agent, device);
    if (last && last.version === current) return { fresh: true, version: current };
    const reason = last
      ? `stale_observation: agent ${agent} last observed screen ${last.version} of device ${device}, but the device now shows ${current}; read_screen again before acting`
      : `stale_observation: agent ${agent} has not observed device ${device} yet (current screen ${current}); read_screen before acting`;
    return { fresh: false, code: 'stale_observation', observed: last?.version ?? null, current, reason };
  }

  /** Agents whose last observation of `device` is not `current`. */
  staleAgents(device: string, current: string): string[] {
    return [...(this.byDevice.get(device) ?? new Map<string, Delivery>()).entries()].filter(([, d]) => d.version !== current).map(([a]) => a);
  }

  forgetDevice(device: string): void {
    this.byDevice.delete(device);
  }
}
