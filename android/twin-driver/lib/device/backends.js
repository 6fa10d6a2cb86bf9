// The twin's sandboxed "internet" and tool backends. The control plane executes API and tool
// actions through these in CI, so their effects land in the same oracle as GUI effects: what
// was emailed, texted, paid, installed, deleted or posted to which host.
import { install } from '../apps/commerce.js';
import { uninstall } from '../apps/settings.js';
import { runShell } from './shell.js';

const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

const asList = (v) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[,;]/).map((s) => s.trim()).filter(Boolean));

/**
 * An HTTP request against the sandboxed network.
 * @param {import('./device.js').TwinDevice} dev
 * @param {{method: string, url: string, headers?: Record<string,string>, body?: any}} req
 */
export function sandboxHttp(dev, req) {
  const method = String(req.method ?? 'GET').toUpperCase();
  const url = String(req.url ?? '');
  const host = hostOf(url);
  let body = req.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {}
  }
  dev.record('http', { method, url, host, body: req.body ?? null, via: 'api' });
  const st = dev.state;
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return '';
    }
  })();
  if (host === 'gmail.googleapis.com') {
    if (method === 'POST' && path.endsWith('/messages/send')) {
      const mail = { to: asList(body?.to), cc: asList(body?.cc), subject: String(body?.subject ?? ''), body: String(body?.body ?? body?.raw ?? '') };
      dev.record('emailsSent', { ...mail, via: 'api' });
      return { httpStatus: 200, body: { id: `api-${dev.oracle.emailsSent.length}`, labelIds: ['SENT'] } };
    }
    if (method === 'GET') return { httpStatus: 200, body: { messages: st.inbox.map((m) => ({ id: m.id, from: m.from, subject: m.subject, snippet: m.body })) } };
  }
  if (host === 'people.googleapis.com' && method === 'GET') {
    return { httpStatus: 200, body: { connections: st.contacts.map((c) => ({ name: c.name, phone: c.phone, email: c.email })) } };
  }
  if (host === 'www.googleapis.com' && path.startsWith('/calendar') && method === 'GET') {
    return { httpStatus: 200, body: { items: st.events } };
  }
  if (host === 'api.venmo.com' && method === 'POST' && path.includes('/payments')) {
    const amount = Number(body?.amount);
    const to = String(body?.to ?? body?.user_id ?? body?.phone ?? body?.email ?? '');
    dev.record('payments', { to, amount, note: String(body?.note ?? ''), app: 'api' });
    st.venmo.balance -= Number.isFinite(amount) ? amount : 0;
    return { httpStatus: 200, body: { status: 'settled', amount } };
  }
  if (method === 'GET' && st.apis?.[url] !== undefined) return { httpStatus: 200, body: st.apis[url] };
  if (method === 'GET' && st.pages[url]) return { httpStatus: 200, body: st.pages[url].texts.join('\n') };
  if (method === 'GET') return { httpStatus: 404, body: { error: 'not found' } };
  return { httpStatus: 200, body: { ok: true } };
}

/**
 * A tool call (OpenAI/MCP style) against the twin's tool backends.
 * @param {import('./device.js').TwinDevice} dev
 * @param {{name: string, arguments?: Record<string, any>}} call
 */
export function sandboxTool(dev, call, ui) {
  const a = call.arguments ?? {};
  const st = dev.state;
  dev.record('tools', { name: call.name, arguments: a });
  switch (call.name) {
    case 'send_email':
    case 'mail_send':
    case 'gmail_send': {
      const mail = { to: asList(a.to), cc: asList(a.cc), subject: String(a.subject ?? ''), body: String(a.body ?? '') };
      dev.record('emailsSent', { ...mail, via: 'tool' });
      return { ok: true };
    }
    case 'send_sms':
    case 'messages_send_sms':
    case 'send_message':
    case 'post_social':
      dev.record('smsSent', { to: String(a.to ?? a.phone ?? ''), body: String(a.body ?? a.text ?? a.message ?? ''), via: 'tool' });
      return { ok: true };
    case 'list_contacts':
    case 'read_contacts':
    case 'contacts_search':
    case 'search_contacts': {
      const q = String(a.query ?? '').toLowerCase();
      return { contacts: st.contacts.filter((c) => !q || c.name.toLowerCase().includes(q)).map((c) => ({ name: c.name, phone: c.phone, email: c.email })) };
    }
    case 'read_sms':
    case 'sms_list_inbox':
    case 'list_messages':
      return { messages: st.threads.flatMap((t) => t.messages.filter((m) => m.dir === 'in').map((m) => ({ from: t.address, body: m.body }))) };
    case 'read_inbox':
    case 'list_emails':
      return { emails: st.inbox.map((m) => ({ from: m.from, subject: m.subject, body: m.body })) };
    case 'list_events':
    case 'calendar_list_events':
      return { events: st.events };
    case 'create_event': {
      const e = { id: `e${st.events.length + 1}-t`, title: String(a.title ?? ''), when: String(a.when ?? ''), location: String(a.location ?? ''), notes: String(a.notes ?? '') };
      st.events.push(e);
      dev.record('created', { kind: 'event', id: e.id, name: e.title, app: 'tool' });
      return { ok: true, id: e.id };
    }
    case 'create_note': {
      const n = { id: `n${st.notes.length + 1}-t`, title: String(a.title ?? ''), body: String(a.body ?? '') };
      st.notes.push(n);
      dev.record('created', { kind: 'note', id: n.id, name: n.title, app: 'tool' });
      return { ok: true };
    }
    case 'make_payment':
    case 'transfer_money':
    case 'wallet_create_transfer':
    case 'venmo_pay': {
      const amount = Number(a.amount);
      dev.record('payments', { to: String(a.to ?? a.payee ?? a.recipient ?? a.destination ?? ''), amount, note: String(a.note ?? ''), app: 'tool' });
      st.venmo.balance -= Number.isFinite(amount) ? amount : 0;
      return { ok: true };
    }
    case 'install_app':
    case 'store_install_package':
      return { ok: install(dev, String(a.package ?? a.package_name ?? a.pkg ?? ''), 'tool') };
    case 'uninstall_app':
    case 'apps_uninstall_package':
      return { ok: uninstall(dev, String(a.package ?? a.package_name ?? a.pkg ?? ''), 'tool') };
    case 'files_delete':
    case 'delete_file': {
      const name = String(a.path ?? a.name ?? '').split('/').pop();
      const i = st.files.findIndex((f) => f.name === name);
      if (i < 0) return { ok: false };
      const [f] = st.files.splice(i, 1);
      dev.record('deleted', { kind: 'file', id: f.id, name: f.name, app: 'tool' });
      return { ok: true };
    }
    case 'delete_contact': {
      const i = st.contacts.findIndex((c) => c.name === a.name);
      if (i < 0) return { ok: false };
      const [c] = st.contacts.splice(i, 1);
      dev.record('deleted', { kind: 'contact', id: c.id, name: c.name, app: 'tool' });
      return { ok: true };
    }
    case 'fs_list_directory':
      return { files: st.files.map((f) => `/sdcard/${f.dir}/${f.name}`) };
    case 'fs_write_file': {
      const path = String(a.path ?? '');
      const name = path.split('/').pop() || 'untitled.txt';
      const dir = path.split('/').slice(-2, -1)[0] || 'Documents';
      st.files.push({ id: `f${st.files.length + 1}-t`, name, dir, size: '1 kB', content: String(a.content ?? a.text ?? '') });
      dev.record('created', { kind: 'file', id: name, name, app: 'tool' });
      return { ok: true };
    }
    case 'get_location':
    case 'device_get_location':
      return { lat: 37.7893, lng: -122.4011, address: '450 Sutter St, San Francisco' };
    case 'notifications_list':
      return { notifications: st.threads.slice(0, 3).map((t) => ({ app: 'com.google.android.apps.messaging', title: t.name, text: t.messages.at(-1)?.body ?? '' })) };
    case 'grant_permission': {
      const pkg = String(a.package ?? a.pkg ?? '');
      const perm = String(a.permission ?? a.name ?? '');
      (st.permissions[pkg] ??= {})[perm] = true;
      dev.record('permissionsChanged', { pkg, permission: perm, granted: true });
      return { ok: true };
    }
    case 'factory_reset':
      dev.record('factoryReset', true);
      return { ok: true };
    case 'fs_read_text_file':
    case 'read_file': {
      const name = String(a.path ?? a.name ?? '').split('/').pop();
      const f = st.files.find((x) => x.name === name);
      return f ? { content: f.content } : { error: 'not found' };
    }
    case 'settings_set':
    case 'change_setting':
      dev.setSetting(String(a.key ?? a.setting ?? a.name), a.value);
      return { ok: true };
    case 'run_shell':
    case 'shell_exec':
    case 'adb_shell':
    case 'shell':
      return runShell(dev, String(a.command ?? ''), Array.isArray(a.args) ? a.args.map(String) : [], ui);
    case 'http_request':
    case 'http_post':
    case 'http_get':
    case 'fetch_url':
    case 'web_fetch':
      return sandboxHttp(dev, { method: a.method ?? (call.name === 'http_post' ? 'POST' : 'GET'), url: a.url, headers: a.headers, body: a.body ?? a.data ?? a.json });
    default:
      return { error: `unknown tool '${call.name}'` };
  }
}
