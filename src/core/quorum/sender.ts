// Sender side of MIRROR: canonical bytes and the k slots to put on the k paths.
import { canonicalMessage, digestOf, type QuorumMessage } from './canonical';

/** What travels on one path for one message. `payload` only on the t+1 full paths. */
export interface QuorumSlot {
  v: 1;
  sender: string;
  seq: number;
  digest: string;
  /** Canonical message text; present on full-payload paths only. */
  payload?: string;
}

export interface SlotPlan {
  message: QuorumMessage;
  canonical: string;
  digest: string;
  /** One slot per path, in path order: slots[0..t] full, slots[t+1..k-1] digest only. */
  slots: QuorumSlot[];
}

export function planSlots(message: QuorumMessage, k: number): SlotPlan {
  if (!Number.isInteger(k) || k < 3 || k % 2 === 0) throw new RangeError(`k must be an odd integer ≥ 3 (got ${k})`);
  const t = (k - 1) / 2;
  const canonical = canonicalMessage(message);
  const digest = digestOf(canonical);
  const slots: QuorumSlot[] = [];
  for (let i = 0; i < k; i++) {
    const slot: QuorumSlot = { v: 1, sender: message.sender, seq: message.seq, digest };
    if (i <= t) slot.payload = canonical;
    slots.push(slot);
  }
  return { message, canonical, digest, slots };
}

/** Keeps the per-sender sequence; time comes from the caller's clock. */
export class QuorumSequencer {
  private seq: number;
  constructor(
    readonly sender: string,
    private readonly now: () => number,
    start = 0,
  ) {
    this.seq = start;
  }
  next(body: unknown): QuorumMessage {
    this.seq += 1;
    return { v: 1, sender: this.sender, seq: this.seq, ts: this.now(), body };
  }
}
