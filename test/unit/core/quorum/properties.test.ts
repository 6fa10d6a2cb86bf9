// Property tests of the MIRROR invariants over random slot outcomes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QuorumReceiver, tally, planSlots, canonicalMessage, digestOf, type SlotVote, type QuorumDecision } from '../../../../src/core/quorum';
import { config, ManualClock } from './helpers';

const kArb = fc.constantFrom(3, 5, 7, 9);

const voteArb = fc.oneof(
  fc.constant<SlotVote>({ kind: 'pending' }),
  fc.constant<SlotVote>({ kind: 'none', why: 'timeout' }),
  fc.constant<SlotVote>({ kind: 'none', why: 'invalid' }),
  fc.record({ kind: fc.constant('vote' as const), digest: fc.constantFrom('d0', 'd1', 'd2'), payload: fc.boolean() }),
);

describe('MIRROR properties', () => {
  it('tally never accepts a digest on ≤ k/2 slots; denominator is always k', () => {
    fc.assert(
      fc.property(
        kArb.chain((k) => fc.tuple(fc.constant(k), fc.array(voteArb, { minLength: k, maxLength: k }), fc.subarray(['d0', 'd1', 'd2']))),
        ([k, slots, verified]) => {
          const t = tally(k, slots, new Set(verified));
          const count = (d: string) => slots.filter((s) => s.kind === 'vote' && s.digest === d).length;
          if (t.kind === 'accept') {
            expect(2 * count(t.digest)).toBeGreaterThan(k);
            expect(verified).toContain(t.digest);
          }
          if (t.kind === 'reject') {
            // rejection is final: filling every pending slot with any one digest cannot reach > k/2 with a payload
            for (const d of ['d0', 'd1', 'd2', 'fresh']) {
              const filled = slots.map((s): SlotVote => (s.kind === 'pending' ? { kind: 'vote', digest: d, payload: true } : s));
              const again = tally(k, filled, new Set([...verified, d]));
              if (t.reason === 'no_majority') expect(again.kind).not.toBe('accept');
            }
          }
          if (!slots.some((s) => s.kind === 'pending')) expect(t.kind).not.toBe('wait');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('early decision is monotone: once accepted, any completion of the slots accepts the same digest', () => {
    fc.assert(
      fc.property(
        kArb.chain((k) => fc.tuple(fc.constant(k), fc.array(voteArb, { minLength: k, maxLength: k }), fc.array(voteArb.filter((v) => v.kind !== 'pending'), { minLength: k, maxLength: k }))),
        ([k, slots, fill]) => {
          const verified = new Set(slots.flatMap((s) => (s.kind === 'vote' && s.payload ? [s.digest] : [])));
          const t = tally(k, slots, verified);
          if (t.kind !== 'accept') return;
          const done = slots.map((s, i) => (s.kind === 'pending' ? fill[i] : s));
          const v2 = new Set([...verified, ...done.flatMap((s) => (s.kind === 'vote' && s.payload ? [s.digest] : []))]);
          expect(tally(k, done, v2)).toMatchObject({ kind: 'accept', digest: t.digest });
        },
      ),
      { numRuns: 2000 },
    );
  });

  type PathBehaviour = 'honest' | 'forge' | 'forge2' | 'corrupt' | 'drop';
  const behaviourArb = fc.constantFrom<PathBehaviour>('honest', 'forge', 'forge2', 'corrupt', 'drop');

  it('the receiver never accepts a digest carried by ≤ k/2 slots, whatever each path does and in any order', () => {
    fc.assert(
      fc.property(
        kArb.chain((k) =>
          fc.tuple(
            fc.constant(k),
            fc.array(fc.array(behaviourArb, { minLength: k, maxLength: k }), { minLength: 1, maxLength: 4 }),
            fc.array(fc.nat(), { minLength: 4 * k, maxLength: 4 * k }),
            fc.boolean(),
            fc.array(fc.nat(), { maxLength: 6 }),
          ),
        ),
        ([k, messages, order, expireAtEnd, replays]) => {
          const clock = new ManualClock();
          const receiver = new QuorumReceiver({ config: config(k), clock, slotTimeoutMs: 500, maxAgeMs: 60_000 });
          const deliveries: { path: number; slot: unknown; msg: number }[] = [];
          const sent: { digest: string; forged: string; forged2: string; behaviours: PathBehaviour[] }[] = [];
          messages.forEach((behaviours, m) => {
            const plan = planSlots({ v: 1, sender: 's', seq: m + 1, ts: clock.now(), body: { m } }, k);
            const f1 = canonicalMessage({ ...plan.message, body: 'forged' });
            const f2 = canonicalMessage({ ...plan.message, body: 'forged-2' });
            sent.push({ digest: plan.digest, forged: digestOf(f1), forged2: digestOf(f2), behaviours });
            plan.slots.forEach((slot, p) => {
              const b = behaviours[p];
              if (b === 'drop') return;
              const f = b === 'forge' ? f1 : f2;
              const out =
                b === 'honest' ? slot : b === 'corrupt' ? { ...slot, payload: slot.payload === undefined ? undefined : f1 } : { ...slot, digest: digestOf(f), payload: slot.payload === undefined ? undefined : f };
              deliveries.push({ path: p, slot: out, msg: m });
            });
          });
          // shuffle deliveries by the random order
          const shuffled = deliveries.map((d, i) => ({ d, r: order[i % order.length] + i / 1000 })).sort((a, b) => a.r - b.r).map((x) => x.d);
          // replays: some deliveries are sent again (same path, same slot), possibly much later
          for (const r of replays) if (deliveries.length > 0) shuffled.push(deliveries[r % deliveries.length]);
          const decisions: QuorumDecision[] = [];
          for (const d of shuffled) {
            clock.advance(1);
            decisions.push(...receiver.offer(`p${d.path}`, d.slot).decisions);
          }
          if (expireAtEnd) {
            clock.advance(1000);
            decisions.push(...receiver.expire());
          }
          const keys = decisions.map((d) => d.key);
          expect(new Set(keys).size).toBe(keys.length); // one decision per message
          for (const d of decisions) {
            if (d.outcome !== 'accepted') continue;
            const s = sent[d.seq - 1];
            // count of paths that actually sent this digest with a valid vote, over k
            const carried = s.behaviours.filter((b) => (d.digest === s.digest ? b === 'honest' : d.digest === s.forged ? b === 'forge' : d.digest === s.forged2 ? b === 'forge2' : false)).length;
            const corruptOnDigest = d.digest === s.digest ? s.behaviours.filter((b, p) => b === 'corrupt' && p > (k - 1) / 2).length : 0;
            expect(2 * (carried + corruptOnDigest)).toBeGreaterThan(k);
            expect(d.slots.filter((x) => x.status === 'vote' && x.digest === d.digest).length * 2).toBeGreaterThan(k);
            expect(digestOf(canonicalMessage(d.message))).toBe(d.digest);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
