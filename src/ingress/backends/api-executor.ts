// The control plane as the HTTP client for `api` actions: it executes an allowed call itself,
// so what it records is the observed response, not the agent's claim. Redirects are not
// followed (the gate decided on this URL's host; a redirect elsewhere would bypass it): a 3xx
// is returned as observed.
import type { ApiAction, Observe } from '../../core/protocol/schema';

export interface ApiExecutorOptions {
  timeoutMs?: number;
  /** Largest response body kept, in bytes. Default 1 MiB; larger bodies are truncated. */
  maxBytes?: number;
  fetch?: typeof fetch;
}

export type ApiExecution = { ok: true; status: number; observe: Observe; truncated: boolean } | { ok: false; error: string };

export async function executeApiCall(api: ApiAction, opts: ApiExecutorOptions = {}): Promise<ApiExecution> {
  let url: URL;
  try {
    url = new URL(api.url);
  } catch {
    return { ok: false, error: `not an absolute URL: ${api.url}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: `only http and https are executed (got ${url.protocol})` };
  const method = api.method.toUpperCase();
  const headers: Record<string, string> = { ...(api.headers ?? {}) };
  let body: string | undefined;
  if (api.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    if (typeof api.body === 'string') body = api.body;
    else {
      body = JSON.stringify(api.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
  }
  try {
    const res = await (opts.fetch ?? fetch)(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000) });
    const max = opts.maxBytes ?? 1024 * 1024;
    const { text, truncated } = await readBounded(res, max);
    let parsed: unknown = text;
    if (/json/i.test(res.headers.get('content-type') ?? '') && !truncated) {
      try {
        parsed = JSON.parse(text);
      } catch {}
    }
    return { ok: true, status: res.status, observe: { body: parsed }, truncated };
  } catch (err) {
    return { ok: false, error: `${method} ${url.origin}${url.pathname} failed: ${(err as Error).message}` };
  }
}

async function readBounded(res: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      chunks.push(value.subarray(0, max - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}
