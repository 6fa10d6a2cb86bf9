// The MIRROR decision rule over k slots, as a pure function, so the receiver's early decisions
// and the property tests share one definition.
//
//   accept d   iff  2·count(d) > k  (denominator always k, whatever arrived)  and some
//                   full-payload slot carried a payload that hashes to d (m is recoverable);
//   reject     when no digest can still get there: 2·(best + outstanding) ≤ k,
//              or when the majority digest is known but no slot can still bring its payload.
// A slot that timed out, was invalid (payload not hashing to its own digest) or came from a
// retired path is counted as "no digest": it stays in the denominator.

export type SlotVote =
  | { kind: 'pending' }
  | { kind: 'none'; why: 'timeout' | 'invalid' | 'retired' }
  | { kind: 'vote'; digest: string; payload: boolean };

export type Tally =
  | { kind: 'accept'; digest: string; count: number }
  | { kind: 'reject'; reason: 'no_majority' | 'no_payload'; best: string | null; count: number }
  | { kind: 'wait'; best: string | null; count: number; outstanding: number };

export function countVotes(slots: readonly SlotVote[]): { counts: Map<string, number>; outstanding: number; best: string | null; bestCount: number } {
  const counts = new Map<string, number>();
  let outstanding = 0;
  for (const s of slots) {
    if (s.kind === 'pending') outstanding++;
    else if (s.kind === 'vote') counts.set(s.digest, (counts.get(s.digest) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount || (c === bestCount && best !== null && d < best)) {
      best = d;
      bestCount = c;
    }
  }
  return { counts, outstanding, best, bestCount };
}

/**
 * @param k         number of configured paths (the denominator; slots.length must equal k)
 * @param verified  digests for which a verified payload (hashing to it) has been received
 */
export function tally(k: number, slots: readonly SlotVote[], verified: ReadonlySet<string>): Tally {
  if (slots.length !== k) throw new RangeError(`tally: ${slots.length} slots for k = ${k}`);
  const { counts, outstanding, best, bestCount } = countVotes(slots);
  for (const [d, c] of counts) {
    if (2 * c > k) {
      if (verified.has(d)) return { kind: 'accept', digest: d, count: c };
      if (outstanding === 0) return { kind: 'reject', reason: 'no_payload', best: d, count: c };
      return { kind: 'wait', best: d, count: c, outstanding };
    }
  }
  if (2 * (bestCount + outstanding) <= k) return { kind: 'reject', reason: 'no_majority', best, count: bestCount };
  return { kind: 'wait', best, count: bestCount, outstanding };
}
