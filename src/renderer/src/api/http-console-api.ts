// ConsoleApi for a browser: each call is POST /v1/operator/<channel> with the bearer token, and
// every reply is checked against the channel's response schema before the console uses it.
import { parseIpcResponse } from '../../../shared/ipc';
import { ConsoleError, consoleApiOver, type ConsoleApi, type Invoke } from '../../../shared/console-api';
import { liveSocket } from './live-socket';

export function httpConsoleApi(base: URL, token: string, onUnauthorized?: () => void): ConsoleApi {
  const invoke: Invoke = async (channel, request) => {
    let res: Response;
    try {
      res = await fetch(new URL(`/v1/operator/${channel}`, base), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
    } catch (error) {
      throw new ConsoleError('unavailable', `the control plane is not reachable: ${(error as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (!res.ok) {
      if (res.status === 401) onUnauthorized?.();
      throw new ConsoleError(body?.error?.code ?? `http_${res.status}`, body?.error?.message ?? `HTTP ${res.status}`);
    }
    const parsed = parseIpcResponse(channel, body);
    if (!parsed.ok) throw new ConsoleError(parsed.error.code, parsed.error.message);
    return parsed.value;
  };
  return consoleApiOver('http', invoke, liveSocket(base, token));
}
