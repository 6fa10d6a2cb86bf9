// Live stream for the console: WebSocket at /v1/stream (JSON text frames), or Server-Sent Events
// on GET /v1/stream with `Accept: text/event-stream`. Slow consumers are cut off, never buffered
// without bound.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ControlPlanePort, LiveEvent } from '../ports';

const MAX_BUFFERED = 4 * 1024 * 1024;

export class LiveStream {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly sse = new Set<ServerResponse>();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly port: ControlPlanePort, private readonly now: () => number) {
    this.heartbeat = setInterval(() => {
      for (const ws of this.wss.clients) {
        if ((ws as WebSocket & { alive?: boolean }).alive === false) {
          ws.terminate();
          continue;
        }
        (ws as WebSocket & { alive?: boolean }).alive = false;
        ws.ping();
      }
      for (const res of this.sse) res.write(': keep-alive\n\n');
    }, 30_000);
    this.heartbeat.unref?.();
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      (ws as WebSocket & { alive?: boolean }).alive = true;
      ws.on('pong', () => ((ws as WebSocket & { alive?: boolean }).alive = true));
      const send = (event: LiveEvent) => {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > MAX_BUFFERED) {
          ws.close(1013, 'consumer too slow');
          return;
        }
        ws.send(JSON.stringify(event));
      };
      const off = this.port.subscribe(send);
      ws.on('close', off);
      ws.on('error', off);
      ws.on('message', () => undefined); // the stream is one-way; commands use the HTTP API
      send({ type: 'hello', ts: this.now(), v: 1 });
    });
  }

  serveSse(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    const send = (event: LiveEvent) => {
      if (res.writableLength > MAX_BUFFERED) {
        res.end();
        return;
      }
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const off = this.port.subscribe(send);
    this.sse.add(res);
    const done = () => {
      off();
      this.sse.delete(res);
    };
    req.on('close', done);
    res.on('error', done);
    send({ type: 'hello', ts: this.now(), v: 1 });
  }

  clients(): number {
    return this.wss.clients.size + this.sse.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const ws of this.wss.clients) ws.terminate();
    for (const res of this.sse) res.end();
    this.sse.clear();
    this.wss.close();
  }
}
