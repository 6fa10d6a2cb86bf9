import { describe, expect, it } from 'vitest';
import { backtest, type ReplayEngine, type ReplayResult } from '../../../../src/core/audit/backtest';
import { getHashAlgorithm } from '../../../../src/core/audit/hash';
import { buildDecisionRecord, buildOutcomeRecord, type AuditRecord } from '../../../../src/core/audit/record';
import type { Observe } from '../../../../src/core/protocol/schema';
import { makeDecision, makeInput } from './fixtures';

const alg = getHashAlgorithm('sha256');

/** A fake engine: denies taps on labels in `blocked`, and anything after a read of "SECRET" in the session. */
function fakeEngine(blocked: string[], log: string[] = []): ReplayEngine & { config: unknown } {
  let n = 0;
  const tainted = new Set<string>();
  const sessionOf = new Map<string, string>();
  return {
    config: undefined,
    evaluate(request: unknown, _screen?: Observe): ReplayResult {
      const r = request as { session: string; gui?: { target?: { text?: string } }; llm?: { steps: unknown[] } };
      if (!r || typeof r.session !== 'string') return { ok: false, error: { code: 'invalid_request', message: 'no session' } };
      const steps = r.llm ? r.llm.steps.length : 1;
      const out = [];
      for (let k = 0; k < steps; k++) {
        const id = `replay-${n++}`;
        sessionOf.set(id, r.session);
        const label = r.gui?.target?.text ?? '';
        const deny = blocked.includes(label) || tainted.has(r.session);
        out.push({ event: { id }, decision: makeDecision(id, { decision: deny ? 'deny' : 'allow', rules: deny ? ['blocked'] : [], ruleset: 'candidate' }) });
      }
      log.push(`evaluate ${r.session} ${label(r)}`);
      return { ok: true, decided: out };
    },
    commit(_session: string, eventId: string, observed?: Observe) {
      log.push(`commit ${eventId}`);
      if (observed?.texts?.includes('SECRET')) tainted.add(sessionOf.get(eventId)!);
    },
    setConfig(config: unknown) {
      this.config = config;
    },
  };
}
const label = (r: { gui?: { target?: { text?: string } } }) => r.gui?.target?.text ?? '';

function decisionRecord(seq: number, session: string, text: string, decision: 'allow' | 'deny' = 'allow'): AuditRecord {
  const input = makeInput(seq, { session, label: text }, { decision });
  input.request = { v: 1, session, agent: 'mailer', channel: 'gui', gui: { op: 'tap', target: { text } } };
  return buildDecisionRecord(input, { seq, ts: seq, hashAlg: alg });
}

describe('backtest', () => {
  it('lists exactly the decisions that change under the candidate rules', () => {
    const records = [decisionRecord(0, 'a', 'Open'), decisionRecord(1, 'a', 'Send'), decisionRecord(2, 'b', 'Pay', 'deny'), decisionRecord(3, 'b', 'Send')];
    const report = backtest(records, () => fakeEngine(['Send', 'Pay']));
    expect(report.compared).toBe(4);
    expect(report.unchanged).toBe(2);
    expect(report.changes.map((c) => [c.seq, c.before.decision, c.after.decision])).toEqual([
      [1, 'allow', 'deny'],
      [3, 'allow', 'deny'],
    ]);
    expect(report.changes[0]).toMatchObject({ decision_id: 'ev-1', session: 'a', action: 'gui tap Send', after: { rules: ['blocked'] } });
  });

  it('replays outcomes as provenance, only for events the candidate would have let run', () => {
    const log: string[] = [];
    const read = decisionRecord(0, 'a', 'Inbox');
    const outcome = buildOutcomeRecord({ decisionId: 'ev-0', session: 'a', agent: 'mailer', status: 'executed', observed: { texts: ['SECRET'] } }, { seq: 1, ts: 1, hashAlg: alg });
    const send = decisionRecord(2, 'a', 'Send');
    const report = backtest([read, outcome, send], () => fakeEngine([], log));
    expect(log).toEqual(['evaluate a Inbox', 'commit replay-0', 'evaluate a Send']);
    expect(report.changes.map((c) => c.seq)).toEqual([2]);
    // If the candidate denies the read, it never ran, so no provenance: the send stays allowed.
    const blockedRead = backtest([read, outcome, send], () => fakeEngine(['Inbox']));
    expect(blockedRead.changes.map((c) => c.seq)).toEqual([0]);
  });

  it('--last N compares only the last N but replays their sessions from the start', () => {
    const log: string[] = [];
    const records = [decisionRecord(0, 'a', 'x'), decisionRecord(1, 'b', 'y'), decisionRecord(2, 'a', 'Send'), decisionRecord(3, 'a', 'z')];
    const report = backtest(records, () => fakeEngine(['x', 'Send'], log), { last: 2 });
    expect(report.compared).toBe(2);
    expect(log).toEqual(['evaluate a x', 'evaluate a Send', 'evaluate a z']);
    expect(report.changes.map((c) => c.seq)).toEqual([2]);
  });

  it('replays llm plans once and matches steps by index; sets recorded configurations', () => {
    const base = makeInput(0, { session: 'p', plan: { index: 0, count: 2 } });
    base.request = { v: 1, session: 'p', agent: 'mailer', channel: 'llm', llm: { steps: [{}, {}] } };
    const r0 = buildDecisionRecord({ ...base, configHash: 'cfg' }, { seq: 0, ts: 0, hashAlg: alg });
    const step1 = makeInput(1, { session: 'p', plan: { index: 1, count: 2 } }, { decision: 'deny' });
    delete step1.request;
    const r1 = buildDecisionRecord(step1, { seq: 1, ts: 0, hashAlg: alg });
    const engine = fakeEngine([]);
    const report = backtest([r0, r1], () => engine, { config: (h) => (h === 'cfg' ? { org: 'acme' } : undefined) });
    expect(report.replayed).toBe(2);
    expect(report.changes.map((c) => [c.seq, c.after.decision])).toEqual([[1, 'allow']]);
    expect(engine.config).toEqual({ org: 'acme' });
  });

  it('records of different runs (eval cases) get fresh engines and never share state', () => {
    const made: Array<string | null> = [];
    const mk = (run: string, seq: number, text: string) => ({ ...decisionRecord(seq, 'same-session', text), run }) as AuditRecord;
    const read = { ...decisionRecord(0, 'same-session', 'Inbox'), run: 'c1' } as AuditRecord;
    const out = { ...buildOutcomeRecord({ decisionId: 'ev-0', session: 'same-session', agent: 'mailer', status: 'executed', observed: { texts: ['SECRET'] }, run: 'c1' }, { seq: 1, ts: 1, hashAlg: alg }) };
    const report = backtest([read, out, mk('c1', 2, 'Send'), mk('c2', 3, 'Send')], (run) => {
      made.push(run);
      return fakeEngine([]);
    });
    expect(made).toEqual(['c1', 'c2']);
    // Tainted in case c1 only: c2's identical send is not affected.
    expect(report.changes.map((c) => c.seq)).toEqual([2]);
  });

  it('reports records it cannot replay instead of guessing', () => {
    const bad = decisionRecord(0, 'a', 'x');
    (bad as { request: unknown }).request = { nosession: true };
    const missing = decisionRecord(1, 'a', 'y');
    (missing as { request: unknown }).request = null;
    const report = backtest([bad, missing], () => fakeEngine([]));
    expect(report.errors.map((e) => e.seq)).toEqual([0, 1]);
    expect(report.errors[0].message).toMatch(/invalid_request/);
  });
});
