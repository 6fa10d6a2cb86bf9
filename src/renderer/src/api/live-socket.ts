// The browser's live stream: the server's /v1/stream WebSocket (token as `access_token`, since a
// browser WebSocket cannot send an Authorization header), reconnecting with backoff.
import { LiveEventSchema } from '../../../shared/ipc';
import type { ConsoleApi, LiveEvent, StreamState } from '../../../shared/console-api';

export function liveSocket(base: URL, token: string): ConsoleApi['subscribe'] {
  return (onEvent: (event: LiveEvent) => void, onState?: (state: StreamState) => void) => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const url = new URL('/v1/stream', base);
    url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('access_token', token);
    const connect = () => {
      onState?.('connecting');
      socket = new WebSocket(url);
      socket.onopen = () => {
        retry = 0;
        onState?.('open');
      };
      socket.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const parsed = LiveEventSchema.safeParse(data);
        if (parsed.success) onEvent(parsed.data);
      };
      socket.onclose = () => {
        socket = null;
        onState?.('closed');
        if (stopped) return;
        timer = setTimeout(connect, Math.min(10_000, 250 * 2 ** retry++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  };
}
