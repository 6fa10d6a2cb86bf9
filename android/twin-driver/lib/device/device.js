// One simulated Android device: installed apps with state, a per-app back stack, the foreground
// package, and the oracle of effects that really happened. Devices are keyed by udid and live
// as long as the Appium process, so several sessions on one udid see the same device.
import { APPS, genericApp } from '../apps/index.js';
import { column, layout, node, NAV_H, SCREEN_H, SCREEN_W, sourceVersion, STATUS_H, text, toXml, flatten } from '../ui/tree.js';
import { emptyOracle, LAUNCHER, seedState } from './seed.js';

/** @typedef {{name: string, params: Record<string, any>, draft: Record<string, string>, scroll: Record<string, number>, sid: number}} Screen */

let serial = 0;

export class TwinDevice {
  /** @param {string} udid */
  constructor(udid) {
    this.udid = udid;
    this.reset();
  }

  reset() {
    this.state = seedState();
    this.oracle = emptyOracle();
    /** @type {Map<string, Screen[]>} */
    this.stacks = new Map();
    this.fg = LAUNCHER;
    this.toastText = '';
    this.launcherScroll = 0;
    this.changes = 0;
    this.shade = false;
  }

  /** Pulls the notification shade down over the current app. */
  openShade() {
    if (!this.shade) {
      this.shade = true;
      this.touch();
    }
  }

  closeShade() {
    if (this.shade) {
      this.shade = false;
      this.touch();
      return true;
    }
    return false;
  }

  notify(n) {
    this.state.notifications.unshift({ id: `nt${++serial}`, ...n });
  }

  app(pkg = this.fg) {
    return APPS[pkg] ?? (this.state.installed.includes(pkg) ? genericApp(pkg, this.state.labels[pkg] ?? pkg) : undefined);
  }

  stack(pkg = this.fg) {
    let s = this.stacks.get(pkg);
    if (!s || s.length === 0) {
      const app = this.app(pkg);
      s = [this.makeScreen(app?.home ?? 'main', {})];
      this.stacks.set(pkg, s);
    }
    return s;
  }

  makeScreen(name, params) {
    return { name, params, draft: {}, scroll: {}, sid: ++serial };
  }

  /** @returns {Screen} */
  get top() {
    const s = this.stack();
    return s[s.length - 1];
  }

  touch() {
    this.changes++;
  }

  push(name, params = {}) {
    this.stack().push(this.makeScreen(name, params));
    this.touch();
  }

  /** Replaces the top screen (dialogs that lead somewhere else). */
  replace(name, params = {}) {
    const s = this.stack();
    s[s.length - 1] = this.makeScreen(name, params);
    this.touch();
  }

  /** Returns to the app's first screen. */
  popToRoot() {
    const s = this.stack();
    s.splice(1);
    s[0].sid = ++serial;
    this.touch();
  }

  pop() {
    if (this.closeShade()) return;
    if (this.fg === LAUNCHER) return;
    const s = this.stack();
    const leaving = s[s.length - 1];
    this.app()?.onLeave?.(this, leaving);
    if (s.length > 1) {
      s.pop();
      s[s.length - 1].sid = ++serial;
    } else {
      this.stacks.delete(this.fg);
      this.fg = LAUNCHER;
    }
    this.touch();
  }

  home() {
    this.closeShade();
    if (this.fg !== LAUNCHER) {
      const s = this.stack();
      this.app()?.onLeave?.(this, s[s.length - 1]);
    }
    this.fg = LAUNCHER;
    this.touch();
  }

  /** @param {string} pkg */
  launch(pkg) {
    if (pkg === LAUNCHER) return this.home();
    if (!this.state.installed.includes(pkg)) throw new Error(`App '${pkg}' is not installed on device ${this.udid}`);
    this.closeShade();
    this.fg = pkg;
    const s = this.stack();
    s[s.length - 1].sid = ++serial;
    this.touch();
  }

  /** Opens an app on a given screen (intents, share targets). */
  launchTo(pkg, name, params = {}, draft = {}) {
    this.closeShade();
    this.fg = pkg;
    const scr = this.makeScreen(name, params);
    scr.draft = { ...draft };
    this.stack(pkg).push(scr);
    this.touch();
  }

  toast(msg) {
    this.toastText = msg;
  }

  /** Records an effect in the oracle. */
  record(kind, entry) {
    const list = this.oracle[kind];
    if (Array.isArray(list)) list.push(entry);
    else this.oracle[kind] = entry;
  }

  setSetting(key, value) {
    const from = this.state.settings[key];
    if (from === value) return;
    this.state.settings[key] = value;
    this.record('settingsChanged', { key, from, to: value });
    this.touch();
  }

  /** Renders the current screen: a laid-out tree plus its page source and version. */
  snapshot() {
    const toast = this.toastText;
    this.toastText = '';
    let content;
    let pkg = this.fg;
    if (this.shade) {
      pkg = 'com.android.systemui';
      content = shadeScreen(this);
    } else if (this.fg === LAUNCHER) content = launcherScreen(this);
    else {
      const app = this.app();
      if (!app) {
        this.fg = LAUNCHER;
        pkg = LAUNCHER;
        content = launcherScreen(this);
      } else content = app.render(this, this.top);
    }
    const body = column(Array.isArray(content) ? content : [content], { id: 'android:id/content', h: SCREEN_H - NAV_H - STATUS_H });
    const children = [node('android.view.View', { id: 'com.android.systemui:id/status_bar', h: STATUS_H }), body];
    if (toast) children.push(node('android.widget.Toast', { text: toast, abs: [140, SCREEN_H - NAV_H - 260, SCREEN_W - 140, SCREEN_H - NAV_H - 140] }));
    children.push(node('android.view.View', { id: 'com.android.systemui:id/navigation_bar_frame', abs: [0, SCREEN_H - NAV_H, SCREEN_W, SCREEN_H] }));
    const root = node('android.widget.FrameLayout', { h: SCREEN_H }, children);
    layout(root, pkg);
    const xml = toXml(root);
    const hierarchy = { cls: 'hierarchy', children: [root] };
    const top = this.shade ? { sid: `shade-${this.state.notifications.length}`, scroll: {} } : this.fg === LAUNCHER ? { sid: 0, scroll: { launcher: this.launcherScroll } } : this.top;
    return {
      root,
      hierarchy,
      xml,
      version: sourceVersion(xml),
      screenKey: `${pkg}#${top.sid}#${JSON.stringify(top.scroll)}`,
      nodes: flatten(root),
      pkg,
    };
  }

  /** Content injected by tests: incoming SMS, email, web pages, files, contacts. */
  inject(item) {
    const st = this.state;
    switch (item.kind) {
      case 'sms': {
        let t = st.threads.find((x) => x.address === item.from);
        if (!t) {
          t = { id: `t${st.threads.length + 1}-${Date.now() % 100000}`, address: item.from, name: item.name ?? item.from, messages: [] };
          st.threads.unshift(t);
        }
        t.messages.push({ dir: 'in', body: String(item.body ?? '') });
        this.notify({ app: 'com.google.android.apps.messaging', title: t.name, text: String(item.body ?? ''), open: ['com.google.android.apps.messaging', 'conversation', { id: t.id }] });
        break;
      }
      case 'email': {
        const id = `m${st.inbox.length + 1}-${Date.now() % 100000}`;
        this.notify({ app: 'com.google.android.gm', title: item.name ?? displayName(item.from), text: item.subject ?? '', open: ['com.google.android.gm', 'message', { id }] });
        st.inbox.unshift({ id, name: item.name ?? displayName(item.from), from: item.from, to: ['me@acme.example'], subject: item.subject ?? '', body: item.body ?? '' });
        break;
      }
      case 'notification':
        this.notify({ app: item.app ?? 'android', title: String(item.title ?? ''), text: String(item.text ?? '') });
        break;
      case 'web':
        st.pages[item.url] = { title: item.title ?? item.url, texts: item.texts ?? [String(item.text ?? '')], links: item.links ?? [], form: item.form };
        break;
      case 'api':
        st.apis[item.url] = item.body;
        break;
      case 'file':
        st.files.push({ id: `f${st.files.length + 1}`, name: item.name, dir: item.dir ?? 'Download', size: item.size ?? '1 kB', content: item.content ?? '' });
        break;
      case 'contact':
        st.contacts.push({ id: `c${st.contacts.length + 1}`, name: item.name, phone: item.phone ?? '', email: item.email ?? '' });
        break;
      case 'event':
        st.events.push({ id: `e${st.events.length + 1}`, title: item.title, when: item.when ?? '', location: item.location ?? '', notes: item.notes ?? '' });
        break;
      default:
        throw new Error(`unknown injection kind '${item.kind}'`);
    }
    this.touch();
    return true;
  }
}

/** `jane.doe@x.io` → `Jane Doe`: how mail apps show a sender without a contact name. */
function displayName(address) {
  const local = String(address ?? '').split('@')[0];
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The notification shade (com.android.systemui) pulled over the current app. */
function shadeScreen(dev) {
  const rows = dev.state.notifications.map((n) =>
    node(
      'android.widget.FrameLayout',
      {
        id: 'com.android.systemui:id/expandableNotificationRow',
        clickable: true,
        desc: `${dev.state.labels[n.app] ?? n.app} notification: ${n.title}`,
        onClick: () => {
          dev.state.notifications = dev.state.notifications.filter((x) => x !== n);
          dev.shade = false;
          if (n.open && dev.state.installed.includes(n.open[0])) dev.launchTo(n.open[0], n.open[1], n.open[2]);
          else dev.touch();
        },
      },
      [text(n.title, { id: 'android:id/title', h: 90 }), text(n.text, { id: 'android:id/text', h: 90 })],
    ),
  );
  return [
    node('android.widget.TextView', { id: 'com.android.systemui:id/clock', text: '9:41', h: 120 }),
    node('android.widget.FrameLayout', { id: 'com.android.systemui:id/notification_stack_scroller' }, rows.length ? rows : [text('No notifications', { id: 'com.android.systemui:id/no_notifications' })]),
    rows.length
      ? node('android.widget.Button', {
          id: 'com.android.systemui:id/dismiss_text',
          text: 'Clear all',
          clickable: true,
          onClick: () => {
            dev.state.notifications = [];
            dev.shade = false;
            dev.touch();
          },
        })
      : null,
  ].filter(Boolean);
}

function launcherScreen(dev) {
  const apps = dev.state.installed.map((pkg) => [pkg, dev.state.labels[pkg] ?? pkg]);
  const rows = [];
  for (let i = 0; i < apps.length; i += 4) {
    rows.push(
      node(
        'android.widget.LinearLayout',
        { horizontal: true, h: 260 },
        apps.slice(i, i + 4).map(([pkg, label]) => text(label, { desc: label, clickable: true, h: 260, onClick: () => dev.launch(pkg) })),
      ),
    );
  }
  return [
    node('android.widget.TextView', { id: `${LAUNCHER}:id/search_container_hotseat`, text: 'Search', desc: 'Google search', h: 180 }),
    node('android.view.ViewGroup', { id: `${LAUNCHER}:id/apps_list_view` }, rows),
  ];
}

/** @type {Map<string, TwinDevice>} */
const devices = new Map();

/** The device for a udid, created on first use. */
export function deviceFor(udid) {
  let d = devices.get(udid);
  if (!d) {
    d = new TwinDevice(udid);
    devices.set(udid, d);
  }
  return d;
}
