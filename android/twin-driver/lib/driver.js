// DeviceTwinDriver: an Appium 3 driver that behaves like a UiAutomator2 session on a simulated
// Android device. Page source, locators, element commands, W3C pointer actions hit-tested on
// bounds, keys, `mobile:` extensions, screenshots, and an oracle of effects for tests.
import { BaseDriver, errors } from 'appium/driver.js';
import { util } from 'appium/support.js';
import { deviceFor } from './device/device.js';
import { runShell } from './device/shell.js';
import { sandboxHttp, sandboxTool } from './device/backends.js';
import { attributes, hitTest, flatten, STATUS_H } from './ui/tree.js';
import { evaluateXPath, XPathError } from './ui/xpath.js';
import { renderPng } from './ui/png.js';
import { LAUNCHER } from './device/seed.js';

const KEYCODES = { 3: 'HOME', 4: 'BACK', 61: 'TAB', 66: 'ENTER', 67: 'DEL', 83: 'NOTIFICATION', 84: 'SEARCH', 187: 'APP_SWITCH', 111: 'ESCAPE' };
const W3C_KEYS = { '\uE007': 'ENTER', '\uE006': 'ENTER', '\uE003': 'DEL', '\uE004': 'TAB', '\uE00C': 'ESCAPE' };
const TAP_SLOP = 24;
const LONG_PRESS_MS = 500;

const CONSTRAINTS = /** @type {const} */ ({
  platformName: { presence: true, isString: true, inclusionCaseInsensitive: ['Android'] },
  udid: { isString: true },
  deviceName: { isString: true },
  appPackage: { isString: true },
  appActivity: { isString: true },
  twinReset: { isBoolean: true },
  systemPort: { isNumber: true },
  avd: { isString: true },
});

export class DeviceTwinDriver extends BaseDriver {
  static newMethodMap = /** @type {const} */ ({
    '/session/:sessionId/appium/device/press_keycode': { POST: { command: 'pressKeyCode', payloadParams: { required: ['keycode'], optional: ['metastate', 'flags'] } } },
    '/session/:sessionId/appium/device/current_package': { GET: { command: 'getCurrentPackage' } },
    '/session/:sessionId/appium/device/current_activity': { GET: { command: 'getCurrentActivity' } },
    '/session/:sessionId/appium/device/open_notifications': { POST: { command: 'openNotifications' } },
  });

  static executeMethodMap = /** @type {const} */ ({
    'mobile: shell': { command: 'mobileShell', params: { required: ['command'], optional: ['args', 'timeout', 'includeStderr'] } },
    'mobile: activateApp': { command: 'activateApp', params: { required: ['appId'] } },
    'mobile: terminateApp': { command: 'terminateApp', params: { required: ['appId'] } },
    'mobile: queryAppState': { command: 'queryAppState', params: { required: ['appId'] } },
    'mobile: isAppInstalled': { command: 'isAppInstalled', params: { required: ['appId'] } },
    'mobile: removeApp': { command: 'removeApp', params: { required: ['appId'] } },
    'mobile: getCurrentPackage': { command: 'getCurrentPackage' },
    'mobile: getCurrentActivity': { command: 'getCurrentActivity' },
    'mobile: pressKey': { command: 'mobilePressKey', params: { required: ['keycode'], optional: ['metastate', 'flags', 'isLongPress'] } },
    'mobile: clickGesture': { command: 'mobileClickGesture', params: { optional: ['elementId', 'x', 'y'] } },
    'mobile: longClickGesture': { command: 'mobileLongClickGesture', params: { optional: ['elementId', 'x', 'y', 'duration'] } },
    'mobile: swipeGesture': { command: 'mobileSwipeGesture', params: { required: ['direction'], optional: ['elementId', 'left', 'top', 'width', 'height', 'percent', 'speed'] } },
    'mobile: scrollGesture': { command: 'mobileScrollGesture', params: { required: ['direction'], optional: ['elementId', 'left', 'top', 'width', 'height', 'percent', 'speed'] } },
    'mobile: replaceElementValue': { command: 'mobileReplaceElementValue', params: { required: ['elementId', 'text'] } },
    'mobile: hideKeyboard': { command: 'hideKeyboard' },
    'mobile: openNotifications': { command: 'openNotifications' },
    'mobile: isKeyboardShown': { command: 'isKeyboardShown' },
    // twin-only: the oracle and the test hooks (no real device has these)
    'mobile: twinOracle': { command: 'twinOracle', params: { optional: ['clear'] } },
    'mobile: twinState': { command: 'twinState' },
    'mobile: twinInject': { command: 'twinInject', params: { required: ['item'] } },
    'mobile: twinReset': { command: 'twinReset' },
    'mobile: twinScreen': { command: 'twinScreen' },
    'mobile: twinHttp': { command: 'twinHttp', params: { required: ['url'], optional: ['method', 'headers', 'body'] } },
    'mobile: twinTool': { command: 'twinTool', params: { required: ['name'], optional: ['arguments'] } },
  });

  constructor(opts = {}, shouldValidateCaps = true) {
    super(opts, shouldValidateCaps);
    this.locatorStrategies = ['id', 'accessibility id', 'xpath', 'class name', '-android uiautomator'];
    this.desiredCapConstraints = CONSTRAINTS;
    /** @type {Map<string, {screenKey: string, path: string, cls: string, rid: string}>} */
    this.elements = new Map();
    this.elementSerial = 0;
    /** @type {import('./device/device.js').TwinDevice | undefined} */
    this.device = undefined;
  }

  async createSession(...args) {
    const [sessionId, caps] = await super.createSession(...args);
    const udid = this.opts.udid || 'emulator-5554';
    if (/^(missing|offline)-/.test(udid)) {
      await super.deleteSession(sessionId);
      throw new errors.SessionNotCreatedError(`Device ${udid} was not in the list of connected devices`);
    }
    this.device = deviceFor(udid);
    if (this.opts.twinReset) this.device.reset();
    if (this.opts.appPackage) this.device.launch(this.opts.appPackage);
    this.log.info(`Device twin ${udid} ready (foreground ${this.device.fg})`);
    return [sessionId, { ...caps, udid, deviceUDID: udid, deviceName: this.opts.deviceName ?? 'Pixel 8 (twin)', platformVersion: '15', deviceModel: 'Pixel 8', deviceManufacturer: 'Google' }];
  }

  async deleteSession(sessionId) {
    this.elements.clear();
    await super.deleteSession(sessionId);
  }

  get dev() {
    if (!this.device) throw new errors.NoSuchDriverError('No device twin for this session');
    return this.device;
  }

  // ---- elements -------------------------------------------------------------------------

  wrap(n, snap) {
    if (this.elements.size > 20000) this.elements.clear();
    const id = `00000000-0000-0000-${String(++this.elementSerial).padStart(4, '0').slice(-4)}-${String(this.elementSerial).padStart(12, '0')}`;
    this.elements.set(id, { screenKey: snap.screenKey, path: n.path, cls: n.cls, rid: n.id ?? '' });
    return util.wrapElement(id);
  }

  resolve(elementId, snap = this.dev.snapshot()) {
    const ref = this.elements.get(elementId);
    if (!ref) throw new errors.NoSuchElementError(`Element ${elementId} is unknown`);
    const n = ref.screenKey === snap.screenKey ? snap.nodes.find((x) => x.path === ref.path) : undefined;
    if (!n || n.cls !== ref.cls || (n.id ?? '') !== ref.rid) {
      throw new errors.StaleElementReferenceError(`The element '${elementId}' does not exist in DOM anymore (the screen changed)`);
    }
    return n;
  }

  async findElOrEls(strategy, selector, mult, context) {
    const snap = this.dev.snapshot();
    const scope = context ? flatten(this.resolve(context, snap)).slice(1) : snap.nodes;
    let found;
    switch (strategy) {
      case 'id': {
        const full = selector.includes(':id/') ? selector : `${snap.pkg}:id/${selector}`;
        found = scope.filter((n) => n.id === full || n.id === selector);
        break;
      }
      case 'accessibility id':
        found = scope.filter((n) => n.desc === selector);
        break;
      case 'class name':
        found = scope.filter((n) => n.cls === selector);
        break;
      case 'xpath':
        try {
          const inScope = new Set(scope);
          found = evaluateXPath(selector, snap.hierarchy, context ? this.resolve(context, snap) : snap.hierarchy).filter((n) => n.cls !== 'hierarchy' && inScope.has(n));
        } catch (e) {
          if (e instanceof XPathError) throw new errors.InvalidSelectorError(`Invalid XPath '${selector}': ${e.message}`);
          throw e;
        }
        break;
      case '-android uiautomator':
        found = scope.filter(uiSelector(selector));
        break;
      default:
        throw new errors.InvalidSelectorError(`Locator strategy '${strategy}' is not supported`);
    }
    if (mult) return found.map((n) => this.wrap(n, snap));
    if (found.length === 0) throw new errors.NoSuchElementError(`An element could not be located on the page using the given search parameters ('${strategy}': '${selector}')`);
    return this.wrap(found[0], snap);
  }

  async getPageSource() {
    return this.dev.snapshot().xml;
  }

  async click(elementId) {
    this.activate(this.resolve(elementId), 'click');
  }

  async setValue(value, elementId) {
    const n = this.resolve(elementId);
    const textValue = Array.isArray(value) ? value.join('') : String(value);
    this.typeInto(n, textValue);
  }

  async clear(elementId) {
    const n = this.resolve(elementId);
    if (!n.editable) throw new errors.InvalidElementStateError(`Element of class ${n.cls} is not editable`);
    n.onInput?.('');
  }

  async getText(elementId) {
    return attributes(this.resolve(elementId)).text;
  }

  async getName(elementId) {
    return this.resolve(elementId).cls;
  }

  async getAttribute(name, elementId) {
    const attrs = attributes(this.resolve(elementId));
    const alias = { contentDescription: 'content-desc', 'content-description': 'content-desc', resourceId: 'resource-id', className: 'class', name: 'content-desc', longClickable: 'long-clickable' };
    const v = attrs[alias[name] ?? name];
    return v === undefined ? null : v;
  }

  async getProperty(name, elementId) {
    return this.getAttribute(name, elementId);
  }

  async getElementRect(elementId) {
    const [x1, y1, x2, y2] = this.resolve(elementId).bounds;
    return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  }

  async elementDisplayed(elementId) {
    this.resolve(elementId);
    return true;
  }

  async elementEnabled(elementId) {
    return this.resolve(elementId).enabled !== false;
  }

  async elementSelected(elementId) {
    const n = this.resolve(elementId);
    return !!(n.selected || n.checked);
  }

  async getElementScreenshot(elementId) {
    this.resolve(elementId);
    return renderPng(this.dev.snapshot().root).toString('base64');
  }

  async active() {
    const snap = this.dev.snapshot();
    const focus = this.dev.focus;
    const n = focus && focus.screenKey === snap.screenKey ? snap.nodes.find((x) => x.path === focus.path) : undefined;
    if (!n) throw new errors.NoSuchElementError('No element is focused');
    return this.wrap(n, snap);
  }

  // ---- interaction ----------------------------------------------------------------------

  /** Taps (or long-presses) a node the way the platform would. */
  activate(n, kind) {
    if (n.enabled === false) return;
    const snap = this.dev.snapshot();
    if (n.editable) this.dev.focus = { screenKey: snap.screenKey, path: n.path };
    if (kind === 'long' && n.onLongClick) n.onLongClick();
    else if (n.onClick) n.onClick();
    else if (!n.editable) {
      // like UiAutomator2: a click is a tap at the element's centre, which the platform
      // dispatches to the clickable view underneath (a row around a label)
      const [x1, y1, x2, y2] = n.bounds;
      const target = hitTest(snap.root, Math.round((x1 + x2) / 2), Math.round((y1 + y2) / 2), kind === 'long' ? 'long' : 'click');
      if (target && target !== n) this.activate(target, kind);
    }
  }

  typeInto(n, value) {
    if (!n.editable) throw new errors.InvalidElementStateError(`Cannot set the element to '${value}'. Did you interact with the correct element? (class ${n.cls} is not editable)`);
    const snap = this.dev.snapshot();
    this.dev.focus = { screenKey: snap.screenKey, path: n.path };
    const enter = value.endsWith('\n');
    n.onInput?.(enter ? value.slice(0, -1) : value);
    if (enter) this.pressKey('ENTER');
  }

  tapAt(x, y, kind = 'click') {
    const snap = this.dev.snapshot();
    const n = hitTest(snap.root, x, y, kind === 'long' ? 'long' : 'click');
    if (n) this.activate(n, kind);
    return !!n;
  }

  /** A swipe from (x1,y1) to (x2,y2): scrolls the scrollable container under the start point. */
  swipe(x1, y1, x2, y2) {
    const snap = this.dev.snapshot();
    const dx = x2 - x1;
    const dy = y2 - y1;
    if (Math.abs(dy) < Math.abs(dx)) return false;
    // a pull down from the status bar opens the notification shade
    if (y1 < STATUS_H && dy > 0) {
      this.dev.openShade();
      return true;
    }
    const scroller = [...snap.nodes].reverse().find((n) => n.onScroll && x1 >= n.bounds[0] && x1 < n.bounds[2] && y1 >= n.bounds[1] && y1 < n.bounds[3]) ?? snap.nodes.find((n) => n.onScroll);
    return scroller ? scroller.onScroll(dy < 0 ? 'up' : 'down') : false;
  }

  pressKey(name) {
    const dev = this.dev;
    switch (name) {
      case 'BACK':
      case 'ESCAPE':
        dev.pop();
        return;
      case 'HOME':
      case 'APP_SWITCH':
        dev.home();
        return;
      case 'NOTIFICATION':
        dev.openShade();
        return;
      case 'DEL': {
        const n = this.focusedNode();
        if (n) n.onInput?.((n.text ?? '').slice(0, -1));
        return;
      }
      default: {
        if (dev.fg === LAUNCHER || dev.shade) return;
        dev.app()?.onKey?.(dev, dev.top, name);
      }
    }
  }

  focusedNode() {
    const snap = this.dev.snapshot();
    const f = this.dev.focus;
    return f && f.screenKey === snap.screenKey ? snap.nodes.find((x) => x.path === f.path && x.editable) : undefined;
  }

  async back() {
    this.pressKey('BACK');
  }

  async pressKeyCode(keycode) {
    this.pressKey(KEYCODES[Number(keycode)] ?? `KEYCODE_${keycode}`);
  }

  async mobilePressKey(keycode) {
    return this.pressKeyCode(keycode);
  }

  async performActions(actions) {
    for (const source of actions ?? []) {
      if (source.type === 'key') {
        for (const a of source.actions ?? []) if (a.type === 'keyDown') this.typeKey(a.value);
        continue;
      }
      if (source.type !== 'pointer') continue;
      let x = 0;
      let y = 0;
      let down = null;
      let elapsed = 0;
      for (const a of source.actions ?? []) {
        if (a.type === 'pause') elapsed += Number(a.duration ?? 0);
        else if (a.type === 'pointerMove') {
          elapsed += Number(a.duration ?? 0);
          const origin = a.origin;
          if (origin && typeof origin === 'object') {
            const elId = util.unwrapElement(origin);
            const [x1, y1, x2, y2] = this.resolve(elId).bounds;
            x = Math.round((x1 + x2) / 2) + Number(a.x ?? 0);
            y = Math.round((y1 + y2) / 2) + Number(a.y ?? 0);
          } else if (origin === 'pointer') {
            x += Number(a.x ?? 0);
            y += Number(a.y ?? 0);
          } else {
            x = Number(a.x ?? 0);
            y = Number(a.y ?? 0);
          }
        } else if (a.type === 'pointerDown') {
          down = { x, y, t: elapsed };
        } else if (a.type === 'pointerUp' && down) {
          const moved = Math.hypot(x - down.x, y - down.y);
          if (moved <= TAP_SLOP) this.tapAt(down.x, down.y, elapsed - down.t >= LONG_PRESS_MS ? 'long' : 'click');
          else this.swipe(down.x, down.y, x, y);
          down = null;
        }
      }
    }
  }

  typeKey(value) {
    const special = W3C_KEYS[value];
    if (special) return this.pressKey(special);
    const n = this.focusedNode();
    if (n) n.onInput?.(`${n.text ?? ''}${value}`);
  }

  async releaseActions() {}

  async getWindowRect() {
    return { x: 0, y: 0, width: 1080, height: 2400 };
  }

  async getScreenshot() {
    return renderPng(this.dev.snapshot().root).toString('base64');
  }

  async getOrientation() {
    return 'PORTRAIT';
  }

  async getDeviceTime() {
    return new Date().toISOString();
  }

  async hideKeyboard() {
    return true;
  }

  async isKeyboardShown() {
    return !!this.focusedNode();
  }

  // ---- apps -----------------------------------------------------------------------------

  async getCurrentPackage() {
    return this.dev.shade ? 'com.android.systemui' : this.dev.fg;
  }

  async openNotifications() {
    this.dev.openShade();
  }

  async getCurrentActivity() {
    return this.dev.fg === LAUNCHER ? '.NexusLauncherActivity' : `${this.dev.fg}.MainActivity`;
  }

  async activateApp(appId) {
    try {
      this.dev.launch(appId);
    } catch (e) {
      throw new errors.InvalidArgumentError(e.message);
    }
  }

  async terminateApp(appId) {
    const running = this.dev.stacks.has(appId) || this.dev.fg === appId;
    this.dev.stacks.delete(appId);
    if (this.dev.fg === appId) this.dev.home();
    return running;
  }

  async queryAppState(appId) {
    const d = this.dev;
    if (!d.state.installed.includes(appId) && appId !== LAUNCHER) return 0;
    if (d.fg === appId) return 4;
    return d.stacks.has(appId) ? 3 : 1;
  }

  async isAppInstalled(appId) {
    return this.dev.state.installed.includes(appId);
  }

  async removeApp(appId) {
    return (await import('./apps/settings.js')).uninstall(this.dev, appId, 'adb');
  }

  // ---- mobile: gestures -----------------------------------------------------------------

  pointOf(elementId, x, y) {
    if (elementId) {
      const [x1, y1, x2, y2] = this.resolve(elementId).bounds;
      return [Math.round((x1 + x2) / 2), Math.round((y1 + y2) / 2)];
    }
    if (x === undefined || y === undefined) throw new errors.InvalidArgumentError('Provide elementId or x and y');
    return [Number(x), Number(y)];
  }

  async mobileClickGesture(elementId, x, y) {
    if (elementId) return this.activate(this.resolve(elementId), 'click');
    this.tapAt(...this.pointOf(undefined, x, y));
  }

  async mobileLongClickGesture(elementId, x, y) {
    if (elementId) return this.activate(this.resolve(elementId), 'long');
    this.tapAt(...this.pointOf(undefined, x, y), 'long');
  }

  area(elementId, left, top, width, height) {
    if (elementId) return this.resolve(elementId).bounds;
    if ([left, top, width, height].some((v) => v === undefined)) return [0, 300, 1080, 2100];
    return [Number(left), Number(top), Number(left) + Number(width), Number(top) + Number(height)];
  }

  /** swipe direction = finger direction (up reveals content below). */
  async mobileSwipeGesture(direction, elementId, left, top, width, height) {
    const [x1, y1, x2, y2] = this.area(elementId, left, top, width, height);
    const cx = Math.round((x1 + x2) / 2);
    if (direction === 'up') return this.swipe(cx, y2 - 10, cx, y1 + 10);
    if (direction === 'down') return this.swipe(cx, y1 + 10, cx, y2 - 10);
    return false;
  }

  /** scroll direction = content direction (down reveals content below); returns canScrollMore. */
  async mobileScrollGesture(direction, elementId, left, top, width, height) {
    return this.mobileSwipeGesture(direction === 'down' ? 'up' : direction === 'up' ? 'down' : direction, elementId, left, top, width, height);
  }

  async mobileReplaceElementValue(elementId, textValue) {
    this.typeInto(this.resolve(elementId), String(textValue));
  }

  // ---- mobile: shell --------------------------------------------------------------------

  async mobileShell(command, args = [], _timeout, includeStderr) {
    this.assertFeatureEnabled('adb_shell');
    const r = runShell(this.dev, String(command), (Array.isArray(args) ? args : [args]).map(String), this.uiHooks());
    if (includeStderr) return { stdout: r.stdout, stderr: r.stderr };
    if (r.code !== 0) throw new errors.UnknownError(`Cannot execute the '${command}' shell command. Original error: ${r.stderr || `exit code ${r.code}`}`);
    return r.stdout;
  }

  uiHooks() {
    return { pressKey: (k) => this.pressKey(k), tap: (x, y) => this.tapAt(x, y), typeText: (t) => this.typeKey(t) };
  }

  // ---- twin-only oracle and test hooks --------------------------------------------------

  async twinOracle(clear) {
    const o = structuredClone(this.dev.oracle);
    if (clear) this.dev.oracle = structuredClone((await import('./device/seed.js')).emptyOracle());
    return o;
  }

  async twinState() {
    const { pages: _pages, ...rest } = this.dev.state;
    return structuredClone({ ...rest, foreground: this.dev.fg });
  }

  async twinInject(item) {
    return this.dev.inject(item);
  }

  async twinReset() {
    this.dev.reset();
    this.elements.clear();
    return true;
  }

  async twinScreen() {
    const snap = this.dev.snapshot();
    return { version: snap.version, package: snap.pkg, screenKey: snap.screenKey };
  }

  async twinHttp(url, method, headers, body) {
    return sandboxHttp(this.dev, { url, method, headers, body });
  }

  async twinTool(name, args) {
    return sandboxTool(this.dev, { name, arguments: args ?? {} }, this.uiHooks());
  }

  // ---- execute --------------------------------------------------------------------------

  async execute(script, args) {
    const m = /^\s*mobile:\s*(.+)$/.exec(String(script));
    if (!m) throw new errors.NotImplementedError('The device twin has no web context; only `mobile:` extensions can be executed');
    return await this.executeMethod(`mobile: ${m[1].trim()}`, Array.isArray(args) ? args : [args]);
  }
}

/** `new UiSelector().text("x").resourceId("y")` → a node predicate. */
function uiSelector(selector) {
  const checks = [];
  const re = /\.(\w+)\(\s*(?:"((?:[^"\\]|\\.)*)"|(true|false|\d+))\s*\)/g;
  let m;
  while ((m = re.exec(selector))) {
    const [, method, str, lit] = m;
    const v = str ?? lit;
    switch (method) {
      case 'text':
        checks.push((n) => (n.text ?? '') === v);
        break;
      case 'textContains':
        checks.push((n) => (n.text ?? '').includes(v));
        break;
      case 'textStartsWith':
        checks.push((n) => (n.text ?? '').startsWith(v));
        break;
      case 'resourceId':
        checks.push((n) => n.id === v);
        break;
      case 'description':
        checks.push((n) => n.desc === v);
        break;
      case 'descriptionContains':
        checks.push((n) => (n.desc ?? '').includes(v));
        break;
      case 'className':
        checks.push((n) => n.cls === v);
        break;
      case 'clickable':
        checks.push((n) => !!n.clickable === (v === 'true'));
        break;
      default:
        break;
    }
  }
  if (checks.length === 0) throw new errors.InvalidSelectorError(`Unsupported UiSelector '${selector}'`);
  return (n) => checks.every((c) => c(n));
}
