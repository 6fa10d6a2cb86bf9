// MIRROR sender for agent authors: canonical bytes over k separately addressed paths; the first
// t+1 paths carry (m, SHA-256(m)), the other t carry only the digest.
import { planSlots, QuorumSequencer, type SlotPlan } from '../../core/quorum';

export interface QuorumSenderPath {
  /** Where this path's gateway/proxy accepts slots (POST, JSON). */
  url: string;
  /** Extra headers for this path, e.g. its own Authorization. */
  headers?: Record<string, string>;
}

export interface QuorumSenderOptions {
  sender: string;
  paths: QuorumSenderPath[];
  now?: () => number;
  /** First sequence number minus one (resume after restart). Default 0. */
  startSeq?: number;
  /** Per-path request timeout. Default 5 000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Custom transport for one slot (e.g. a keep-alive node:http agent); returns the HTTP status, 0 when unreachable. */
  post?: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
}

export interface QuorumSendResult {
  seq: number;
  digest: string;
  /** Per path: HTTP status, or 0 when the path could not be reached. */
  delivered: number[];
}

export class QuorumSender {
  private readonly seq: QuorumSequencer;
  private readonly fetcher: typeof fetch;

  constructor(private readonly opts: QuorumSenderOptions) {
    if (opts.paths.length < 3 || opts.paths.length % 2 === 0) throw new RangeError(`need an odd number k ≥ 3 of paths (got ${opts.paths.length})`);
    this.seq = new QuorumSequencer(opts.sender, opts.now ?? Date.now, opts.startSeq ?? 0);
    this.fetcher = opts.fetch ?? fetch;
  }

  /** Builds the next message and its k slots without sending (for custom transports). */
  plan(body: unknown): SlotPlan {
    return planSlots(this.seq.next(body), this.opts.paths.length);
  }

  async send(body: unknown): Promise<QuorumSendResult> {
    const plan = this.plan(body);
    const delivered = await Promise.all(
      plan.slots.map(async (slot, i) => {
        const path = this.opts.paths[i];
        const headers = { 'content-type': 'application/json', ...(path.headers ?? {}) };
        if (this.opts.post) return this.opts.post(path.url, headers, JSON.stringify(slot)).catch(() => 0);
        try {
          const res = await this.fetcher(path.url, {
            method: 'POST',
            headers,
            body: JSON.stringify(slot),
            signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000),
          });
          await res.arrayBuffer();
          return res.status;
        } catch {
          return 0;
        }
      }),
    );
    return { seq: plan.message.seq, digest: plan.digest, delivered };
  }
}
