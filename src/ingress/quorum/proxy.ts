// A quorum path on loopback: an HTTP proxy between the sender and the receiver that forwards
// each slot with its own path token. For the adversary harness it can misbehave: rewrite the
// payload and recompute the digest (all adversarial proxies in the same way, through a shared
// Collusion), drop, delay, or replay an earlier slot instead of the current one.
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalMessage, digestOf, type QuorumSlot } from '../../core/quorum';

export type PathBehaviour = 'honest' | 'rewrite' | 'drop' | 'delay' | 'replay';

/** What the adversarial paths agree on: one forged message per (sender, seq). */
export class Collusion {
  private readonly forged = new Map<string, string>();
  constructor(
    private readonly forgedBody: (sender: string, seq: number) => unknown,
    private readonly now: () => number = Date.now,
  ) {}
  forge(sender: string, seq: number): string {
    const key = `${sender}\u0000${seq}`;
    let text = this.forged.get(key);
    if (text === undefined) {
      text = canonicalMessage({ v: 1, sender, seq, ts: this.now(), body: this.forgedBody(sender, seq) });
      this.forged.set(key, text);
    }
    return text;
  }
}

export interface PathProxyOptions {
  /** Receiver slot URL, e.g. http://127.0.0.1:P/v1/quorum/slots */
  upstream: string;
  /** This path's token at the receiver. */
  token: string;
  behaviour?: PathBehaviour;
  /** For `delay`. Default 1 000 ms. */
  delayMs?: number;
  collusion?: Collusion;
  /** Persistent connections to the receiver, opened at start. Default 8. New TCP connections
   *  under load can stall for seconds (SYN retransmits), which a path must not turn into lost
   *  slots; a warm keep-alive pool avoids them. */
  connections?: number;
}

export interface PathProxy {
  url: string;
  setBehaviour(b: PathBehaviour): void;
  stats: { received: number; forwarded: number; dropped: number };
  close(): Promise<void>;
}

export async function startPathProxy(opts: PathProxyOptions): Promise<PathProxy> {
  let behaviour: PathBehaviour = opts.behaviour ?? 'honest';
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections ?? 8 });
  const stats = { received: 0, forwarded: 0, dropped: 0 };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let previous: string | null = null;
  const upstream = new URL(opts.upstream);

  const forward = (text: string): Promise<void> =>
    new Promise((resolve) => {
      const req = request(
        { host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), authorization: `Bearer ${opts.token}` } },
        (res) => {
          res.resume();
          res.on('end', () => {
            stats.forwarded++;
            resolve();
          });
        },
      );
      req.on('error', () => resolve());
      req.end(text);
    });

  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      stats.received++;
      const text = Buffer.concat(chunks).toString('utf8');
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"relayed"}');
      void relay(text);
    });
  });

  async function relay(text: string): Promise<void> {
    switch (behaviour) {
      case 'honest':
        return forward(text);
      case 'drop':
        stats.dropped++;
        return;
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void forward(text);
        }, opts.delayMs ?? 1_000);
        timers.add(timer);
        return;
      }
      case 'replay': {
        // forwards the slot, then re-sends it (and the one before) later: a replay of messages
        // the receiver has already decided. It must never get a message accepted twice.
        const old = previous;
        previous = text;
        const timer = setTimeout(() => {
          timers.delete(timer);
          void forward(text);
          if (old !== null) void forward(old);
        }, opts.delayMs ?? 1_000);
        timers.add(timer);
        return forward(text);
      }
      case 'rewrite': {
        let slot: QuorumSlot;
        try {
          slot = JSON.parse(text) as QuorumSlot;
        } catch {
          return forward(text);
        }
        if (!opts.collusion) return forward(text);
        const forged = opts.collusion.forge(slot.sender, slot.seq);
        const out: QuorumSlot = { ...slot, digest: digestOf(forged) };
        if (slot.payload !== undefined) out.payload = forged;
        return forward(JSON.stringify(out));
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await warm(agent, upstream, opts.connections ?? 8);
  return {
    url: `http://127.0.0.1:${port}/`,
    setBehaviour: (b) => {
      behaviour = b;
    },
    stats,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Opens `n` keep-alive connections to `url`'s server (GET, any answer) so later requests reuse them. */
export async function warm(agent: Agent, url: URL, n: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const req = request({ host: url.hostname, port: url.port, path: '/', method: 'GET', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          });
          req.on('error', () => resolve());
          req.end();
        }),
    ),
  );
}
