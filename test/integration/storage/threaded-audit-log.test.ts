// The control plane's audit log: records built here, inserted by a writer thread with group
// commit. It must write exactly what the synchronous log writes, ack only what is committed,
// keep each request whole, and never leave a gap when a write fails.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditException } from '../../../src/core/audit/errors';
import { openAuditLog } from '../../../src/storage/audit-log';
import { openThreadedAuditLog } from '../../../src/storage/threaded-audit-log';
import { makeInput } from '../../unit/core/audit/fixtures';
import { raw, tempDir } from './helpers';

let tmp: ReturnType<typeof tempDir>;

beforeEach(() => {
  tmp = tempDir('agentflow-threaded-');
});
afterEach(() => tmp.cleanup());

function clock(start = 1_700_000_000_000) {
  let t = start;
  return () => t++;
}

function seqs(path: string): number[] {
  const db = raw(path);
  try {
    return db.prepare('SELECT seq FROM audit_log ORDER BY seq').pluck().all() as number[];
  } finally {
    db.close();
  }
}

describe('audit log with a writer thread', () => {
  it('writes byte for byte what the synchronous log writes, in call order', async () => {
    const syncPath = tmp.file('sync.db');
    const sync = openAuditLog(syncPath, { now: clock() });
    const threaded = openThreadedAuditLog(tmp.file('threaded.db'), { now: clock(), maxGroup: 8 });
    const pending: Array<Promise<Array<{ seq: number }>>> = [];
    for (let i = 0; i < 30; i++) {
      const inputs = i % 7 === 6 ? [makeInput(i, { id: `ev-${i}-a`, plan: { index: 0, count: 2 } }), makeInput(i, { id: `ev-${i}-b`, plan: { index: 1, count: 2 } })] : [makeInput(i)];
      sync.appendDecisions(inputs);
      pending.push(threaded.appendDecisionsAsync(inputs));
    }
    const acks = (await Promise.all(pending)).flat().map((a) => a.seq);
    expect(acks).toEqual(Array.from({ length: acks.length }, (_, i) => i));
    expect(threaded.size()).toBe(sync.size());
    expect(threaded.checkpoint().root).toBe(sync.checkpoint().root);
    expect([...threaded.recordTexts()]).toEqual([...sync.recordTexts()]);
    expect(threaded.verify().ok).toBe(true);
    sync.close();
    await threaded.close();
  });

  it('groups what arrives in one turn into transactions of at most maxGroup records, never splitting a request', async () => {
    const path = tmp.file('groups.db');
    // A checkpoint with every transaction makes the transactions visible.
    const log = openThreadedAuditLog(path, { maxGroup: 16, checkpointEvery: 1 });
    const singles = Array.from({ length: 40 }, (_, i) => log.appendDecisionsAsync([makeInput(i)]));
    const plan = Array.from({ length: 20 }, (_, k) => makeInput(100 + k, { id: `plan-${k}`, plan: { index: k, count: 20 } }));
    const big = log.appendDecisionsAsync(plan);
    await Promise.all([...singles, big]);
    // 16 + 16 + 8 singles, then the 20-record plan alone (larger than maxGroup, kept whole).
    expect(log.checkpoints().map((c) => c.size)).toEqual([16, 32, 40, 60]);
    expect((await big).map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, k) => 40 + k));
    await log.close();
    expect(seqs(path)).toHaveLength(60);
  });

  it('rejects an invalid request alone, without using up a seq', async () => {
    const log = openThreadedAuditLog(tmp.file('invalid.db'));
    const a = log.appendDecisionsAsync([makeInput(1)]);
    const bad = log.appendDecisionsAsync([{ event: null } as never]);
    const b = log.appendDecisionsAsync([makeInput(2)]);
    await expect(bad).rejects.toMatchObject({ code: 'audit_write_failed', message: expect.stringMatching(/event\.id is missing/) });
    expect((await a)[0].seq).toBe(0);
    expect((await b)[0].seq).toBe(1);
    expect(log.verify().ok).toBe(true);
    await log.close();
  });

  it('a synchronous append waits for everything appended before it', async () => {
    const log = openThreadedAuditLog(tmp.file('sync-after.db'));
    const earlier = Array.from({ length: 10 }, (_, i) => log.appendDecisionsAsync([makeInput(i)]));
    const ack = log.appendOperatorAction({ action: 'rule_install', operator: 'ops', ruleset: 'r1', reason: 'test' });
    expect(ack.seq).toBe(10);
    expect(log.size()).toBe(11);
    expect((await Promise.all(earlier)).map((a) => a[0].seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const later = await log.appendOutcomeAsync({ decisionId: 'ev-1', session: 's', agent: 'a', status: 'executed', observed: { texts: ['ok'] } });
    expect(later.seq).toBe(11);
    await log.close();
  });

  it('a full disk rejects the failed group and everything numbered after it, visibly, and leaves no gap', async () => {
    const path = tmp.file('full.db');
    const failures: Error[] = [];
    const log = openThreadedAuditLog(path, { maxPageCount: 40, maxGroup: 4, onFailure: (e) => failures.push(e) });
    const acked: number[] = [];
    let rejected = 0;
    let firstError: unknown = null;
    for (let round = 0; round < 500 && firstError === null; round++) {
      const batch = Array.from({ length: 12 }, (_, i) => log.appendDecisionsAsync([makeInput(round * 12 + i)]));
      for (const result of await Promise.allSettled(batch)) {
        if (result.status === 'fulfilled') acked.push(result.value[0].seq);
        else {
          rejected++;
          firstError ??= result.reason;
        }
      }
    }
    expect(firstError).toBeInstanceOf(AuditException);
    expect((firstError as AuditException).code).toBe('audit_write_failed');
    expect((firstError as Error).message).toMatch(/full\.db: decisions ev-\d+ was not written: .*full/i);
    expect(failures.length).toBe(rejected);
    expect(log.status().ok).toBe(false);
    // What was acked is exactly what is in the log: contiguous from 0, and it verifies.
    expect(acked).toEqual(Array.from({ length: acked.length }, (_, i) => i));
    expect(log.size()).toBe(acked.length);
    expect(log.verify().ok).toBe(true);
    await log.close();
    expect(seqs(path)).toEqual(acked);
  });

  it('close flushes what is pending; appends after close are refused', async () => {
    const path = tmp.file('close.db');
    const log = openThreadedAuditLog(path);
    const pending = Array.from({ length: 5 }, (_, i) => log.appendDecisionsAsync([makeInput(i)]));
    expect(log.pending()).toBe(5);
    await log.close();
    expect((await Promise.all(pending)).length).toBe(5);
    await expect(log.appendDecisionsAsync([makeInput(9)])).rejects.toMatchObject({ code: 'audit_write_failed' });
    const reopened = openAuditLog(path, { readonly: true });
    expect(reopened.size()).toBe(5);
    expect(reopened.verify().ok).toBe(true);
    reopened.close();
  });
});
