// Full verification of an audit database: every record is re-read, re-canonicalized and
// re-hashed; seq must run 0..n-1 without gaps; the Merkle roots recomputed from the records must
// match every stored checkpoint and every pinned (external) checkpoint. Each problem names the
// record (seq) or checkpoint it is about.
import { utf8 } from '../core/audit/canonical-json';
import type { Checkpoint } from '../core/audit/checkpoint';
import { bytesEqual, fromHex, toHex, type HashAlgorithm } from '../core/audit/hash';
import { leafHash, MerkleFrontier } from '../core/audit/merkle';
import { checkRecordEnvelope } from '../core/audit/record';
import type { Db } from './sqlite';

export type VerifyProblemCode =
  | 'seq_gap' // records missing (deleted) before this seq
  | 'seq_mismatch' // a record sits at a seq it does not claim (moved, reordered, inserted)
  | 'record_corrupt' // not JSON, not canonical, or a bad envelope
  | 'leaf_mismatch' // record content no longer matches the leaf hash written with it
  | 'column_mismatch' // an indexed column disagrees with the hashed record
  | 'hash_alg_mismatch'
  | 'checkpoint_mismatch' // recomputed root differs from a checkpoint's root
  | 'truncated' // a checkpoint covers more records than the log has
  | 'wrong_log' // a pinned checkpoint belongs to another log
  | 'config_mismatch'; // a stored configuration does not hash to its key

export interface VerifyProblem {
  code: VerifyProblemCode;
  message: string;
  seq?: number;
}

export interface VerifyReport {
  ok: boolean;
  log: string;
  hash_alg: string;
  size: number;
  root: string;
  storedCheckpoints: number;
  pinnedCheckpoints: number;
  problems: VerifyProblem[];
}

interface Row {
  seq: number;
  kind: string;
  session: string | null;
  agent: string | null;
  decision_id: string | null;
  decision: string | null;
  ruleset: string | null;
  record: string;
  leaf_hash: Uint8Array;
}

interface CheckpointRef {
  size: number;
  root: Uint8Array;
  label: string;
}

const MAX_PROBLEMS = 100;

export function verifyDatabase(db: Db, alg: HashAlgorithm, logId: string, pinned: readonly Checkpoint[] = []): VerifyReport {
  const problems: VerifyProblem[] = [];
  const add = (p: VerifyProblem): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };

  const refs: CheckpointRef[] = [];
  const stored = db.prepare('SELECT size, root, ts FROM audit_checkpoints ORDER BY size').all() as Array<{ size: number; root: Uint8Array; ts: number }>;
  for (const c of stored) refs.push({ size: c.size, root: c.root, label: `stored checkpoint at size ${c.size} (${new Date(c.ts).toISOString()})` });
  pinned.forEach((c, i) => {
    const label = `pinned checkpoint #${i + 1} at size ${c.size} (${new Date(c.ts).toISOString()})`;
    if (c.log !== logId) {
      add({ code: 'wrong_log', message: `${label} belongs to log ${c.log}, this database is log ${logId}` });
      return;
    }
    if (c.hash_alg !== alg.name) {
      add({ code: 'hash_alg_mismatch', message: `${label} uses ${c.hash_alg}, this log uses ${alg.name}` });
      return;
    }
    refs.push({ size: c.size, root: fromHex(c.root, `${label}.root`, alg.size), label });
  });
  refs.sort((a, b) => a.size - b.size);

  const frontier = new MerkleFrontier(alg);
  let refIndex = 0;
  /** Size of the last checkpoint that matched, to bound where an undetected rewrite lies. */
  let lastGood = 0;
  let firstRecordProblem: number | null = null;
  const checkRefsAt = (size: number): void => {
    while (refIndex < refs.length && refs[refIndex].size <= size) {
      const ref = refs[refIndex++];
      if (ref.size < size) continue; // only reachable for refs below a gap; reported by the gap
      const root = frontier.root();
      if (bytesEqual(root, ref.root)) {
        lastGood = Math.max(lastGood, size);
        continue;
      }
      const where =
        firstRecordProblem !== null && firstRecordProblem < size
          ? `first bad record: seq ${firstRecordProblem}`
          : `a record with seq in [${lastGood}, ${size - 1}] was modified, inserted, deleted or reordered and its hashes rewritten`;
      add({ code: 'checkpoint_mismatch', message: `${ref.label}: root ${toHex(ref.root)} does not match the records (recomputed ${toHex(root)}); ${where}`, seq: firstRecordProblem ?? lastGood });
    }
  };
  checkRefsAt(0);

  const noteRecord = (p: VerifyProblem & { seq: number }): void => {
    if (firstRecordProblem === null) firstRecordProblem = p.seq;
    add(p);
  };

  let expected = 0;
  const rows = db.prepare('SELECT seq, kind, session, agent, decision_id, decision, ruleset, record, leaf_hash FROM audit_log ORDER BY seq').iterate() as IterableIterator<Row>;
  for (const row of rows) {
    if (row.seq !== expected) {
      if (row.seq > expected) {
        const missing = row.seq - expected === 1 ? `record ${expected} is missing` : `records ${expected}..${row.seq - 1} are missing`;
        noteRecord({ code: 'seq_gap', seq: expected, message: `${missing} (deleted)` });
      } else {
        noteRecord({ code: 'seq_mismatch', seq: row.seq, message: `record ${row.seq} is out of order` });
      }
    }
    const where = `record ${row.seq}`;
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(row.record);
    } catch {
      noteRecord({ code: 'record_corrupt', seq: row.seq, message: `${where}: stored text is not JSON` });
    }
    if (parsed !== undefined) {
      try {
        const record = checkRecordEnvelope(parsed, where);
        if (record.seq !== row.seq) {
          noteRecord({ code: 'seq_mismatch', seq: row.seq, message: `${where}: the row at seq ${row.seq} holds the record written as seq ${record.seq} (records moved, reordered or inserted)` });
        }
        if (record.hash_alg !== alg.name) noteRecord({ code: 'hash_alg_mismatch', seq: row.seq, message: `${where}: hash_alg ${record.hash_alg}, the log uses ${alg.name}` });
        const r = record as unknown as Record<string, unknown>;
        const columns: Array<[string, unknown, unknown]> = [
          ['kind', row.kind, record.kind],
          ['session', row.session, r.session ?? null],
          ['agent', row.agent, r.agent ?? null],
          ['decision_id', row.decision_id, r.decision_id ?? null],
          ['decision', row.decision, record.kind === 'decision' ? record.decision : record.kind === 'outcome' ? record.status : record.action],
          ['ruleset', row.ruleset, r.ruleset ?? null],
        ];
        for (const [name, column, value] of columns) {
          if (column !== value) noteRecord({ code: 'column_mismatch', seq: row.seq, message: `${where}: column ${name} is ${JSON.stringify(column)} but the hashed record says ${JSON.stringify(value)}` });
        }
      } catch (error) {
        noteRecord({ code: 'record_corrupt', seq: row.seq, message: (error as Error).message });
      }
    }
    const leaf = leafHash(alg, utf8(row.record));
    if (!(row.leaf_hash instanceof Uint8Array) || !bytesEqual(leaf, row.leaf_hash)) {
      noteRecord({ code: 'leaf_mismatch', seq: row.seq, message: `${where}: content does not match the leaf hash written with it (modified after it was written)` });
    }
    frontier.push(leaf);
    expected = row.seq + 1;
    checkRefsAt(frontier.size);
  }
  const size = frontier.size;
  for (; refIndex < refs.length; refIndex++) {
    const ref = refs[refIndex];
    if (ref.size > size) {
      add({ code: 'truncated', seq: size, message: `${ref.label} covers ${ref.size} records but the log has ${size}: records ${size}..${ref.size - 1} were removed (truncated)` });
    }
  }

  const configs = db.prepare('SELECT hash, config FROM audit_configs').all() as Array<{ hash: string; config: string }>;
  for (const c of configs) {
    if (toHex(alg.hash(utf8(c.config))) !== c.hash) add({ code: 'config_mismatch', message: `stored configuration ${c.hash} does not match its content` });
  }

  return {
    ok: problems.length === 0,
    log: logId,
    hash_alg: alg.name,
    size,
    root: toHex(frontier.root()),
    storedCheckpoints: stored.length,
    pinnedCheckpoints: pinned.length,
    problems,
  };
}
