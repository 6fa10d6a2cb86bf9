import { existsSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkConsistencyProof, checkInclusionProof } from '../../../src/core/audit/checkpoint';
import { canonicalJson } from '../../../src/core/audit/canonical-json';
import { AuditException } from '../../../src/core/audit/errors';
import { getHashAlgorithm, toHex } from '../../../src/core/audit/hash';
import { leafHash } from '../../../src/core/audit/merkle';
import { openAuditLog, verifyAuditFile, type AuditLog } from '../../../src/storage/audit-log';
import { makeInput } from '../../unit/core/audit/fixtures';
import { raw, tempDir } from './helpers';
import { auditDecisions } from '../../../src/storage/audited-decisions';

let tmp: ReturnType<typeof tempDir>;
let clock = 1_700_000_000_000;
const now = () => clock++;

beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

function filled(n: number, opts: Parameters<typeof openAuditLog>[1] = {}): { log: AuditLog; path: string } {
  const path = tmp.file('audit.db');
  const log = openAuditLog(path, { now, checkpointEvery: 8, ...opts });
  for (let i = 0; i < n; i++) {
    log.appendDecision(makeInput(i));
    if (i % 4 === 3) log.appendOutcome({ decisionId: `ev-${i}`, session: `s-${i % 3}`, agent: 'mailer', status: 'executed', observed: { texts: [`read ${i}`] } });
  }
  return { log, path };
}

describe('audit log: append, reopen, prove, export', () => {
  it('appends records with seq = leaf index, survives reopen and verifies', () => {
    const { log, path } = filled(20);
    expect(log.size()).toBe(25);
    const ack = log.appendOperatorAction({ action: 'approve', operator: 'ops', decisionId: 'ev-3', reason: 'looks fine' });
    expect(ack.seq).toBe(25);
    const root = log.checkpoint().root;
    log.close();
    const again = openAuditLog(path, { now });
    expect(again.size()).toBe(26);
    expect(again.checkpoint().root).toBe(root);
    const ack2 = again.appendDecision(makeInput(99));
    expect(ack2.seq).toBe(26);
    const report = again.verify();
    expect(report).toMatchObject({ ok: true, size: 27, problems: [] });
    again.close();
  });

  it('stores the redacted event, request, screen and the decision fields', () => {
    const { log } = filled(0);
    const input = makeInput(1, { secretField: true, action: 'type', payload: [{ field: 'text', value: 'pw-hunter2' }] }, { decision: 'deny', rules: ['secret-typed'], reason: 'secret typed' });
    log.appendDecision(input);
    const [record] = log.records();
    expect(record).toMatchObject({ kind: 'decision', decision_id: 'ev-1', decision: 'deny', rules: ['secret-typed'], ruleset: 'rev-a', hash_alg: 'sha256' });
    expect(log.exportJsonl()).not.toContain('pw-hunter2');
    log.close();
  });

  it('inclusion proofs verify offline for every record; consistency with older checkpoints', () => {
    const { log } = filled(30);
    const size = log.size();
    for (let seq = 0; seq < size; seq++) {
      const proof = log.prove(seq);
      expect(checkInclusionProof(proof)).toMatchObject({ ok: true });
    }
    const older = log.prove(5, 17);
    expect(older.size).toBe(17);
    expect(checkInclusionProof(older).ok).toBe(true);
    for (const cp of log.checkpoints()) {
      const c = log.proveConsistency(cp.size);
      expect(c.first_root).toBe(cp.root);
      expect(checkConsistencyProof(c).ok).toBe(true);
    }
    expect(() => log.prove(size)).toThrow(/no record/);
    expect(() => log.prove(-1)).toThrow(AuditException);
    log.close();
  });

  it('exports one session as JSON Lines of canonical records', () => {
    const { log } = filled(12);
    const lines = log.exportJsonl('s-1').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const r = JSON.parse(line);
      expect(r.session).toBe('s-1');
      expect(canonicalJson(r)).toBe(line);
    }
    log.close();
  });

  it('supports SM3 as the log hash, and refuses to reopen with another algorithm', () => {
    const path = tmp.file('sm3.db');
    const log = openAuditLog(path, { hashAlg: 'sm3', now });
    log.appendDecision(makeInput(1));
    const proof = log.prove(0);
    expect(proof.hash_alg).toBe('sm3');
    expect(proof.leaf_hash).toBe(toHex(leafHash(getHashAlgorithm('sm3'), new TextEncoder().encode(proof.record!))));
    expect(checkInclusionProof(proof).ok).toBe(true);
    expect(log.verify().ok).toBe(true);
    log.close();
    expect(() => openAuditLog(path, { hashAlg: 'sha256' })).toThrow(/uses sm3; it cannot be opened with sha256/);
    const reopened = openAuditLog(path);
    expect(reopened.hashAlg).toBe('sm3');
    reopened.close();
  });

  it('stores each record as TEXT, byte for byte the canonical JSON it hashed, whatever the script', () => {
    const { log, path } = filled(0);
    const texts = ['Tomás Herrera', '新员工 名单', 'emoji 👩‍💻 and \u2028 line sep', 'quote " backslash \\ tab \t nul \u0000', 'plain'];
    const acks = texts.map((t, i) => log.appendDecision({ ...makeInput(i), screen: { texts: [t] } }));
    log.close();
    const db = raw(path);
    const rows = db.prepare('SELECT seq, typeof(record) AS type, record, CAST(record AS BLOB) AS bytes, leaf_hash FROM audit_log ORDER BY seq').all() as Array<{ seq: number; type: string; record: string; bytes: Buffer; leaf_hash: Buffer }>;
    db.close();
    const sha = getHashAlgorithm('sha256');
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) {
      expect(row.type).toBe('text');
      const parsed = JSON.parse(row.record);
      expect(parsed.screen.texts).toEqual([texts[row.seq]]);
      expect(canonicalJson(parsed)).toBe(row.record);
      const utf8 = new TextEncoder().encode(row.record);
      expect(Buffer.compare(row.bytes, Buffer.from(utf8))).toBe(0);
      expect(toHex(row.leaf_hash)).toBe(toHex(leafHash(sha, utf8)));
      expect(acks[row.seq].leaf).toBe(toHex(row.leaf_hash));
    }
    expect(verifyAuditFile(path).ok).toBe(true);
  });

  it('plan steps are written all or none', () => {
    const { log } = filled(0);
    const good = makeInput(1);
    const bad = { ...makeInput(2), decision: { ...makeInput(2).decision, latency_us: NaN } };
    expect(() => log.appendDecisions([good, bad])).toThrow(AuditException);
    expect(log.size()).toBe(0);
    expect(log.appendDecisions([good, makeInput(2)]).map((a) => a.seq)).toEqual([0, 1]);
    expect(log.verify().ok).toBe(true);
    log.close();
  });
});

describe('audit log: fail closed', () => {
  it('a full disk makes the append throw audit_write_failed, visibly, and keeps the log consistent', () => {
    const path = tmp.file('full.db');
    const failures: Error[] = [];
    const log = openAuditLog(path, { now, maxPageCount: 40, onFailure: (e) => failures.push(e) });
    let acked = 0;
    let error: unknown;
    for (let i = 0; i < 10_000; i++) {
      try {
        log.appendDecision(makeInput(i));
        acked++;
      } catch (e) {
        error = e;
        break;
      }
    }
    expect(error).toBeInstanceOf(AuditException);
    expect((error as AuditException).code).toBe('audit_write_failed');
    expect((error as Error).message).toMatch(/full\.db: decision ev-\d+ was not written: .*full/i);
    expect(failures).toHaveLength(1);
    expect(log.status()).toMatchObject({ ok: false, failures: 1, size: acked });
    expect(() => log.appendDecision(makeInput(1))).toThrow(AuditException);
    log.close();
    // Every acknowledged record is there and the log verifies; with room again, appends resume.
    const reopened = openAuditLog(path, { now });
    expect(reopened.size()).toBe(acked);
    expect(reopened.verify().ok).toBe(true);
    reopened.appendDecision(makeInput(123_456));
    expect(reopened.status().ok).toBe(true);
    reopened.close();
  });

  it('a read-only log refuses appends with audit_write_failed', () => {
    const { log, path } = filled(3);
    log.close();
    const ro = openAuditLog(path, { readonly: true });
    expect(() => ro.appendDecision(makeInput(9))).toThrow(/read-only/);
    expect(ro.verify().ok).toBe(true);
    ro.close();
  });

  it('invalid input is refused as a write failure, never half-written', () => {
    const { log } = filled(0);
    expect(() => log.appendDecision({ event: undefined as never, decision: undefined as never })).toThrow(AuditException);
    expect(() => log.appendOutcome({ decisionId: '', session: 's', agent: 'a', status: 'executed' })).toThrow(/decisionId/);
    expect(log.size()).toBe(0);
    log.close();
    expect(() => log.appendDecision(makeInput(1))).toThrow(/closed/);
  });

  it('bad database paths give a clear error naming the file', () => {
    const junk = tmp.file('junk.db');
    writeFileSync(junk, 'this is not sqlite at all, just text '.repeat(200));
    expect(() => openAuditLog(junk)).toThrow(/junk\.db: .*not (an SQLite|a) database/);
    expect(() => openAuditLog(tmp.file('missing.db'), { readonly: true })).toThrow(/missing\.db/);
    expect(existsSync(tmp.file('missing.db'))).toBe(false);
    expect(() => openAuditLog(tmp.file('no/such/dir/a.db'))).toThrow(/a\.db: cannot open/);
    const other = tmp.file('other.db');
    raw(other).exec('CREATE TABLE x (a)').close();
    expect(() => openAuditLog(other, { readonly: true })).toThrow(/other\.db/);
  });

  it('refuses a database from a newer schema', () => {
    const { log, path } = filled(1);
    log.close();
    const db = raw(path);
    db.pragma('user_version = 999');
    db.close();
    expect(() => openAuditLog(path)).toThrow(/schema version 999 is newer/);
  });
});

describe('audit log: checkpoints', () => {
  it('takes checkpoints every N records and by time, hands each to onCheckpoint, and they verify as pins', () => {
    const path = tmp.file('cp.db');
    const pinned: import('../../../src/core/audit/checkpoint').Checkpoint[] = [];
    let t = 0;
    const log = openAuditLog(path, { checkpointEvery: 4, checkpointIntervalMs: 1000, now: () => t, onCheckpoint: (cp) => pinned.push(cp) });
    for (let i = 0; i < 10; i++) log.appendDecision(makeInput(i));
    expect(pinned.map((c) => c.size)).toEqual([4, 8]);
    t = 5000; // time-based: the next append checkpoints although only 3 records passed
    log.appendDecision(makeInput(10));
    expect(pinned.map((c) => c.size)).toEqual([4, 8, 11]);
    log.appendDecision(makeInput(11));
    log.close();
    expect(pinned.map((c) => c.size)).toEqual([4, 8, 11, 12]);
    expect(verifyAuditFile(path, pinned)).toMatchObject({ ok: true, pinnedCheckpoints: 4 });
  });
});

describe('auditDecisions: fail closed in one place', () => {
  it('passes decisions through when written, turns them all into denies when the write fails', () => {
    const { log } = filled(0, { maxPageCount: 40 });
    const a = makeInput(1, { plan: { index: 0, count: 2 } });
    const b = makeInput(2, { plan: { index: 1, count: 2 } });
    const ok = auditDecisions(log, [a, b] as never, a.request);
    expect(ok.failure).toBeNull();
    expect(ok.decided.map((d) => d.decision.decision)).toEqual(['allow', 'allow']);
    expect(ok.acks.map((x) => x.seq)).toEqual([0, 1]);
    let result = ok;
    for (let i = 0; i < 10_000 && result.failure === null; i++) result = auditDecisions(log, [makeInput(i + 10)] as never, {});
    expect(result.failure).not.toBeNull();
    expect(result.decided[0].decision).toMatchObject({ decision: 'deny', code: 'audit_unavailable', reason: expect.stringMatching(/audit log could not record this decision/) });
    expect(log.status().ok).toBe(false);
    log.close();
  });
});
