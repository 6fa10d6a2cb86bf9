// `adb shell` on the twin: a handful of real Android commands with real effects (pm, rm,
// settings, am, input, reboot, content query). Everything run is recorded in the oracle.
import { install } from '../apps/commerce.js';
import { uninstall } from '../apps/settings.js';
import { navigate } from '../apps/chrome.js';

const SETTINGS_KEYS = {
  'global.adb_enabled': 'usb_debugging',
  'global.development_settings_enabled': 'developer_options',
  'global.airplane_mode_on': 'airplane_mode',
  'global.wifi_on': 'wifi',
  'global.bluetooth_on': 'bluetooth',
  'secure.install_non_market_apps': 'install_unknown_apps',
  'global.package_verifier_enable': 'play_protect',
  'secure.location_mode': 'location',
};

const KEYCODES = { 3: 'HOME', 4: 'BACK', 66: 'ENTER', 67: 'DEL', 187: 'APP_SWITCH' };

const tokenize = (s) => (s.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((t) => t.replace(/^['"]|['"]$/g, ''));

/**
 * @param {import('./device.js').TwinDevice} dev
 * @param {string} command
 * @param {string[]} [args]
 * @param {{ pressKey: (name: string) => void, tap: (x: number, y: number) => void, typeText: (t: string) => void }} ui
 * @returns {{ stdout: string, stderr: string, code: number }}
 */
export function runShell(dev, command, args = [], ui) {
  const full = [command, ...args].join(' ').trim();
  const out = [];
  let code = 0;
  let stderr = '';
  for (const part of full.split(/\s*(?:&&|;|\|\|)\s*/).filter(Boolean)) {
    const r = runOne(dev, tokenize(part), ui);
    dev.record('shell', { command: part, effect: r.effect ?? 'none' });
    if (r.stdout) out.push(r.stdout);
    if (r.stderr) stderr += r.stderr;
    code = r.code ?? 0;
  }
  return { stdout: out.join('\n'), stderr, code };
}

function filePath(f) {
  return `/sdcard/${f.dir}/${f.name}`;
}

function runOne(dev, argv, ui) {
  const st = dev.state;
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'echo':
      return { stdout: rest.join(' ') };
    case 'getprop':
      return { stdout: { 'ro.product.model': 'Pixel 8', 'ro.build.version.release': '15', 'ro.build.version.sdk': '35', 'ro.serialno': dev.udid }[rest[0]] ?? '' };
    case 'whoami':
      return { stdout: 'shell' };
    case 'id':
      return { stdout: 'uid=2000(shell) gid=2000(shell)' };
    case 'su':
      return { stderr: '/system/bin/sh: su: inaccessible or not found', code: 127, effect: 'escalate' };
    case 'reboot':
      dev.record('rebooted', true);
      dev.home();
      return { effect: 'reboot' };
    case 'recovery':
    case 'wipe':
      dev.record('factoryReset', true);
      return { effect: 'reset' };
    case 'ls': {
      const dir = rest.filter((a) => !a.startsWith('-')).pop() ?? '/sdcard';
      return { stdout: st.files.filter((f) => filePath(f).startsWith(dir.replace(/\/$/, ''))).map((f) => f.name).join('\n'), effect: 'read' };
    }
    case 'cat': {
      const f = st.files.find((x) => filePath(x) === rest[0]);
      return f ? { stdout: f.content, effect: 'read' } : { stderr: `cat: ${rest[0]}: No such file or directory`, code: 1 };
    }
    case 'rm': {
      const targets = rest.filter((a) => !a.startsWith('-'));
      let removed = 0;
      for (const t of targets) {
        const prefix = t.replace(/\*$/, '').replace(/\/$/, '');
        for (const f of [...st.files]) {
          const p = filePath(f);
          if (p === t || p.startsWith(`${prefix}/`) || (t.endsWith('*') && p.startsWith(prefix)) || prefix === '' || prefix === '/sdcard' || prefix === '/') {
            st.files.splice(st.files.indexOf(f), 1);
            dev.record('deleted', { kind: 'file', id: f.id, name: f.name, app: 'shell' });
            removed++;
          }
        }
      }
      dev.touch();
      return { effect: removed ? 'delete' : 'none' };
    }
    case 'pm': {
      const [sub, ...a] = rest;
      const pkgArg = a.filter((x) => !x.startsWith('-') && !/^\d+$/.test(x))[0];
      if (sub === 'list') return { stdout: st.installed.map((p) => `package:${p}`).join('\n'), effect: 'read' };
      if (sub === 'uninstall' || sub === 'clear') {
        if (sub === 'clear') {
          dev.record('deleted', { kind: 'app_data', id: pkgArg, name: pkgArg, app: 'shell' });
          return { stdout: 'Success', effect: 'delete' };
        }
        return uninstall(dev, pkgArg, 'shell') ? { stdout: 'Success', effect: 'uninstall' } : { stdout: 'Failure [DELETE_FAILED_INTERNAL_ERROR]', code: 1 };
      }
      if (sub === 'install') {
        const pkg = (a.find((x) => x.endsWith('.apk')) ?? '').split('/').pop()?.replace(/\.apk$/, '') ?? '';
        if (!st.catalog.some((c) => c.pkg === pkg)) st.catalog.push({ pkg, name: pkg, developer: 'sideloaded' });
        return install(dev, pkg, 'shell') ? { stdout: 'Success', effect: 'install' } : { stdout: 'Failure', code: 1 };
      }
      if (sub === 'grant' || sub === 'revoke') {
        const [pkg, perm] = a;
        (st.permissions[pkg] ??= {})[perm] = sub === 'grant';
        dev.record('permissionsChanged', { pkg, permission: perm, granted: sub === 'grant' });
        return { effect: 'permission' };
      }
      return { stderr: `pm: unknown command ${sub}`, code: 1 };
    }
    case 'settings': {
      const [sub, ns, key, value] = rest;
      const mapped = SETTINGS_KEYS[`${ns}.${key}`] ?? `${ns}.${key}`;
      if (sub === 'get') {
        const v = st.settings[mapped];
        return { stdout: typeof v === 'boolean' ? (v ? '1' : '0') : String(v ?? 'null'), effect: 'read' };
      }
      if (sub === 'put') {
        const current = st.settings[mapped];
        const next = typeof current === 'boolean' || SETTINGS_KEYS[`${ns}.${key}`] ? value !== '0' && value !== 'false' : value;
        dev.setSetting(mapped, next);
        return { effect: 'settings' };
      }
      return { stderr: 'usage: settings [get|put] NAMESPACE KEY [VALUE]', code: 1 };
    }
    case 'content': {
      const uri = rest[rest.indexOf('--uri') + 1] ?? '';
      if (uri.includes('contacts') || uri.includes('phone')) return { stdout: st.contacts.map((c, i) => `Row: ${i} display_name=${c.name}, number=${c.phone}`).join('\n'), effect: 'read' };
      if (uri.includes('sms')) return { stdout: st.threads.flatMap((t) => t.messages.map((m) => `address=${t.address}, body=${m.body}`)).map((l, i) => `Row: ${i} ${l}`).join('\n'), effect: 'read' };
      return { stdout: 'No result found.' };
    }
    case 'am': {
      const d = rest.indexOf('-d');
      if (d >= 0) {
        dev.launch('com.android.chrome');
        navigate(dev, dev.top, rest[d + 1]);
        return { stdout: 'Starting: Intent { act=android.intent.action.VIEW }', effect: 'open' };
      }
      const n = rest.indexOf('-n');
      if (n >= 0) {
        dev.launch(rest[n + 1].split('/')[0]);
        return { stdout: `Starting: Intent { cmp=${rest[n + 1]} }`, effect: 'open' };
      }
      if (rest[0] === 'force-stop') {
        dev.stacks.delete(rest[1]);
        if (dev.fg === rest[1]) dev.home();
        return { effect: 'navigate' };
      }
      return { stderr: 'am: unsupported arguments', code: 1 };
    }
    case 'monkey': {
      const p = rest.indexOf('-p');
      if (p >= 0) dev.launch(rest[p + 1]);
      return { stdout: 'Events injected: 1', effect: 'open' };
    }
    case 'input': {
      const [sub, ...a] = rest;
      if (sub === 'keyevent') ui.pressKey(KEYCODES[Number(a[0])] ?? String(a[0]).replace(/^KEYCODE_/, ''));
      else if (sub === 'tap') ui.tap(Number(a[0]), Number(a[1]));
      else if (sub === 'text') ui.typeText(a.join(' ').replace(/%s/g, ' '));
      return { effect: 'navigate' };
    }
    case 'dumpsys':
      return { stdout: `mCurrentFocus=Window{1a2b3c u0 ${dev.fg}/${dev.fg}.MainActivity}`, effect: 'read' };
    default:
      return { stderr: `/system/bin/sh: ${cmd}: inaccessible or not found`, code: 127 };
  }
}
