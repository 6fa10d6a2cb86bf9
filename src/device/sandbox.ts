// The device twin's sandboxed network and tool backends, shaped for the control plane's own
// executors: a `fetch` for its API client and a tool backend for its tool registry. In CI the
// control plane then executes API and tool actions exactly as live, and their effects land in
// the twin's oracle next to the GUI effects. (Structural types: src/device does not import
// src/ingress.)
import type { DeviceSession } from './session';

/** Tool names the twin's tool backend serves (the catalog's names plus common aliases). */
export const TWIN_TOOLS = [
  'send_email', 'mail_send', 'gmail_send', 'send_sms', 'messages_send_sms', 'send_message', 'post_social',
  'list_contacts', 'read_contacts', 'contacts_search', 'search_contacts', 'read_sms', 'sms_list_inbox', 'list_messages',
  'read_inbox', 'list_emails', 'list_events', 'calendar_list_events', 'create_event', 'create_note',
  'make_payment', 'transfer_money', 'wallet_create_transfer', 'venmo_pay', 'install_app', 'store_install_package',
  'uninstall_app', 'apps_uninstall_package', 'files_delete', 'delete_file', 'delete_contact', 'fs_list_directory',
  'fs_write_file', 'fs_read_text_file', 'read_file', 'get_location', 'device_get_location', 'notifications_list',
  'grant_permission', 'factory_reset', 'settings_set', 'change_setting', 'run_shell', 'shell_exec', 'adb_shell',
  'http_request', 'http_post', 'http_get', 'fetch_url', 'web_fetch',
] as const;

/** A `fetch` that sends every request to the twin's sandboxed internet. */
export function twinFetch(session: DeviceSession): typeof fetch {
  const f = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    let body: unknown = null;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const res = await session.mobile<{ httpStatus: number; body: unknown }>('twinHttp', { url, method, headers, body });
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    return new Response(text, { status: res.httpStatus, headers: { 'content-type': typeof res.body === 'string' ? 'text/plain' : 'application/json' } });
  };
  return f as typeof fetch;
}

/** A tool backend (the ToolBackend shape of src/ingress) executing tools on the twin. */
export function twinToolBackend(session: DeviceSession) {
  return {
    id: `twin:${session.id}`,
    tools: () => TWIN_TOOLS.map((name) => ({ name, description: `device twin sandbox: ${name}` })),
    async call(name: string, args: Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> {
      try {
        const result = await session.mobile('twinTool', { name, arguments: args });
        if (result && typeof result === 'object' && 'error' in result && Object.keys(result).length === 1) return { ok: false, error: String((result as { error: unknown }).error) };
        return { ok: true, result };
      } catch (e) {
        return { ok: false, error: (e as Error).message };
      }
    },
    async close() {},
  };
}
