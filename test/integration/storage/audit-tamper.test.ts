// Every kind of tampering with the audit database is detected and the offending record named:
// modify, delete, insert, reorder, truncate — naive SQL edits and full hash rewrites alike.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/core/audit/canonical-json';
import type { Checkpoint } from '../../../src/core/audit/checkpoint';
import { getHashAlgorithm } from '../../../src/core/audit/hash';
import { leafHash, MerkleFrontier, treeRoot } from '../../../src/core/audit/merkle';
import { openAuditLog, verifyAuditFile } from '../../../src/storage/audit-log';
import { makeInput } from '../../unit/core/audit/fixtures';
import { raw, tempDir } from './helpers';

const alg = getHashAlgorithm('sha256');
const N = 40;
let tmp: ReturnType<typeof tempDir>;
let path: string;
let pinned: Checkpoint[];

beforeEach(() => {
  tmp = tempDir();
  path = tmp.file('audit.db');
  let t = 1_700_000_000_000;
  const log = openAuditLog(path, { checkpointEvery: 10, now: () => t++ });
  for (let i = 0; i < N; i++) log.appendDecision(makeInput(i));
  pinned = [log.checkpoint()];
  log.close();
  expect(verifyAuditFile(path, pinned).ok).toBe(true);
});
afterEach(() => tmp.cleanup());

type Row = { seq: number; record: string; leaf_hash: Buffer };

function editRecord(seq: number, edit: (r: Record<string, unknown>) => void): string {
  const db = raw(path);
  const row = db.prepare('SELECT record FROM audit_log WHERE seq = ?').get(seq) as { record: string };
  const r = JSON.parse(row.record);
  edit(r);
  const text = canonicalJson(r);
  db.prepare('UPDATE audit_log SET record = ? WHERE seq = ?').run(text, seq);
  db.close();
  return text;
}

/** What a careful attacker does after editing rows: recompute every leaf hash and every stored checkpoint. */
function rewriteHashes(): void {
  const db = raw(path);
  const rows = db.prepare('SELECT seq, record FROM audit_log ORDER BY seq').all() as Row[];
  const leaves: Uint8Array[] = [];
  const update = db.prepare('UPDATE audit_log SET leaf_hash = ? WHERE seq = ?');
  for (const row of rows) {
    const leaf = leafHash(alg, new TextEncoder().encode(row.record));
    leaves.push(leaf);
    update.run(Buffer.from(leaf), row.seq);
  }
  const cps = db.prepare('SELECT size FROM audit_checkpoints').all() as Array<{ size: number }>;
  for (const { size } of cps) {
    if (size > leaves.length) {
      db.prepare('DELETE FROM audit_checkpoints WHERE size = ?').run(size);
      continue;
    }
    const f = new MerkleFrontier(alg);
    leaves.slice(0, size).forEach((l) => f.push(l));
    db.prepare('UPDATE audit_checkpoints SET root = ?, frontier = ? WHERE size = ?').run(Buffer.from(treeRoot(alg, leaves, size)), JSON.stringify(f.nodes.map((n) => Buffer.from(n).toString('hex'))), size);
  }
  db.close();
}

function problems(withPinned = true) {
  const report = verifyAuditFile(path, withPinned ? pinned : []);
  expect(report.ok).toBe(false);
  return report.problems;
}

describe('tamper detection', () => {
  it('modify: an edited record is named by its seq', () => {
    editRecord(17, (r) => (r.decision = 'allow', r.reason = 'edited'));
    const p = problems(false);
    expect(p[0]).toMatchObject({ code: 'leaf_mismatch', seq: 17 });
    expect(p[0].message).toMatch(/record 17: content does not match the leaf hash/);
  });

  it('modify with rewritten leaf hashes: stored checkpoints catch it and bound the record', () => {
    editRecord(17, (r) => (r.reason = 'edited'));
    rewriteHashes();
    // The attacker also rewrote the stored checkpoints, so only the pinned one is left to catch it...
    const p = problems(true);
    expect(p.map((x) => x.code)).toEqual(['checkpoint_mismatch']);
    expect(p[0].message).toMatch(/pinned checkpoint #1 at size 40/);
    // ...and without it the rewrite would be invisible: which is why checkpoints are pinned outside.
    expect(verifyAuditFile(path).ok).toBe(true);
  });

  it('modify with a rewritten leaf hash only: the stored checkpoints name the range', () => {
    editRecord(17, (r) => (r.reason = 'edited'));
    const db = raw(path);
    const text = (db.prepare('SELECT record FROM audit_log WHERE seq = 17').get() as { record: string }).record;
    db.prepare('UPDATE audit_log SET leaf_hash = ? WHERE seq = 17').run(Buffer.from(leafHash(alg, new TextEncoder().encode(text))));
    db.close();
    const p = problems(false);
    expect(p[0]).toMatchObject({ code: 'checkpoint_mismatch' });
    expect(p[0].message).toMatch(/stored checkpoint at size 20 .* seq in \[10, 19\]/);
  });

  it('modify an indexed column or hand-edit the JSON text', () => {
    raw(path).prepare("UPDATE audit_log SET decision = 'deny' WHERE seq = 3").run();
    expect(problems(false)[0]).toMatchObject({ code: 'column_mismatch', seq: 3 });
    const db = raw(path);
    db.prepare("UPDATE audit_log SET decision = 'allow', record = replace(record, '\"v\":1', '\"v\": 1') WHERE seq = 4").run();
    db.close();
    expect(problems(false).map((x) => [x.code, x.seq])).toContainEqual(['leaf_mismatch', 4]);
  });

  it('delete: the gap is named', () => {
    raw(path).prepare('DELETE FROM audit_log WHERE seq = 23').run();
    const p = problems();
    expect(p[0]).toMatchObject({ code: 'seq_gap', seq: 23 });
    expect(p[0].message).toMatch(/record 23 is missing \(deleted\)/);
  });

  it('delete and renumber with rewritten hashes: caught by the pinned checkpoint', () => {
    const db = raw(path);
    db.prepare('DELETE FROM audit_log WHERE seq = 23').run();
    const rows = db.prepare('SELECT seq, record FROM audit_log WHERE seq > 23 ORDER BY seq').all() as Row[];
    for (const row of rows) {
      const r = JSON.parse(row.record);
      r.seq = row.seq - 1;
      db.prepare('UPDATE audit_log SET seq = ?, record = ? WHERE seq = ?').run(row.seq - 1, canonicalJson(r), row.seq);
    }
    db.close();
    rewriteHashes();
    const p = problems();
    expect(p.map((x) => x.code)).toContain('truncated');
  });

  it('insert: a forged record slipped in the middle is found where the sequence breaks', () => {
    const db = raw(path);
    const rows = db.prepare('SELECT seq FROM audit_log WHERE seq >= 12 ORDER BY seq DESC').all() as Row[];
    for (const row of rows) db.prepare('UPDATE audit_log SET seq = seq + 1 WHERE seq = ?').run(row.seq);
    const forged = JSON.parse((db.prepare('SELECT record FROM audit_log WHERE seq = 11').get() as Row).record);
    forged.seq = 12;
    forged.decision_id = 'forged';
    forged.decision = 'allow';
    const text = canonicalJson(forged);
    db.prepare('INSERT INTO audit_log (seq, kind, ts, session, agent, decision_id, decision, ruleset, record, leaf_hash) VALUES (12, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      'decision', forged.ts, forged.session, forged.agent, 'forged', 'allow', forged.ruleset, text, Buffer.from(leafHash(alg, new TextEncoder().encode(text))),
    );
    db.close();
    const p = problems();
    expect(p[0]).toMatchObject({ code: 'seq_mismatch', seq: 13 });
    expect(p[0].message).toMatch(/row at seq 13 holds the record written as seq 12/);
  });

  it('reorder: swapped records are named', () => {
    const db = raw(path);
    const a = db.prepare('SELECT record, leaf_hash FROM audit_log WHERE seq = 8').get() as Row;
    const b = db.prepare('SELECT record, leaf_hash FROM audit_log WHERE seq = 9').get() as Row;
    db.prepare('UPDATE audit_log SET record = ?, leaf_hash = ? WHERE seq = 8').run(b.record, b.leaf_hash);
    db.prepare('UPDATE audit_log SET record = ?, leaf_hash = ? WHERE seq = 9').run(a.record, a.leaf_hash);
    db.close();
    const p = problems();
    expect(p.filter((x) => x.code === 'seq_mismatch').map((x) => x.seq)).toEqual([8, 9]);
  });

  it('truncate: removing the tail is detected against the pinned checkpoint', () => {
    const db = raw(path);
    db.prepare('DELETE FROM audit_log WHERE seq >= 35').run();
    db.prepare('DELETE FROM audit_checkpoints WHERE size > 35').run();
    db.close();
    const p = problems();
    expect(p).toEqual([expect.objectContaining({ code: 'truncated', seq: 35 })]);
    expect(p[0].message).toMatch(/covers 40 records but the log has 35: records 35..39 were removed/);
    // Against its own stored checkpoints the tail also goes missing when they were left in place.
    raw(path).prepare("INSERT INTO audit_checkpoints (size, root, ts, frontier) VALUES (38, zeroblob(32), 0, '[]')").run();
    expect(problems(false).map((x) => x.code)).toContain('truncated');
  });

  it('a stored checkpoint edited by hand is reported', () => {
    raw(path).prepare('UPDATE audit_checkpoints SET root = zeroblob(32) WHERE size = 20').run();
    expect(problems(false)[0].message).toMatch(/stored checkpoint at size 20/);
  });

  it('a pinned checkpoint of another log or algorithm is refused', () => {
    expect(verifyAuditFile(path, [{ ...pinned[0], log: 'someone-else' }]).problems[0].code).toBe('wrong_log');
    expect(verifyAuditFile(path, [{ ...pinned[0], hash_alg: 'sm3' }]).problems[0].code).toBe('hash_alg_mismatch');
  });

  it('any single-record modification, deletion or reordering is detected (property)', () => {
    const pristine = tmp.file('pristine.db');
    const db = raw(path);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec(`VACUUM INTO '${pristine}'`);
    db.close();
    // Each run gets its own copy: fast-check may draw the same (seq, kind, salt) twice.
    let run = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: N - 1 }), fc.constantFrom('flip', 'delete', 'swap', 'field'), fc.integer({ min: 0, max: 10_000 }), (seq, kind, salt) => {
        const target = tmp.file(`p-${++run}-${seq}-${kind}-${salt}.db`);
        const src = raw(pristine);
        src.exec(`VACUUM INTO '${target}'`);
        src.close();
        const t = raw(target);
        if (kind === 'flip') {
          const row = t.prepare('SELECT record FROM audit_log WHERE seq = ?').get(seq) as Row;
          const i = salt % row.record.length;
          const ch = row.record[i] === 'a' ? 'b' : 'a';
          t.prepare('UPDATE audit_log SET record = ? WHERE seq = ?').run(row.record.slice(0, i) + ch + row.record.slice(i + 1), seq);
        } else if (kind === 'delete') {
          t.prepare('DELETE FROM audit_log WHERE seq = ?').run(seq);
        } else if (kind === 'swap') {
          const other = (seq + 1 + (salt % (N - 1))) % N;
          const a = t.prepare('SELECT record, leaf_hash FROM audit_log WHERE seq = ?').get(seq) as Row;
          const b = t.prepare('SELECT record, leaf_hash FROM audit_log WHERE seq = ?').get(other) as Row;
          t.prepare('UPDATE audit_log SET record = ?, leaf_hash = ? WHERE seq = ?').run(b.record, b.leaf_hash, seq);
          t.prepare('UPDATE audit_log SET record = ?, leaf_hash = ? WHERE seq = ?').run(a.record, a.leaf_hash, other);
        } else {
          t.prepare("UPDATE audit_log SET session = 'x' || session WHERE seq = ?").run(seq);
        }
        t.close();
        const report = verifyAuditFile(target, pinned);
        expect(report.ok).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});

describe('writer refuses a damaged log', () => {
  it('a checkpoint frontier that does not match its root, or missing rows, stop the writer from appending', () => {
    raw(path).prepare("UPDATE audit_checkpoints SET frontier = replace(frontier, 'a', 'b') WHERE size = (SELECT MAX(size) FROM audit_checkpoints)").run();
    expect(() => openAuditLog(path)).toThrow(/frontier does not match its root/);
    expect(verifyAuditFile(path).ok).toBe(true); // the records themselves are intact; readers still work
  });
  it('deleted rows', () => {
    raw(path).prepare('DELETE FROM audit_log WHERE seq = 3').run();
    expect(() => openAuditLog(path)).toThrow(/records are missing/);
  });
  it('a truncated tail', () => {
    raw(path).prepare('DELETE FROM audit_log WHERE seq >= 35').run();
    expect(() => openAuditLog(path)).toThrow(/truncated/);
  });
});
