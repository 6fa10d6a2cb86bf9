// Receiver side of MIRROR: collects the k slots of each message, decides early when the outcome
// is fixed, rejects replays and stale messages, flags deviating paths and retires a path only by
// the stricter rule (it agreed with another path on a non-majority digest). Pure: time comes
// from the injected clock; the caller drives timeouts through nextDeadline()/expire().
import { digestOf, parseCanonicalMessage, type QuorumMessage } from './canonical';
import type { QuorumPathConfig } from './config';
import { tally, type SlotVote } from './tally';

export interface QuorumClock {
  now(): number;
}

export interface QuorumReceiverOptions {
  config: QuorumPathConfig;
  clock: QuorumClock;
  /** How long after a message's first slot the other slots may still arrive. */
  slotTimeoutMs: number;
  /** A message older than this (by its own timestamp) is stale. */
  maxAgeMs: number;
  /** Tolerated sender clock skew into the future. Default 5 000 ms. */
  maxFutureMs?: number;
  /** Bound on messages collected at once; the oldest is rejected beyond it. Default 10 000. */
  maxPending?: number;
}

export type QuorumRejectReason = 'no_majority' | 'no_payload' | 'replay' | 'stale' | 'overflow';

export interface SlotRecord {
  path: string;
  digest: string | null;
  payload: boolean;
  /** `vote`: counted; `timeout`: never arrived; `invalid`: payload did not hash to its digest
   *  (or did not match the header); `retired`: path retired before this message. */
  status: 'vote' | 'timeout' | 'invalid' | 'retired';
}

interface DecisionBase {
  key: string;
  sender: string;
  seq: number;
  decidedAt: number;
  /** True when decided before every slot arrived or timed out. */
  early: boolean;
  slots: SlotRecord[];
  /** Paths that deviated from the majority digest or sent an invalid slot, for this message. */
  flagged: string[];
  /** Paths retired because of this message. */
  retired: string[];
}

export interface QuorumAccepted extends DecisionBase {
  outcome: 'accepted';
  digest: string;
  matching: number;
  message: QuorumMessage;
}

export interface QuorumRejected extends DecisionBase {
  outcome: 'rejected';
  reason: QuorumRejectReason;
  /** The most common digest, if any, and how many slots carried it. */
  digest: string | null;
  matching: number;
  detail: string;
}

export type QuorumDecision = QuorumAccepted | QuorumRejected;

export type OfferResult =
  | { status: 'counted'; decisions: QuorumDecision[] }
  | { status: 'ignored'; reason: 'unknown_path' | 'retired_path' | 'malformed' | 'duplicate' | 'late'; detail: string; decisions: QuorumDecision[] };

export interface PathStatus {
  id: string;
  group: string;
  /** Messages on which this path deviated from the majority or sent an invalid slot. */
  flags: number;
  /** Slots of decided messages that never arrived from this path. */
  missed: number;
  retired: boolean;
  retiredReason?: string;
}

interface Collecting {
  key: string;
  sender: string;
  seq: number;
  firstAt: number;
  deadline: number;
  votes: SlotVote[];
  invalid: boolean[];
  payloads: Map<string, QuorumMessage>;
  /** Payload texts already hashed and parsed for this message. */
  checked: Map<string, { digest: string; message: QuorumMessage | null }>;
}

interface Decided {
  outcome: 'accepted' | 'rejected';
  digest: string | null;
  until: number;
  seen: Set<number>;
  wrong: Map<string, Set<number>>;
}

const HEX64 = /^[0-9a-f]{64}$/;

export class QuorumReceiver {
  readonly k: number;
  private readonly index = new Map<string, number>();
  private readonly paths: PathStatus[];
  private readonly collecting = new Map<string, Collecting>();
  private readonly decided = new Map<string, Decided>();
  private readonly maxFutureMs: number;
  private readonly maxPending: number;
  /** Lower bound of the earliest deadline among collecting messages (Infinity when none). */
  private earliest = Infinity;

  constructor(private readonly opts: QuorumReceiverOptions) {
    this.k = opts.config.k;
    this.maxFutureMs = opts.maxFutureMs ?? 5_000;
    this.maxPending = opts.maxPending ?? 10_000;
    this.paths = opts.config.paths.map((p, i) => {
      this.index.set(p.id, i);
      return { id: p.id, group: p.group, flags: 0, missed: 0, retired: false };
    });
  }

  pathStatus(): PathStatus[] {
    return this.paths.map((p) => ({ ...p }));
  }

  pendingCount(): number {
    return this.collecting.size;
  }

  /** Earliest slot deadline among messages still collecting, or null. */
  nextDeadline(): number | null {
    let next: number | null = null;
    for (const c of this.collecting.values()) if (next === null || c.deadline < next) next = c.deadline;
    return next;
  }

  /** Times out every message whose deadline has passed; returns their decisions. */
  expire(): QuorumDecision[] {
    const now = this.opts.clock.now();
    const out: QuorumDecision[] = [];
    if (this.earliest > now) {
      this.prune(now);
      return out;
    }
    for (const c of [...this.collecting.values()]) {
      if (c.deadline > now) continue;
      c.votes = c.votes.map((v) => (v.kind === 'pending' ? { kind: 'none', why: 'timeout' } : v));
      out.push(this.decide(c, false));
    }
    this.earliest = this.nextDeadline() ?? Infinity;
    this.prune(now);
    return out;
  }

  /** One slot arrived on path `pathId`. `raw` is untrusted (parsed JSON from the wire). */
  offer(pathId: string, raw: unknown): OfferResult {
    const now = this.opts.clock.now();
    const decisions = this.expire();
    const i = this.index.get(pathId);
    if (i === undefined) return { status: 'ignored', reason: 'unknown_path', detail: `no configured path "${pathId}"`, decisions };
    const slot = readSlot(raw);
    if (typeof slot === 'string') {
      this.flag(i);
      return { status: 'ignored', reason: 'malformed', detail: slot, decisions };
    }
    const key = `${slot.sender}\u0000${slot.seq}`;
    const done = this.decided.get(key);
    if (done) {
      // Late or replayed slot of a decided message: never reopens it, but still judged.
      if (done.seen.has(i)) {
        this.flag(i);
        return { status: 'ignored', reason: 'duplicate', detail: `path "${pathId}" already sent a slot for ${slot.sender}#${slot.seq} (replay)`, decisions };
      }
      done.seen.add(i);
      const valid = slot.payload === undefined || digestOf(slot.payload) === slot.digest;
      if (!valid) this.flag(i);
      else if (done.outcome === 'accepted' && slot.digest !== done.digest) {
        this.flag(i);
        const group = done.wrong.get(slot.digest) ?? new Set<number>();
        group.add(i);
        done.wrong.set(slot.digest, group);
        if (group.size >= 2) for (const j of group) this.retire(j, `agreed with another path on non-majority digest ${slot.digest.slice(0, 12)}… (${slot.sender}#${slot.seq})`);
      }
      return { status: 'ignored', reason: 'late', detail: `${slot.sender}#${slot.seq} was already decided (${done.outcome})`, decisions };
    }
    if (this.paths[i].retired) {
      return { status: 'ignored', reason: 'retired_path', detail: `path "${pathId}" is retired`, decisions };
    }
    let c = this.collecting.get(key);
    if (!c) {
      if (this.collecting.size >= this.maxPending) {
        const oldest = this.collecting.values().next().value as Collecting;
        oldest.votes = oldest.votes.map((v) => (v.kind === 'pending' ? { kind: 'none', why: 'timeout' } : v));
        decisions.push(this.decide(oldest, false, 'overflow'));
      }
      c = {
        key,
        sender: slot.sender,
        seq: slot.seq,
        firstAt: now,
        deadline: now + this.opts.slotTimeoutMs,
        votes: this.paths.map((p) => (p.retired ? { kind: 'none', why: 'retired' } : { kind: 'pending' })),
        invalid: this.paths.map(() => false),
        payloads: new Map(),
        checked: new Map(),
      };
      this.collecting.set(key, c);
      if (c.deadline < this.earliest) this.earliest = c.deadline;
    }
    if (c.votes[i].kind !== 'pending') {
      this.flag(i);
      return { status: 'ignored', reason: 'duplicate', detail: `path "${pathId}" already sent a slot for ${slot.sender}#${slot.seq}`, decisions };
    }
    if (slot.payload !== undefined) {
      // identical payload text already checked on another path: same bytes, same digest
      const known = c.checked.get(slot.payload);
      let message: QuorumMessage | null;
      if (known !== undefined) message = known.digest === slot.digest ? known.message : null;
      else {
        const digest = digestOf(slot.payload);
        const parsed = parseCanonicalMessage(slot.payload);
        c.checked.set(slot.payload, { digest, message: parsed });
        message = digest === slot.digest ? parsed : null;
      }
      if (!message || message.sender !== slot.sender || message.seq !== slot.seq) {
        // A full path whose payload does not match its own digest (or header) gets no vote.
        c.votes[i] = { kind: 'none', why: 'invalid' };
        c.invalid[i] = true;
      } else {
        c.votes[i] = { kind: 'vote', digest: slot.digest, payload: true };
        c.payloads.set(slot.digest, message);
      }
    } else {
      c.votes[i] = { kind: 'vote', digest: slot.digest, payload: false };
    }
    const verdict = tally(this.k, c.votes, new Set(c.payloads.keys()));
    if (verdict.kind !== 'wait') decisions.push(this.decide(c, c.votes.some((v) => v.kind === 'pending')));
    return { status: 'counted', decisions };
  }

  private decide(c: Collecting, early: boolean, forced?: 'overflow'): QuorumDecision {
    const now = this.opts.clock.now();
    this.collecting.delete(c.key);
    const verdict = tally(this.k, c.votes, new Set(c.payloads.keys()));
    const slots: SlotRecord[] = c.votes.map((v, i) => ({
      path: this.paths[i].id,
      digest: v.kind === 'vote' ? v.digest : null,
      payload: v.kind === 'vote' && v.payload,
      status: v.kind === 'vote' ? 'vote' : v.kind === 'none' ? (c.invalid[i] ? 'invalid' : v.why) : 'timeout',
    }));
    const seen = new Set<number>();
    c.votes.forEach((v, i) => {
      if (v.kind === 'vote' || c.invalid[i]) seen.add(i);
    });
    const flaggedIdx = new Set<number>();
    c.invalid.forEach((bad, i) => bad && flaggedIdx.add(i));
    const retired: string[] = [];
    const majority = verdict.kind === 'accept' ? verdict.digest : verdict.kind === 'reject' && verdict.reason === 'no_payload' ? verdict.best : null;
    const wrong = new Map<string, Set<number>>();
    if (majority !== null) {
      c.votes.forEach((v, i) => {
        if (v.kind === 'vote' && v.digest !== majority) {
          flaggedIdx.add(i);
          const g = wrong.get(v.digest) ?? new Set<number>();
          g.add(i);
          wrong.set(v.digest, g);
        }
      });
      for (const [digest, group] of wrong) {
        if (group.size < 2) continue;
        for (const j of group) if (this.retire(j, `agreed with another path on non-majority digest ${digest.slice(0, 12)}… (${c.sender}#${c.seq})`)) retired.push(this.paths[j].id);
      }
    }
    for (const j of flaggedIdx) this.flag(j);
    c.votes.forEach((v, i) => {
      if (v.kind === 'none' && v.why === 'timeout' && !c.invalid[i]) this.paths[i].missed++;
    });
    const base = {
      key: c.key,
      sender: c.sender,
      seq: c.seq,
      decidedAt: now,
      early,
      slots,
      flagged: [...flaggedIdx].sort((a, b) => a - b).map((j) => this.paths[j].id),
      retired,
    };
    const record = (outcome: 'accepted' | 'rejected', digest: string | null, until: number) =>
      this.decided.set(c.key, { outcome, digest, until, seen, wrong });
    const rejectUntil = now + this.opts.maxAgeMs + this.maxFutureMs + this.opts.slotTimeoutMs;
    if (forced === 'overflow') {
      record('rejected', null, rejectUntil);
      return { ...base, outcome: 'rejected', reason: 'overflow', digest: null, matching: 0, detail: 'too many messages collecting at once; oldest dropped' };
    }
    if (verdict.kind === 'accept') {
      const message = c.payloads.get(verdict.digest) as QuorumMessage;
      if (message.ts < now - this.opts.maxAgeMs || message.ts > now + this.maxFutureMs) {
        record('rejected', verdict.digest, rejectUntil);
        return {
          ...base,
          outcome: 'rejected',
          reason: 'stale',
          digest: verdict.digest,
          matching: verdict.count,
          detail: `timestamp ${message.ts} is outside [now − ${this.opts.maxAgeMs} ms, now + ${this.maxFutureMs} ms] (now ${now})`,
        };
      }
      record('accepted', verdict.digest, Math.max(now, message.ts) + this.opts.maxAgeMs + this.maxFutureMs);
      return { ...base, outcome: 'accepted', digest: verdict.digest, matching: verdict.count, message };
    }
    const reason = verdict.kind === 'reject' ? verdict.reason : 'no_majority';
    record('rejected', verdict.kind === 'reject' ? verdict.best : null, rejectUntil);
    const count = verdict.count;
    return {
      ...base,
      outcome: 'rejected',
      reason,
      digest: verdict.best,
      matching: count,
      detail:
        reason === 'no_payload'
          ? `digest on ${count} of ${this.k} slots but no full-payload path delivered a payload hashing to it`
          : `best digest on ${count} of ${this.k} slots; more than ${this.k / 2} needed`,
    };
  }

  private flag(i: number): void {
    this.paths[i].flags++;
  }

  private retire(i: number, reason: string): boolean {
    if (this.paths[i].retired) return false;
    this.paths[i].retired = true;
    this.paths[i].retiredReason = reason;
    for (const c of this.collecting.values()) if (c.votes[i].kind === 'pending') c.votes[i] = { kind: 'none', why: 'retired' };
    return true;
  }

  /** Drops decided records from the oldest end while they are expired. Records are kept in
   *  decision order, so this is amortised O(1); a record kept a little longer only makes replay
   *  detection stricter. */
  private prune(now: number): void {
    for (const [key, d] of this.decided) {
      if (d.until >= now) break;
      this.decided.delete(key);
    }
  }

  /** Operator action: put a retired path back into service. */
  reinstate(pathId: string): boolean {
    const i = this.index.get(pathId);
    if (i === undefined || !this.paths[i].retired) return false;
    this.paths[i].retired = false;
    delete this.paths[i].retiredReason;
    return true;
  }
}

interface WireSlot {
  sender: string;
  seq: number;
  digest: string;
  payload?: string;
}

function readSlot(raw: unknown): WireSlot | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'slot is not a JSON object';
  const s = raw as Record<string, unknown>;
  for (const key of Object.keys(s)) if (!['v', 'sender', 'seq', 'digest', 'payload'].includes(key)) return `unknown field "${key}" in slot`;
  if (s.v !== 1) return `slot v must be 1 (got ${JSON.stringify(s.v)})`;
  if (typeof s.sender !== 'string' || s.sender.length === 0 || s.sender.length > 256) return 'slot sender must be a non-empty string';
  if (typeof s.seq !== 'number' || !Number.isSafeInteger(s.seq) || s.seq < 0) return 'slot seq must be a non-negative integer';
  if (typeof s.digest !== 'string' || !HEX64.test(s.digest)) return 'slot digest must be 64 lower-case hex characters (SHA-256)';
  if (s.payload !== undefined && typeof s.payload !== 'string') return 'slot payload must be a string (canonical message text)';
  return { sender: s.sender, seq: s.seq, digest: s.digest, payload: s.payload as string | undefined };
}
