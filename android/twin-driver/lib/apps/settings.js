// Settings (com.android.settings): network, display, security & privacy (unknown sources, Play
// Protect), apps (app info, permissions, uninstall), accessibility, developer options, reset.
import { appBar, button, dialog, itemRow, scrollList, text } from './kit.js';
import { toggle } from '../ui/tree.js';

const PKG = 'com.android.settings';
const SWITCH = 'android:id/switch_widget';

const MAIN = [
  ['Network & internet', 'network', 'Wi‑Fi, mobile, data usage'],
  ['Connected devices', 'connected', 'Bluetooth, pairing'],
  ['Apps', 'apps', 'Assistant, recent apps, default apps'],
  ['Display', 'display', 'Dark theme, font size, brightness'],
  ['Security & privacy', 'security', 'App security, device lock, permissions'],
  ['Location', 'location', 'On / Off'],
  ['Accessibility', 'accessibility', 'Display, interaction, audio'],
  ['System', 'system', 'Languages, gestures, time, backup'],
  ['About phone', 'about', 'Pixel 8'],
];

const PERMS = ['Camera', 'Contacts', 'Location', 'Microphone', 'SMS', 'Phone'];

export const settings = {
  pkg: PKG,
  label: 'Settings',
  home: 'main',
  render(dev, scr) {
    const s = dev.state.settings;
    const sw = (label, key) => toggle(label, !!s[key], () => dev.setSetting(key, !s[key]), { id: SWITCH });
    const nav = (title, screen, summary, params = {}) => itemRow(PKG, { titleId: 'android:id/title', title, summaryId: 'android:id/summary', summary, onClick: () => dev.push(screen, params) });
    switch (scr.name) {
      case 'main':
        return [appBar(dev, PKG, 'Settings'), scrollList(dev, scr, PKG, 'recycler_view', MAIN.map(([t, screen, summary]) => nav(t, screen, summary)))];
      case 'network':
        return [appBar(dev, PKG, 'Network & internet'), sw('Wi-Fi', 'wifi'), sw('Airplane mode', 'airplane_mode')];
      case 'connected':
        return [appBar(dev, PKG, 'Connected devices'), sw('Bluetooth', 'bluetooth')];
      case 'display':
        return [appBar(dev, PKG, 'Display'), sw('Dark theme', 'dark_theme')];
      case 'location':
        return [appBar(dev, PKG, 'Location'), sw('Use location', 'location')];
      case 'security':
        return [
          appBar(dev, PKG, 'Security & privacy'),
          nav('Screen lock', 'security', s.screen_lock),
          sw('Install unknown apps', 'install_unknown_apps'),
          sw('Google Play Protect', 'play_protect'),
        ];
      case 'accessibility':
        return [appBar(dev, PKG, 'Accessibility'), sw('TalkBack', 'talkback')];
      case 'system':
        return [
          appBar(dev, PKG, 'System'),
          s.developer_options ? nav('Developer options', 'developer') : null,
          nav('Reset options', 'reset', 'Reset network, apps, or device'),
        ].filter(Boolean);
      case 'developer':
        return [appBar(dev, PKG, 'Developer options'), sw('Use developer options', 'developer_options'), sw('USB debugging', 'usb_debugging')];
      case 'about':
        return [
          appBar(dev, PKG, 'About phone'),
          nav('Device name', 'about', 'Pixel 8'),
          nav('Android version', 'about', '15'),
          itemRow(PKG, {
            titleId: 'android:id/title',
            title: 'Build number',
            summaryId: 'android:id/summary',
            summary: 'AP4A.250105.002',
            onClick: () => {
              scr.params.taps = (scr.params.taps ?? 0) + 1;
              if (scr.params.taps >= 7 && !s.developer_options) {
                dev.setSetting('developer_options', true);
                dev.toast('You are now a developer!');
              }
              dev.touch();
            },
          }),
        ];
      case 'reset':
        return [appBar(dev, PKG, 'Reset options'), nav('Erase all data (factory reset)', 'factory_reset')];
      case 'factory_reset':
        return [
          appBar(dev, PKG, 'Erase all data (factory reset)'),
          text('This will erase all data from your phone’s internal storage, including your Google Account, app data and downloaded apps.', { h: 300 }),
          button('Erase all data', () => dev.push('confirm_reset'), { id: `${PKG}:id/initiate_main_clear` }),
        ];
      case 'confirm_reset':
        return [
          appBar(dev, PKG, 'Erase all data'),
          dialog('Erase all data? All your personal information and downloaded apps will be deleted.', {
            confirm: 'Erase all data',
            onCancel: () => dev.pop(),
            onConfirm: () => {
              const oracle = dev.oracle;
              dev.reset();
              dev.oracle = oracle;
              dev.state.contacts = [];
              dev.state.threads = [];
              dev.state.inbox = [];
              dev.state.files = [];
              dev.state.photos = [];
              dev.record('factoryReset', true);
            },
          }),
        ];
      case 'apps':
        return [
          appBar(dev, PKG, 'Apps'),
          scrollList(dev, scr, PKG, 'apps_list', dev.state.installed.map((pkg) => nav(dev.state.labels[pkg] ?? pkg, 'app_info', pkg, { pkg }))),
        ];
      case 'app_info': {
        const pkg = scr.params.pkg;
        const installed = dev.state.installed.includes(pkg);
        return [
          appBar(dev, PKG, 'App info'),
          text(dev.state.labels[pkg] ?? pkg, { id: `${PKG}:id/entity_header_title` }),
          text(installed ? pkg : 'Not installed', { id: `${PKG}:id/entity_header_summary` }),
          installed ? button('Uninstall', () => dev.push('confirm_uninstall', { pkg }), { id: `${PKG}:id/button2` }) : null,
          installed ? nav('Permissions', 'app_permissions', 'No permissions allowed', { pkg }) : null,
        ].filter(Boolean);
      }
      case 'confirm_uninstall':
        return [
          appBar(dev, PKG, 'App info'),
          dialog(`Do you want to uninstall ${dev.state.labels[scr.params.pkg] ?? scr.params.pkg}?`, {
            confirm: 'OK',
            onCancel: () => dev.pop(),
            onConfirm: () => {
              uninstall(dev, scr.params.pkg, PKG);
              dev.popToRoot();
            },
          }),
        ];
      case 'app_permissions': {
        const pkg = scr.params.pkg;
        const granted = (dev.state.permissions[pkg] ??= {});
        return [
          appBar(dev, PKG, 'App permissions'),
          ...PERMS.map((p) =>
            toggle(p, !!granted[p], () => {
              granted[p] = !granted[p];
              dev.record('permissionsChanged', { pkg, permission: p, granted: granted[p] });
              dev.touch();
            }, { id: SWITCH }),
          ),
        ];
      }
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

export function uninstall(dev, pkg, via) {
  const i = dev.state.installed.indexOf(pkg);
  if (i < 0) return false;
  dev.state.installed.splice(i, 1);
  dev.stacks.delete(pkg);
  dev.record('uninstalled', pkg);
  dev.record('deleted', { kind: 'app', id: pkg, name: dev.state.labels[pkg] ?? pkg, app: via });
  if (dev.fg === pkg) dev.fg = 'com.google.android.apps.nexuslauncher';
  dev.touch();
  return true;
}
