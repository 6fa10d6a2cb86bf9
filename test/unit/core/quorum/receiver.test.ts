import { describe, expect, it } from 'vitest';
import { QuorumReceiver, QuorumSequencer, planSlots, canonicalMessage, digestOf, type QuorumSlot, type QuorumDecision } from '../../../../src/core/quorum';
import { config, ManualClock } from './helpers';

function setup(k = 5, opts: { slotTimeoutMs?: number; maxAgeMs?: number } = {}) {
  const clock = new ManualClock();
  const receiver = new QuorumReceiver({ config: config(k), clock, slotTimeoutMs: opts.slotTimeoutMs ?? 1000, maxAgeMs: opts.maxAgeMs ?? 60_000 });
  const seq = new QuorumSequencer('planner-1', () => clock.now());
  return { clock, receiver, seq };
}

/** The same rewrite on every adversarial path: payload m' and H(m'). */
function forge(slot: QuorumSlot, body: unknown, ts: number): QuorumSlot {
  const text = canonicalMessage({ v: 1, sender: slot.sender, seq: slot.seq, ts, body });
  return slot.payload !== undefined ? { ...slot, payload: text, digest: digestOf(text) } : { ...slot, digest: digestOf(text) };
}

function offerAll(receiver: QuorumReceiver, slots: (QuorumSlot | null)[]): QuorumDecision[] {
  const out: QuorumDecision[] = [];
  slots.forEach((s, i) => {
    if (s) out.push(...receiver.offer(`p${i}`, s).decisions);
  });
  return out;
}

describe('QuorumReceiver', () => {
  it('plans t+1 full slots and t digest-only slots', () => {
    const plan = planSlots({ v: 1, sender: 's', seq: 1, ts: 0, body: 1 }, 5);
    expect(plan.slots.map((s) => s.payload !== undefined)).toEqual([true, true, true, false, false]);
    expect(new Set(plan.slots.map((s) => s.digest))).toEqual(new Set([plan.digest]));
  });

  it('accepts an honest message early, at t+1 matching slots with a verified payload', () => {
    const { receiver, seq } = setup();
    const plan = planSlots(seq.next({ plan: 'a' }), 5);
    expect(receiver.offer('p3', plan.slots[3]).decisions).toEqual([]);
    expect(receiver.offer('p4', plan.slots[4]).decisions).toEqual([]);
    const d = receiver.offer('p0', plan.slots[0]).decisions;
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ outcome: 'accepted', early: true, matching: 3, digest: plan.digest });
    if (d[0].outcome === 'accepted') expect(d[0].message.body).toEqual({ plan: 'a' });
    // late slots never reopen it
    expect(receiver.offer('p1', plan.slots[1])).toMatchObject({ status: 'ignored', reason: 'late' });
  });

  it('waits for a payload when the majority arrived digest-only first', () => {
    const { receiver, seq, clock } = setup(3);
    const plan = planSlots(seq.next('x'), 3);
    expect(receiver.offer('p2', plan.slots[2]).decisions).toEqual([]);
    expect(offerAll(receiver, [null, { ...plan.slots[1], payload: undefined }])).toEqual([]);
    clock.advance(1001);
    const [d] = receiver.expire();
    expect(d).toMatchObject({ outcome: 'rejected', reason: 'no_payload', matching: 2 });
  });

  it('rejects early when no digest can exceed k/2 any more', () => {
    const { receiver, seq, clock } = setup();
    const plan = planSlots(seq.next('x'), 5);
    const slots = plan.slots.map((s, i) => (i < 3 ? forge(s, `evil${i}`, clock.now()) : s));
    const d = offerAll(receiver, slots.slice(0, 4));
    // three distinct forged digests + one honest: best 1 + outstanding 1 = 2 ≤ 2.5
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ outcome: 'rejected', reason: 'no_majority', early: true });
  });

  it('c = 2 coordinated rewriters are outvoted, flagged and retired (stricter rule)', () => {
    const { receiver, seq, clock } = setup();
    const plan = planSlots(seq.next({ pay: 10 }), 5);
    const slots = plan.slots.map((s, i) => (i === 0 || i === 4 ? forge(s, { pay: 10_000 }, clock.now()) : s));
    const d = offerAll(receiver, slots);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ outcome: 'accepted', digest: plan.digest });
    // decided early at 3 honest slots: p0 is flagged then; p4 arrives late and is judged too
    expect(d[0].flagged).toEqual(['p0']);
    expect(d[0].retired).toEqual([]);
    const status = receiver.pathStatus();
    expect(status.filter((p) => p.retired).map((p) => p.id)).toEqual(['p0', 'p4']);
    expect(status[0].retiredReason).toContain('non-majority digest');
    // retired paths no longer vote, denominator stays k: 3 honest still > 2.5
    const next = planSlots(seq.next('y'), 5);
    expect(offerAll(receiver, next.slots).at(-1)).toMatchObject({ outcome: 'accepted' });
  });

  it('a single deviating path is flagged but not retired', () => {
    const { receiver, seq, clock } = setup();
    const plan = planSlots(seq.next('m'), 5);
    const slots = plan.slots.map((s, i) => (i === 3 ? forge(s, 'other', clock.now()) : s));
    offerAll(receiver, slots);
    const p3 = receiver.pathStatus()[3];
    expect(p3).toMatchObject({ flags: 1, retired: false });
  });

  it('c = 3 coordinated rewriters win: the threshold is real (denominator k)', () => {
    const { receiver, seq, clock } = setup();
    const plan = planSlots(seq.next('honest'), 5);
    const slots = plan.slots.map((s, i) => (i >= 2 ? forge(s, 'forged', clock.now()) : s));
    const d = offerAll(receiver, slots);
    expect(d[0]).toMatchObject({ outcome: 'accepted' });
    if (d[0].outcome === 'accepted') expect(d[0].message.body).toBe('forged');
  });

  it('a full path whose payload does not hash to its own digest gets no vote', () => {
    const { receiver, seq } = setup();
    const plan = planSlots(seq.next('m'), 5);
    const bad = { ...plan.slots[0], payload: plan.slots[0].payload!.replace('"m"', '"n"') };
    const d = offerAll(receiver, [bad, plan.slots[1], null, plan.slots[3], plan.slots[4]]);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ outcome: 'accepted', matching: 3 });
    expect(d[0].slots[0]).toMatchObject({ status: 'invalid', digest: null });
    expect(d[0].flagged).toContain('p0');
  });

  it('two honest slots and timeouts: rejected at the deadline with denominator k', () => {
    const { receiver, seq, clock } = setup();
    const plan = planSlots(seq.next('m'), 5);
    expect(offerAll(receiver, [plan.slots[0], plan.slots[1]])).toEqual([]);
    expect(receiver.nextDeadline()).toBe(clock.now() + 1000);
    clock.advance(999);
    expect(receiver.expire()).toEqual([]);
    clock.advance(2);
    const [d] = receiver.expire();
    expect(d).toMatchObject({ outcome: 'rejected', reason: 'no_majority', matching: 2, early: false });
    expect(d.slots.filter((s) => s.status === 'timeout')).toHaveLength(3);
    expect(receiver.pathStatus()[4].missed).toBe(1);
  });

  it('rejects replays of a decided (sender, seq) and stale timestamps', () => {
    const { receiver, seq, clock } = setup(5, { maxAgeMs: 10_000 });
    const plan = planSlots(seq.next('m'), 5);
    offerAll(receiver, plan.slots);
    // replay all slots again: every slot is a late duplicate, nothing is accepted twice
    const again = plan.slots.map((s, i) => receiver.offer(`p${i}`, s));
    expect(again.every((r) => r.status === 'ignored' && r.decisions.length === 0)).toBe(true);
    // much later, after the record is pruned, the replay is stale by its own timestamp
    clock.advance(60_000);
    receiver.expire();
    const late = offerAll(receiver, plan.slots);
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ outcome: 'rejected', reason: 'stale' });
    // a message from the future is stale too
    const future = planSlots({ v: 1, sender: 'z', seq: 1, ts: clock.now() + 60_000, body: 1 }, 5);
    expect(offerAll(receiver, future.slots)[0]).toMatchObject({ outcome: 'rejected', reason: 'stale' });
  });

  it('ignores malformed slots and unknown paths, and flags the malformed path', () => {
    const { receiver } = setup();
    expect(receiver.offer('p9', {})).toMatchObject({ status: 'ignored', reason: 'unknown_path' });
    expect(receiver.offer('p1', { v: 1, sender: 's', seq: 1, digest: 'zz' })).toMatchObject({ status: 'ignored', reason: 'malformed' });
    expect(receiver.offer('p1', { v: 1, sender: 's', seq: 1, digest: 'a'.repeat(64), extra: 1 })).toMatchObject({ reason: 'malformed' });
    expect(receiver.pathStatus()[1].flags).toBe(2);
  });

  it('a payload whose header disagrees with the slot header gets no vote', () => {
    const { receiver, seq } = setup();
    const plan = planSlots(seq.next('m'), 5);
    const moved = { ...plan.slots[0], seq: 99 };
    receiver.offer('p0', moved);
    expect(receiver.pendingCount()).toBe(1);
  });
});
