// The fleet: many devices, each with its own WebDriver session, behind one configurable
// endpoint — a local Appium the control plane starts and stops, an external Appium, or a
// Selenium Grid 4 hub with Appium relay nodes (how fleets grow past one machine).
import { startLocalAppium, type LocalAppium } from './appium-server';
import { DeviceError } from './errors';
import { DeviceSession, type DeviceSpec, type WebDriverEndpoint } from './session';

export type EndpointConfig =
  | {
      kind: 'local';
      port?: number;
      allowInsecure?: string[];
      logLevel?: 'error' | 'warn' | 'info' | 'debug';
      args?: string[];
      /** Appium processes to spread the devices over (round-robin; default 1). One Node process per ~4 devices scales better. */
      servers?: number;
    }
  | { kind: 'appium'; url: string }
  | { kind: 'grid'; url: string };

export interface FleetConfig {
  endpoint: EndpointConfig;
  devices: DeviceSpec[];
  /** Per device command (default 30 s). */
  commandTimeoutMs?: number;
  /** Session creation (default 60 s; emulators boot slowly). */
  connectTimeoutMs?: number;
  /** Connect every device in start() (default true); otherwise on first use. */
  connectOnStart?: boolean;
  onLog?: (line: string) => void;
}

export interface DeviceStatus {
  id: string;
  state: 'connected' | 'disconnected' | 'error';
  sessionId?: string;
  error?: { code: string; message: string };
}

export function parseEndpointUrl(url: string, kind: 'appium' | 'grid'): WebDriverEndpoint {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DeviceError('appium_unavailable', `Invalid WebDriver endpoint URL '${url}'`);
  }
  const protocol = u.protocol === 'https:' ? 'https' : 'http';
  const port = u.port ? Number(u.port) : protocol === 'https' ? 443 : kind === 'grid' ? 4444 : 4723;
  return { protocol, hostname: u.hostname, port, path: u.pathname && u.pathname !== '' ? u.pathname : '/', kind };
}

export class DeviceFleet {
  private readonly sessions = new Map<string, DeviceSession>();
  private readonly errors = new Map<string, DeviceError>();
  private locals: LocalAppium[] = [];
  private endpoints: WebDriverEndpoint[] = [];
  private placed = 0;

  private constructor(private readonly config: FleetConfig) {}

  /** Starts the endpoint (if local) and connects the devices in parallel. Never throws for one bad device: see status(). */
  static async start(config: FleetConfig): Promise<DeviceFleet> {
    const fleet = new DeviceFleet(config);
    await fleet.open();
    return fleet;
  }

  private async open(): Promise<void> {
    const ep = this.config.endpoint;
    if (ep.kind === 'local') {
      const n = Math.max(1, ep.servers ?? 1);
      try {
        this.locals = await Promise.all(
          Array.from({ length: n }, (_, i) => startLocalAppium({ port: i === 0 ? ep.port : undefined, allowInsecure: ep.allowInsecure, logLevel: ep.logLevel, args: ep.args, onLog: this.config.onLog })),
        );
      } catch (e) {
        await Promise.all(this.locals.map((l) => l.stop()));
        throw e;
      }
      this.endpoints = this.locals.map((l) => ({ protocol: 'http', hostname: '127.0.0.1', port: l.port, path: '/', kind: 'appium' }));
    } else {
      this.endpoints = [parseEndpointUrl(ep.url, ep.kind)];
    }
    for (const spec of this.config.devices) this.sessions.set(spec.id, this.makeSession(spec));
    if (this.config.connectOnStart !== false) await Promise.all(this.config.devices.map((d) => this.connect(d.id).catch(() => undefined)));
  }

  private makeSession(spec: DeviceSpec): DeviceSession {
    const endpoint = this.endpoints[this.placed++ % this.endpoints.length];
    return new DeviceSession(spec, endpoint, { commandTimeoutMs: this.config.commandTimeoutMs ?? 30_000, connectTimeoutMs: this.config.connectTimeoutMs ?? 60_000 });
  }

  /** URL of the (first) WebDriver endpoint in use. */
  get url(): string {
    return this.urls[0];
  }

  /** URLs of every WebDriver endpoint in use (several when local Appium servers are sharded). */
  get urls(): string[] {
    return this.endpoints.map((e) => `${e.protocol}://${e.hostname}:${e.port}${e.path}`);
  }

  get ids(): string[] {
    return [...this.sessions.keys()];
  }

  /** (Re)connects one device; the error is kept in status() and rethrown. */
  async connect(id: string): Promise<DeviceSession> {
    const s = this.sessions.get(id);
    if (!s) throw new DeviceError('unknown_device', `The fleet has no device '${id}' (known: ${this.ids.join(', ') || 'none'})`, id);
    try {
      if (s.connected) await s.reconnect();
      else await s.connect();
      this.errors.delete(id);
      return s;
    } catch (e) {
      const err = e instanceof DeviceError ? e : new DeviceError('session_failed', String((e as Error).message), id);
      this.errors.set(id, err);
      throw err;
    }
  }

  /** The session of a device; throws `unknown_device`, or the device's connection error. */
  device(id: string): DeviceSession {
    const s = this.sessions.get(id);
    if (!s) throw new DeviceError('unknown_device', `The fleet has no device '${id}' (known: ${this.ids.join(', ') || 'none'})`, id);
    const err = this.errors.get(id);
    if (err && !s.connected) throw err;
    return s;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** Adds a device at runtime and connects it. */
  async add(spec: DeviceSpec): Promise<DeviceSession> {
    if (this.sessions.has(spec.id)) throw new DeviceError('session_failed', `Device '${spec.id}' is already in the fleet`, spec.id);
    this.sessions.set(spec.id, this.makeSession(spec));
    return this.connect(spec.id);
  }

  async remove(id: string): Promise<void> {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    this.errors.delete(id);
    await s?.close();
  }

  status(): DeviceStatus[] {
    return this.ids.map((id) => {
      const s = this.sessions.get(id)!;
      const err = this.errors.get(id);
      if (s.connected) return { id, state: 'connected', sessionId: s.sessionId };
      if (err) return { id, state: 'error', error: { code: err.code, message: err.message } };
      return { id, state: 'disconnected' };
    });
  }

  /** Closes every session and stops the local Appium if the fleet started one. */
  async stop(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
    await Promise.all(this.locals.map((l) => l.stop()));
    this.locals = [];
  }
}
