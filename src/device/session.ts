// One device's WebDriver session (WebdriverIO 9 → Appium / Selenium Grid → UiAutomator2 or the
// device twin). Commands on a device run one at a time; each has a timeout; a lost session is
// re-created once, reads are retried, actions are never replayed behind the caller's back.
import { remote } from 'webdriverio';
import { DeviceError } from './errors';
import { toScreen, type Screen } from './page-source';
import type { Locator } from './target';

export interface DeviceSpec {
  /** Fleet id of the device; also the default `appium:udid`. */
  id: string;
  udid?: string;
  /** `DeviceTwin` (CI) or `UiAutomator2` (emulators and phones). Default DeviceTwin. */
  automationName?: string;
  /** UiAutomator2: AVD name to boot (`appium:avd`). */
  avd?: string;
  /** UiAutomator2: a distinct systemPort per device when several share one Appium. */
  systemPort?: number;
  /** Extra capabilities, merged last (e.g. `appium:twinReset`). */
  capabilities?: Record<string, unknown>;
}

export interface WebDriverEndpoint {
  protocol: 'http' | 'https';
  hostname: string;
  port: number;
  path: string;
  /** `appium` (an Appium server) or `grid` (a Selenium Grid 4 hub with Appium relay nodes). */
  kind: 'appium' | 'grid';
}

export interface SessionOptions {
  commandTimeoutMs: number;
  connectTimeoutMs: number;
}

type Browser = WebdriverIO.Browser;

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export function capabilitiesFor(spec: DeviceSpec): Record<string, unknown> {
  const automationName = spec.automationName ?? 'DeviceTwin';
  const caps: Record<string, unknown> = {
    platformName: 'Android',
    'appium:automationName': automationName,
    'appium:udid': spec.udid ?? spec.id,
    'appium:newCommandTimeout': 300,
  };
  if (spec.avd) caps['appium:avd'] = spec.avd;
  if (spec.systemPort) caps['appium:systemPort'] = spec.systemPort;
  if (automationName.toLowerCase() === 'uiautomator2') {
    caps['appium:noReset'] = true;
    caps['appium:disableWindowAnimation'] = true;
  }
  return { ...caps, ...(spec.capabilities ?? {}) };
}

function isConnectionError(e: unknown): boolean {
  const msg = String((e as Error)?.message ?? e);
  return /ECONNREFUSED|ECONNRESET|Unable to connect|fetch failed|socket hang up|EHOSTUNREACH|ENOTFOUND|Failed to connect|connect ETIMEDOUT/i.test(msg);
}

function isSessionGone(e: unknown): boolean {
  const err = e as { name?: string; message?: string };
  return /invalid session id|session is either terminated|session not found|no such session|session .* (does not exist|not found)|Unable to find session/i.test(`${err?.name ?? ''} ${err?.message ?? ''}`);
}

function classifyCreateError(e: unknown, spec: DeviceSpec, where: string): DeviceError {
  const msg = String((e as Error)?.message ?? e);
  if (isConnectionError(e)) return new DeviceError('appium_unavailable', `No WebDriver endpoint answers at ${where} (is Appium or the Grid running?): ${msg}`, spec.id, { cause: e });
  if (/not in the list of connected devices|Could not find a connected Android device|device .* not found|no device|offline/i.test(msg))
    return new DeviceError('device_missing', `Device ${spec.udid ?? spec.id} is not available at ${where}: ${msg}`, spec.id, { cause: e });
  if (/Could not find a driver for automationName/i.test(msg)) {
    const name = spec.automationName ?? 'DeviceTwin';
    const hint = name.toLowerCase() === 'uiautomator2' ? ' Install it in the project (npm install -D appium-uiautomator2-driver) or run `npx appium driver install uiautomator2`; sessions also need ANDROID_HOME and a running emulator or device.' : '';
    return new DeviceError('device_missing', `The Appium at ${where} has no driver for automationName '${name}' (device ${spec.id}).${hint} (${msg})`, spec.id, { cause: e });
  }
  if (/No nodes support the capabilities|cannot be satisfied|Session request timed out/i.test(msg))
    return new DeviceError('device_missing', `No driver/node at ${where} can serve device ${spec.udid ?? spec.id} (${spec.automationName ?? 'DeviceTwin'}): ${msg}`, spec.id, { cause: e });
  return new DeviceError('session_failed', `Could not create a session for device ${spec.id} at ${where}: ${msg}`, spec.id, { cause: e });
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string, device?: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeviceError('timeout', `${what} timed out after ${ms} ms`, device)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export class DeviceSession {
  private browser: Browser | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private lastScreen: Screen | undefined;
  readonly isTwin: boolean;

  constructor(
    readonly spec: DeviceSpec,
    private readonly endpoint: WebDriverEndpoint,
    private readonly opts: SessionOptions,
  ) {
    this.isTwin = (spec.automationName ?? 'DeviceTwin').toLowerCase() === 'devicetwin';
  }

  get id(): string {
    return this.spec.id;
  }

  get where(): string {
    const e = this.endpoint;
    return `${e.protocol}://${e.hostname}:${e.port}${e.path} (${e.kind})`;
  }

  get connected(): boolean {
    return !!this.browser;
  }

  get sessionId(): string | undefined {
    return this.browser?.sessionId;
  }

  /** The last screen this session read (no device round trip). */
  get cachedScreen(): Screen | undefined {
    return this.lastScreen;
  }

  async connect(extraCaps: Record<string, unknown> = {}): Promise<void> {
    const e = this.endpoint;
    try {
      this.browser = await withTimeout(
        remote({
          protocol: e.protocol,
          hostname: e.hostname,
          port: e.port,
          path: e.path,
          logLevel: 'silent',
          connectionRetryCount: 0,
          connectionRetryTimeout: this.opts.connectTimeoutMs,
          capabilities: { ...capabilitiesFor(this.spec), ...extraCaps } as WebdriverIO.Capabilities,
        }),
        this.opts.connectTimeoutMs,
        `creating a session for device ${this.spec.id} at ${this.where}`,
        this.spec.id,
      );
    } catch (err) {
      if (err instanceof DeviceError) throw err;
      throw classifyCreateError(err, this.spec, this.where);
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = undefined;
    if (b) await withTimeout(b.deleteSession(), 10_000, `closing session of ${this.spec.id}`, this.spec.id).catch(() => {});
  }

  /** Re-creates the session without resetting the device (reconnect after Appium restarts or a session expires). */
  async reconnect(): Promise<void> {
    const old = this.browser;
    this.browser = undefined;
    if (old) await old.deleteSession().catch(() => {});
    await this.connect(this.isTwin ? { 'appium:twinReset': false } : {});
  }

  /**
   * Runs `fn` with exclusive use of the device. `kind: 'read'` commands are retried once after a
   * reconnect; `kind: 'act'` commands are not (a tap must never be sent twice).
   */
  run<T>(what: string, kind: 'read' | 'act', fn: (b: Browser) => Promise<T>): Promise<T> {
    return this.enqueue(() => this.runNow(what, kind, fn));
  }

  /** Holds the device for a sequence of commands (check-then-act without interleaving). */
  exclusive<T>(fn: (s: ExclusiveDevice) => Promise<T>): Promise<T> {
    return this.enqueue(() => fn({ call: (what, kind, f) => this.runNow(what, kind, f), readScreen: () => this.readScreenNow() }));
  }

  /** Jobs queued or running on this device. */
  private pending = 0;

  /**
   * Runs `job` once every job queued before it has settled; one that finds the device idle
   * starts at once instead of a turn of the event loop later (gated actions wait on this).
   */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const start = async () => job();
    const next = this.pending === 0 ? start() : this.queue.then(start);
    this.pending++;
    const settled = () => {
      this.pending--;
    };
    this.queue = next.then(settled, settled);
    return next;
  }

  private async runNow<T>(what: string, kind: 'read' | 'act', fn: (b: Browser) => Promise<T>): Promise<T> {
    if (!this.browser) {
      try {
        await this.connect(this.isTwin ? { 'appium:twinReset': false } : {});
      } catch (e) {
        throw e instanceof DeviceError ? e : new DeviceError('session_lost', `Device ${this.spec.id} has no session: ${(e as Error).message}`, this.spec.id);
      }
    }
    try {
      return await withTimeout(fn(this.browser!), this.opts.commandTimeoutMs, `${what} on device ${this.spec.id}`, this.spec.id);
    } catch (err) {
      if (err instanceof DeviceError) throw err;
      if (isSessionGone(err) || isConnectionError(err)) {
        try {
          await this.reconnect();
        } catch (re) {
          throw new DeviceError(isConnectionError(re) || (re as DeviceError).code === 'appium_unavailable' ? 'appium_unavailable' : 'session_lost', `Lost the session of device ${this.spec.id} and could not reconnect: ${(re as Error).message}`, this.spec.id, { cause: re });
        }
        if (kind === 'read') return await withTimeout(fn(this.browser!), this.opts.commandTimeoutMs, `${what} on device ${this.spec.id}`, this.spec.id);
        throw new DeviceError('session_lost', `The session of device ${this.spec.id} was lost during ${what}; reconnected, the action was not retried`, this.spec.id, { cause: err });
      }
      throw new DeviceError('command_failed', `${what} failed on device ${this.spec.id}: ${(err as Error).message}`, this.spec.id, { cause: err });
    }
  }

  private async readScreenNow(): Promise<Screen> {
    const source = await this.runNow('reading the page source', 'read', (b) => b.getPageSource());
    let fg: string | undefined;
    if (!/package="[^"]+"/.test(source)) fg = await this.runNow('reading the foreground package', 'read', (b) => b.getCurrentPackage());
    this.lastScreen = toScreen(source, fg, this.lastScreen);
    return this.lastScreen;
  }

  /** Reads the page source and turns it into a Screen (version, nodes, observe). */
  readScreen(): Promise<Screen> {
    return this.exclusive((s) => s.readScreen());
  }

  /** `mobile:` extension call. */
  mobile<T = unknown>(name: string, args: Record<string, unknown> = {}, kind: 'read' | 'act' = 'act'): Promise<T> {
    return this.run(`mobile: ${name}`, kind, (b) => b.execute(`mobile: ${name}`, args) as Promise<T>);
  }
}

export interface ExclusiveDevice {
  call<T>(what: string, kind: 'read' | 'act', fn: (b: Browser) => Promise<T>): Promise<T>;
  readScreen(): Promise<Screen>;
}

/** Low-level commands used by the executor (protocol-level, no element wrappers). */
export const commands = {
  async find(b: Browser, loc: Locator): Promise<string> {
    const el = (await b.findElement(loc.using, loc.value)) as unknown as Record<string, string>;
    const id = el?.[ELEMENT_KEY] ?? el?.ELEMENT;
    if (!id) throw new DeviceError('target_not_found', `No element for ${loc.using}=${loc.value}`);
    return id;
  },
  async tap(b: Browser, x: number, y: number, holdMs = 60): Promise<void> {
    await b.performActions([
      {
        type: 'pointer',
        id: 'finger1',
        parameters: { pointerType: 'touch' },
        actions: [
          { type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' },
          { type: 'pointerDown', button: 0 },
          { type: 'pause', duration: holdMs },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
  },
  async typeKeys(b: Browser, text: string): Promise<void> {
    await b.performActions([{ type: 'key', id: 'keyboard', actions: [...text].flatMap((ch) => [{ type: 'keyDown', value: ch }, { type: 'keyUp', value: ch }]) }]);
  },
};
