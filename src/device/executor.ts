// The device executor: the only way an action reaches a device. It takes a PermittedAction
// minted by the gate (nothing else), refuses GUI commits built on a stale screen (S-Bus
// DeliveryLog), executes the protocol gui op through Appium, reads the screen afterwards and
// returns it as an observation for provenance (engine.commit(eventId, observe)).
import type { GuiAction, Observe, Target } from '../core/protocol/schema';
import { DeliveryLog, type Freshness } from './delivery-log';
import { DeviceError, type DeviceErrorCode } from './errors';
import type { DeviceFleet } from './fleet';
import type { Screen, ScreenNode } from './page-source';
import type { PermittedAction, PermitVerifier } from './permitted';
import { commands, type DeviceSession, type ExclusiveDevice } from './session';
import { keyCode, locatorFor, resolveTarget, type ResolvedTarget } from './target';

/** Ops whose meaning depends on what the screen shows: they need a fresh observation. */
export const SCREEN_DEPENDENT_OPS: ReadonlySet<GuiAction['op']> = new Set(['tap', 'long_press', 'type', 'clear', 'swipe', 'scroll']);

export type ExecuteFailureCode = DeviceErrorCode | 'app_mismatch';

export type ExecuteResult =
  | {
      ok: true;
      eventId: string;
      device: string | undefined;
      /** What the device shows after the action (GUI), or the API/tool response: feed to engine.commit. */
      observe: Observe;
      /** Screen version after the action (GUI). */
      version?: string;
      /** Screen version the action was executed on (GUI). */
      previousVersion?: string;
      /** The element the action hit, as the device describes it (GUI). */
      hit?: Target;
      output?: unknown;
      timings: { totalMs: number; deviceMs: number; checkMs: number };
    }
  | {
      ok: false;
      eventId: string;
      device: string | undefined;
      code: ExecuteFailureCode;
      reason: string;
      /** For stale_observation: what the agent saw vs what the device shows. */
      observedVersion?: string | null;
      currentVersion?: string;
    };

export interface ExecutorOptions {
  /** Device that executes API/tool actions in the twin sandbox when a permit names no device. */
  sandboxDevice?: string;
  /** Refuse GUI actions whose `app` differs from the foreground package (default true). */
  checkApp?: boolean;
  now?: () => number;
}

type DeviceLookup = Pick<DeviceFleet, 'device'>;

const hr = () => performance.now();
const since = (t0: number) => performance.now() - t0;

export class DeviceExecutor {
  readonly deliveries: DeliveryLog;

  constructor(
    private readonly fleet: DeviceLookup,
    private readonly permits: PermitVerifier,
    private readonly opts: ExecutorOptions = {},
    deliveries?: DeliveryLog,
  ) {
    this.deliveries = deliveries ?? new DeliveryLog(opts.now);
  }

  /** The device's current screen (one page-source read): give `screen.observe` to the gate's evaluate(). */
  async currentScreen(device: string): Promise<Screen> {
    return this.fleet.device(device).readScreen();
  }

  /**
   * Completes a target with what the element on the current screen says about itself (id,
   * text, content-desc, class), so the gate lifts a tap by point or by id to the right effect.
   * Returns the target unchanged when nothing matches.
   */
  describeTarget(screen: Screen, target: Target | undefined): Target | undefined {
    if (!target) return target;
    return resolveTarget(screen.nodes, target, screen.observe.foreground)?.described ?? target;
  }

  /** S-Bus check without executing: is the agent's last observation of the device current? */
  async freshness(agent: string, device: string): Promise<Freshness> {
    const screen = await this.currentScreen(device);
    return this.deliveries.check(agent, device, screen.version);
  }

  /** Executes a gate-permitted action. Never throws: failures come back with a stable code. */
  async execute(permit: PermittedAction): Promise<ExecuteResult> {
    const t0 = hr();
    let token: PermittedAction;
    try {
      token = this.permits.consume(permit);
    } catch (e) {
      return { ok: false, eventId: (permit as { eventId?: string })?.eventId ?? '?', device: (permit as { device?: string })?.device, code: 'not_permitted', reason: (e as Error).message };
    }
    const fail = (code: ExecuteFailureCode, reason: string, extra: Partial<Extract<ExecuteResult, { ok: false }>> = {}): ExecuteResult => ({ ok: false, eventId: token.eventId, device: token.device, code, reason, ...extra });
    try {
      if (token.channel !== 'gui') return await this.executeSandbox(token, t0);
      const session = this.fleet.device(token.device!);
      return await session.exclusive((dev) => this.executeGui(token, token.gui!, session, dev, t0, fail));
    } catch (e) {
      if (e instanceof DeviceError) return fail(e.code, e.message);
      return fail('command_failed', (e as Error).message);
    }
  }

  private async executeGui(
    token: PermittedAction,
    gui: GuiAction,
    _session: DeviceSession,
    dev: ExclusiveDevice,
    t0: number,
    fail: (code: ExecuteFailureCode, reason: string, extra?: Partial<Extract<ExecuteResult, { ok: false }>>) => ExecuteResult,
  ): Promise<ExecuteResult> {
    const device = token.device!;
    let deviceMs = 0;
    // a thunk, so WebdriverIO's synchronous request preparation counts as device time too
    const timed = async <T>(run: () => Promise<T>): Promise<T> => {
      const s = hr();
      try {
        return await run();
      } finally {
        deviceMs += since(s);
      }
    };
    // 1. the screen the action will land on, and the S-Bus freshness check
    const needsScreen = SCREEN_DEPENDENT_OPS.has(gui.op) || (gui.app !== undefined && gui.op !== 'launch_app' && gui.op !== 'home');
    let before: Screen | undefined;
    let checkMs = 0;
    if (needsScreen || gui.op === 'read_screen') before = await timed(() => dev.readScreen());
    if (before && SCREEN_DEPENDENT_OPS.has(gui.op)) {
      const c0 = hr();
      const fresh = this.deliveries.check(token.agent, device, before.version);
      checkMs += since(c0);
      if (!fresh.fresh) return fail('stale_observation', fresh.reason, { observedVersion: fresh.observed, currentVersion: fresh.current });
    }
    if (before && gui.app && gui.op !== 'launch_app' && gui.op !== 'home' && this.opts.checkApp !== false) {
      const fg = before.observe.foreground;
      if (fg && fg !== gui.app) return fail('app_mismatch', `app_mismatch: the action was decided for ${gui.app} but device ${device} shows ${fg}; read_screen again`, { currentVersion: before.version });
    }
    // 2. resolve the target on that very screen
    let resolved: ResolvedTarget | undefined;
    let elementId: string | undefined;
    const target = gui.target;
    const needsTarget = gui.op === 'tap' || gui.op === 'long_press' || gui.op === 'clear' || (gui.op === 'type' && !!target);
    if (needsTarget) {
      if (!target || Object.keys(target).length === 0) return fail('target_not_found', `${gui.op} needs a target`);
      if (!target.xpath) {
        resolved = resolveTarget(before!.nodes, target, before!.observe.foreground);
        if (!resolved) return fail('target_not_found', `target_not_found: nothing on the screen of ${device} matches ${JSON.stringify(target)}`, { currentVersion: before!.version });
      }
    }
    // 3. act
    const fg = before?.observe.foreground;
    let output: unknown;
    switch (gui.op) {
      case 'read_screen':
        break;
      case 'tap':
      case 'long_press': {
        let point = target?.point ?? resolved?.center;
        if (!point) {
          elementId = await timed(() => dev.call('finding the target', 'read', (b) => commands.find(b, locatorFor(target!, fg)!))).catch(() => undefined);
          if (!elementId) return fail('target_not_found', `target_not_found: ${JSON.stringify(target)} is not on the screen of ${device}`);
          const rect = await timed(() => dev.call('reading the element rect', 'read', (b) => b.getElementRect(elementId!)));
          point = { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2) };
        }
        const p = point;
        if (gui.op === 'tap') await timed(() => dev.call('tap', 'act', (b) => commands.tap(b, p.x, p.y)));
        else await timed(() => dev.call('long press', 'act', (b) => b.execute('mobile: longClickGesture', { x: p.x, y: p.y, duration: 800 }) as Promise<unknown>));
        break;
      }
      case 'type':
      case 'clear': {
        if (!target) {
          if (gui.op === 'clear') return fail('target_not_found', 'clear needs a target');
          await timed(() => dev.call('typing', 'act', (b) => commands.typeKeys(b, gui.text ?? '')));
          break;
        }
        const loc = locatorFor(target.point ? (resolved?.described ?? target) : target, fg);
        if (!loc) return fail('unsupported', `cannot address ${JSON.stringify(target)} for ${gui.op}`);
        elementId = await timed(() => dev.call('finding the field', 'read', (b) => commands.find(b, loc))).catch(() => undefined);
        if (!elementId) return fail('target_not_found', `target_not_found: ${loc.using}=${loc.value} is not on the screen of ${device}`);
        const el = elementId;
        if (gui.op === 'clear') await timed(() => dev.call('clear', 'act', (b) => b.elementClear(el)));
        else await timed(() => dev.call('type', 'act', (b) => b.execute('mobile: replaceElementValue', { elementId: el, text: gui.text ?? '' }) as Promise<unknown>));
        break;
      }
      case 'swipe':
      case 'scroll': {
        const area = this.gestureArea(before!, target, fg);
        const dir = (gui.direction ?? (gui.op === 'scroll' ? 'down' : 'up')).toLowerCase();
        if (!['up', 'down', 'left', 'right'].includes(dir)) return fail('unsupported', `unknown direction '${gui.direction}'`);
        const name = gui.op === 'scroll' ? 'mobile: scrollGesture' : 'mobile: swipeGesture';
        output = await timed(() => dev.call(gui.op, 'act', (b) => b.execute(name, { ...area, direction: dir, percent: 0.75 }) as Promise<unknown>));
        break;
      }
      case 'key': {
        const code = keyCode(gui.key ?? '');
        if (code === undefined) return fail('unsupported', `unknown Android key '${gui.key}'`);
        await timed(() => dev.call(`key ${gui.key}`, 'act', (b) => b.execute('mobile: pressKey', { keycode: code }) as Promise<unknown>));
        break;
      }
      case 'back':
        await timed(() => dev.call('back', 'act', (b) => b.back()));
        break;
      case 'home':
        await timed(() => dev.call('home', 'act', (b) => b.execute('mobile: pressKey', { keycode: 3 }) as Promise<unknown>));
        break;
      case 'launch_app': {
        const app = gui.app ?? gui.text;
        if (!app) return fail('unsupported', 'launch_app needs `app` (an Android package)');
        await timed(() => dev.call(`launching ${app}`, 'act', (b) => b.execute('mobile: activateApp', { appId: app }) as Promise<unknown>));
        break;
      }
      default:
        return fail('unsupported', `unsupported gui op '${(gui as GuiAction).op}'`);
    }
    // 4. observe: the screen after the action is delivered to the acting agent
    const after = gui.op === 'read_screen' ? before! : await timed(() => dev.readScreen());
    this.deliveries.delivered(token.agent, device, after.version);
    return {
      ok: true,
      eventId: token.eventId,
      device,
      observe: after.observe,
      version: after.version,
      previousVersion: before?.version,
      ...(resolved ? { hit: resolved.described } : {}),
      ...(output !== undefined ? { output } : {}),
      timings: { totalMs: since(t0), deviceMs, checkMs },
    };
  }

  private gestureArea(screen: Screen, target: Target | undefined, fg: string | undefined) {
    let node: ScreenNode | undefined = target ? resolveTarget(screen.nodes, target, fg)?.node : undefined;
    if (!node) node = screen.nodes.filter((n) => n.scrollable).sort((a, b) => area(b) - area(a))[0];
    const [x1, y1, x2, y2] = node ? node.bounds : [0, 400, 1080, 1900];
    return { left: x1, top: y1, width: Math.max(1, x2 - x1), height: Math.max(1, y2 - y1) };
  }

  /** API and tool actions in the twin sandbox (CI): the twin's network and tool backends. */
  private async executeSandbox(token: PermittedAction, t0: number): Promise<ExecuteResult> {
    const deviceId = token.device ?? this.opts.sandboxDevice;
    if (!deviceId) return { ok: false, eventId: token.eventId, device: undefined, code: 'unsupported', reason: `no device to execute ${token.channel} action ${token.eventId} on (set sandboxDevice)` };
    const session = this.fleet.device(deviceId);
    if (!session.isTwin) return { ok: false, eventId: token.eventId, device: deviceId, code: 'unsupported', reason: `${token.channel} actions run in the device twin sandbox only; device ${deviceId} is a real device` };
    const s = hr();
    if (token.channel === 'api') {
      const api = token.api!;
      const res = await session.mobile<{ httpStatus: number; body: unknown }>('twinHttp', { url: api.url, method: api.method, headers: api.headers ?? {}, body: api.body ?? null });
      return { ok: true, eventId: token.eventId, device: deviceId, observe: { body: res.body }, output: res, timings: { totalMs: since(t0), deviceMs: since(s), checkMs: 0 } };
    }
    const tool = token.tool!;
    const result = await session.mobile('twinTool', { name: tool.name, arguments: tool.arguments ?? {} });
    return { ok: true, eventId: token.eventId, device: deviceId, observe: { result }, output: result, timings: { totalMs: since(t0), deviceMs: since(s), checkMs: 0 } };
  }
}

const area = (n: ScreenNode) => (n.bounds[2] - n.bounds[0]) * (n.bounds[3] - n.bounds[1]);
