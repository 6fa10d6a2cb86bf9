// The audit log: an append-only table of canonical-JSON records under an RFC 6962 Merkle tree,
// with periodic checkpoints (size, root, time). Synchronous (better-sqlite3): when an append
// returns, the record is committed to the WAL and survives a crash of this process. Any failure
// throws AuditException('audit_write_failed'); the caller must then deny the action.
import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../core/audit/canonical-json';
import { CHECKPOINT_TYPE, CONSISTENCY_TYPE, INCLUSION_TYPE, contentHash, type Checkpoint, type ConsistencyProofJson, type InclusionProofJson } from '../core/audit/checkpoint';
import { auditError, isAuditException } from '../core/audit/errors';
import { DEFAULT_HASH_ALG, fromHex, isHashAlgName, toHex, type HashAlgName, type HashAlgorithm } from '../core/audit/hash';
import { MerkleFrontier, MerkleTree } from '../core/audit/merkle';
import {
  buildDecisionRecord,
  buildOperatorRecord,
  buildOutcomeRecord,
  checkRecordEnvelope,
  recordText,
  type AuditRecord,
  type DecisionInput,
  type OperatorInput,
  type OutcomeInput,
  type RecordStamp,
} from '../core/audit/record';
import { verifyDatabase, type VerifyReport } from './audit-verify';
import { resolveHashAlgorithm } from './native-hash';
import { RecordEncoder } from './record-encoder';
import { openDatabase, type Db } from './sqlite';

export interface AuditLogOptions {
  /** Hash algorithm of a new log (default sha256). An existing log keeps its own; asking for another throws. */
  hashAlg?: HashAlgName;
  /** Take a checkpoint every N records (default 1024), in the same transaction as the append. */
  checkpointEvery?: number;
  /** ...and at least every this many milliseconds of appends (default 60 000). */
  checkpointIntervalMs?: number;
  /** Milliseconds since epoch; defaults to Date.now. */
  now?: () => number;
  synchronous?: 'NORMAL' | 'FULL';
  /** Caps the database at this many pages (SQLite max_page_count): appends past it fail closed. */
  maxPageCount?: number;
  /** Open for reading only (verify, prove, export). Appends then throw. */
  readonly?: boolean;
  /**
   * Called after each checkpoint is committed (every `checkpointEvery` records, on checkpoint()
   * and on close), e.g. to pin it outside the database. Errors thrown here are ignored.
   */
  onCheckpoint?: (checkpoint: Checkpoint) => void;
  /** Called on every failed write, after the error is recorded, before it is thrown. */
  onFailure?: (error: Error) => void;
}

export interface AppendAck {
  seq: number;
  /** Hex leaf hash of the record. */
  leaf: string;
}

export interface AuditStatus {
  /** False when the last write failed (the failed action was denied). */
  ok: boolean;
  size: number;
  failures: number;
  lastError: string | null;
}

export interface ReadRecordsQuery {
  session?: string;
  fromSeq?: number;
  kind?: AuditRecord['kind'];
}

export interface AuditLog {
  readonly path: string;
  readonly logId: string;
  readonly hashAlg: HashAlgName;
  size(): number;
  appendDecision(input: DecisionInput): AppendAck;
  /** All steps of one request (e.g. an llm plan) in one transaction: all are written or none. */
  appendDecisions(inputs: readonly DecisionInput[]): AppendAck[];
  appendOutcome(input: OutcomeInput): AppendAck;
  appendOperatorAction(input: OperatorInput): AppendAck;
  /** Stores a policy configuration snapshot; returns its hash for DecisionInput.configHash. */
  putConfig(config: unknown): string;
  getConfig(hash: string): unknown;
  /** Takes a checkpoint of the current size (no-op if the last one has the same size) and returns it. */
  checkpoint(): Checkpoint;
  checkpoints(): Checkpoint[];
  verify(pinned?: readonly Checkpoint[]): VerifyReport;
  prove(seq: number, size?: number): InclusionProofJson;
  proveConsistency(first: number, second?: number): ConsistencyProofJson;
  /** Stored canonical JSON text of each record, in seq order. */
  recordTexts(query?: ReadRecordsQuery): IterableIterator<string>;
  records(query?: ReadRecordsQuery): AuditRecord[];
  /** JSON Lines of one session's records (or all when session is omitted). */
  exportJsonl(session?: string): string;
  status(): AuditStatus;
  close(): void;
}

const META_LOG_ID = 'log_id';
const META_HASH_ALG = 'hash_alg';
const META_CREATED = 'created';

interface PendingRow {
  seq: number;
  ts: number;
  record: AuditRecord;
  /** UTF-8 of the record's canonical JSON: the bytes that were hashed. */
  bytes: Buffer;
  leaf: Uint8Array;
}

// The record text is bound as the UTF-8 bytes that were hashed; CAST makes it TEXT again (the
// database encoding is UTF-8, so the stored value is byte for byte the canonical JSON).
export const INSERT_ROW = 'INSERT INTO audit_log (seq, kind, ts, session, agent, decision_id, decision, ruleset, record, leaf_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), ?)';

export const INSERT_CHECKPOINT = 'INSERT OR REPLACE INTO audit_checkpoints (size, root, ts, frontier) VALUES (?, ?, ?, ?)';

/** The indexed columns of a record's row, after seq: kind, session, agent, decision_id, decision, ruleset. */
export function rowColumns(record: AuditRecord): [string, string | null, string | null, string | null, string, string | null] {
  const r = record as unknown as Record<string, unknown>;
  const decision = record.kind === 'decision' ? record.decision : record.kind === 'outcome' ? record.status : record.action;
  return [record.kind, (r.session as string | null) ?? null, (r.agent as string | null) ?? null, (r.decision_id as string | null) ?? null, decision, (r.ruleset as string | null) ?? null];
}

/** The values of INSERT_CHECKPOINT for `checkpoint` of `frontier`: size, root, ts, and the perfect-subtree roots as a JSON array of hex. */
export function checkpointRow(checkpoint: Checkpoint, frontier: MerkleFrontier): [number, Buffer, number, string] {
  return [checkpoint.size, Buffer.from(checkpoint.root, 'hex'), checkpoint.ts, JSON.stringify(frontier.nodes.map(toHex))];
}

/** The records of one append, built once their seqs are known, and how an error names them (built only on failure). */
export interface RecordBatch {
  builders: Array<(stamp: RecordStamp) => AuditRecord>;
  what: string | (() => string);
}

export function decisionBatch(inputs: readonly DecisionInput[], count: 'one' | 'many' = 'many'): RecordBatch {
  return {
    builders: inputs.map((input) => (stamp: RecordStamp) => buildDecisionRecord(input, stamp)),
    what: count === 'one' ? `decision ${inputs[0]?.event?.id ?? '(no id)'}` : () => `decisions ${inputs.map((i) => i?.event?.id ?? '(no id)').join(', ')}`,
  };
}

export function outcomeBatch(input: OutcomeInput): RecordBatch {
  return { builders: [(stamp) => buildOutcomeRecord(input, stamp)], what: `outcome of ${input?.decisionId ?? '(no id)'}` };
}

export function operatorBatch(input: OperatorInput): RecordBatch {
  return { builders: [(stamp) => buildOperatorRecord(input, stamp)], what: `operator action ${input?.action ?? '(none)'}` };
}

export function buf(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function why(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code && !isAuditException(error) ? `${e.message} (${e.code})` : String(e?.message ?? error);
}

/** Reads (or, for a writer, creates) the log's identity. */
function loadMeta(db: Db, path: string, requested: HashAlgName | undefined, readonly: boolean, now: number): { logId: string; alg: HashAlgorithm } {
  let rows: Array<{ key: string; value: string }>;
  try {
    rows = db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
  } catch (error) {
    throw auditError('audit_open_failed', `${path}: not an AgentFlow audit database (${why(error)})`, path, error);
  }
  const meta = new Map(rows.map((r) => [r.key, r.value]));
  let logId = meta.get(META_LOG_ID);
  let algName = meta.get(META_HASH_ALG);
  if (logId === undefined || algName === undefined) {
    if (readonly) throw auditError('audit_open_failed', `${path}: the audit log was never initialized (no log id)`, path);
    logId = randomUUID();
    algName = requested ?? DEFAULT_HASH_ALG;
    const insert = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const id = logId;
    const name = algName;
    db.transaction(() => {
      insert.run(META_LOG_ID, id);
      insert.run(META_HASH_ALG, name);
      insert.run(META_CREATED, String(now));
    }).immediate();
  }
  if (!isHashAlgName(algName)) throw auditError('hash_alg_unknown', `${path}: meta.hash_alg "${algName}" is not a known hash algorithm`, `${path}:meta.hash_alg`);
  if (requested !== undefined && requested !== algName) {
    throw auditError('hash_alg_mismatch', `${path}: this log uses ${algName}; it cannot be opened with ${requested}`, `${path}:meta.hash_alg`);
  }
  return { logId, alg: resolveHashAlgorithm(algName) };
}

export function openAuditLog(path: string, options: AuditLogOptions = {}): AuditLog {
  const readonly = options.readonly === true;
  const now = options.now ?? Date.now;
  const db = openDatabase(path, { readonly, synchronous: options.synchronous });
  try {
    if (options.maxPageCount !== undefined) db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxPageCount))}`);
    return new SqliteAuditLog(db, path, options, readonly, now);
  } catch (error) {
    try {
      db.close();
    } catch {}
    if (isAuditException(error)) throw error;
    throw auditError('audit_open_failed', `${path}: ${why(error)}`, path, error);
  }
}

export class SqliteAuditLog implements AuditLog {
  readonly logId: string;
  readonly hashAlg: HashAlgName;
  private readonly alg: HashAlgorithm;
  private frontier: MerkleFrontier;
  /** Full in-memory tree for proofs, built on first use and then kept up to date by appends. */
  private tree: MerkleTree | null = null;
  private lastCheckpointSize = 0;
  private lastCheckpointTs: number;
  private closed = false;
  private failures = 0;
  private lastError: string | null = null;
  private lastOk = true;
  private pendingCheckpoint: Checkpoint | null = null;
  readonly checkpointEvery: number;
  readonly checkpointIntervalMs: number;
  private readonly insertRow;
  private readonly insertCheckpoint;
  private readonly insertRows: { immediate(rows: PendingRow[], ts: number): void };
  /** Null for readers, which never append. */
  private readonly encoder: RecordEncoder | null;

  constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly options: AuditLogOptions,
    private readonly readonly: boolean,
    private readonly now: () => number,
  ) {
    const meta = loadMeta(db, path, options.hashAlg, readonly, now());
    this.logId = meta.logId;
    this.alg = meta.alg;
    this.hashAlg = meta.alg.name;
    this.checkpointEvery = Math.max(1, options.checkpointEvery ?? 1024);
    this.checkpointIntervalMs = options.checkpointIntervalMs ?? 60_000;
    this.frontier = this.loadFrontier();
    this.lastCheckpointTs = now();
    this.insertRow = readonly
      ? null
      : db.prepare(INSERT_ROW);
    this.insertCheckpoint = readonly ? null : db.prepare(INSERT_CHECKPOINT);
    this.insertRows = db.transaction((rows: PendingRow[], ts: number) => this.writeRows(rows, ts));
    this.encoder = readonly ? null : new RecordEncoder(this.alg);
  }

  /** Rebuilds the right edge of the tree from the last checkpoint and the leaves after it. */
  private loadFrontier(): MerkleFrontier {
    if (this.readonly) {
      // Readers (verify, prove, export) must work on a damaged log too: take the rows as they are.
      const all = new MerkleFrontier(this.alg);
      for (const leaf of this.db.prepare('SELECT leaf_hash FROM audit_log ORDER BY seq').pluck().iterate() as IterableIterator<Uint8Array>) all.push(leaf);
      return all;
    }
    const last = this.db.prepare('SELECT size, root, frontier FROM audit_checkpoints ORDER BY size DESC LIMIT 1').get() as { size: number; root: Uint8Array; frontier: string } | undefined;
    const count = (this.db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(seq), -1) AS max FROM audit_log').get() as { n: number; max: number });
    if (count.n !== count.max + 1) {
      throw auditError('audit_corrupt', `${this.path}: audit_log has ${count.n} records but its highest seq is ${count.max}: records are missing; run \`agentflow audit verify\``, this.path);
    }
    let frontier = new MerkleFrontier(this.alg);
    if (last) {
      if (last.size > count.n) {
        throw auditError('audit_corrupt', `${this.path}: checkpoint at size ${last.size} but only ${count.n} records: the log was truncated; run \`agentflow audit verify\``, this.path);
      }
      let nodes: unknown;
      try {
        nodes = JSON.parse(last.frontier);
      } catch {}
      if (!Array.isArray(nodes)) throw auditError('audit_corrupt', `${this.path}: checkpoint ${last.size}: frontier is not a JSON array`, `${this.path}:audit_checkpoints.frontier`);
      try {
        frontier = new MerkleFrontier(
          this.alg,
          last.size,
          nodes.map((h, i) => fromHex(h, `checkpoint ${last.size} frontier[${i}]`, this.alg.size)),
        );
      } catch (error) {
        throw auditError('audit_corrupt', `${this.path}: checkpoint ${last.size}: ${(error as Error).message}`, `${this.path}:audit_checkpoints.frontier`, error);
      }
      if (toHex(frontier.root()) !== toHex(last.root)) {
        throw auditError('audit_corrupt', `${this.path}: checkpoint ${last.size}: its stored frontier does not match its root; run \`agentflow audit verify\``, `${this.path}:audit_checkpoints`);
      }
      this.lastCheckpointSize = last.size;
    }
    const leaves = this.db.prepare('SELECT leaf_hash FROM audit_log WHERE seq >= ? ORDER BY seq').pluck().iterate(frontier.size) as IterableIterator<Uint8Array>;
    for (const leaf of leaves) frontier.push(leaf);
    return frontier;
  }

  size(): number {
    return this.frontier.size;
  }

  private ensureOpen(): void {
    if (this.closed) throw auditError('audit_closed', `${this.path}: the audit log is closed`, this.path);
  }

  private fail(error: unknown, what: string | (() => string)): never {
    this.failures++;
    this.lastOk = false;
    const message = `${this.path}: ${typeof what === 'function' ? what() : what} was not written: ${why(error)}`;
    this.lastError = message;
    const wrapped = isAuditException(error) && error.code !== 'invalid_input' ? error : auditError('audit_write_failed', message, this.path, error);
    try {
      this.options.onFailure?.(wrapped);
    } catch {}
    throw wrapped;
  }

  /**
   * Appends records built by `builders` in one transaction; on any failure nothing is kept.
   * `what` names them in the error, built only on failure (a batch of 100 ids is not free).
   */
  private appendAll(builders: Array<(stamp: RecordStamp) => AuditRecord>, what: string | (() => string)): AppendAck[] {
    try {
      this.ensureOpen();
      if (this.readonly || !this.insertRow || !this.encoder) throw auditError('audit_write_failed', `${this.path}: the audit log is open read-only`, this.path);
    } catch (error) {
      this.fail(error, what);
    }
    // Build, canonicalize and hash outside the write transaction; only the inserts hold the lock.
    const saved = this.frontier.clone();
    const savedCheckpoint = { size: this.lastCheckpointSize, ts: this.lastCheckpointTs };
    const rows: PendingRow[] = [];
    // The previous append is written (or abandoned): its encoded bytes may be overwritten.
    const encoder = this.encoder!;
    encoder.reset();
    try {
      const ts = this.now();
      for (let i = 0; i < builders.length; i++) {
        const seq = this.frontier.size + i;
        const record = builders[i]({ seq, ts, hashAlg: this.alg });
        const { bytes, leaf } = encoder.encode(recordText(record));
        rows.push({ seq, ts, record, bytes, leaf });
      }
      this.insertRows.immediate(rows, ts);
      this.lastOk = true;
      this.emitCheckpoint();
      const acks: AppendAck[] = [];
      for (const row of rows) {
        if (this.tree) this.tree.push(row.leaf);
        acks.push({ seq: row.seq, leaf: buf(row.leaf).toString('hex') });
      }
      return acks;
    } catch (error) {
      this.frontier = saved;
      this.lastCheckpointSize = savedCheckpoint.size;
      this.lastCheckpointTs = savedCheckpoint.ts;
      this.pendingCheckpoint = null;
      return this.fail(error, what);
    }
  }

  /** The write transaction: rows, frontier, and a checkpoint when one is due. */
  private writeRows(rows: PendingRow[], ts: number): void {
    for (const { seq, record, bytes, leaf } of rows) {
      const [kind, session, agent, decisionId, decision, ruleset] = rowColumns(record);
      this.insertRow!.run(seq, kind, ts, session, agent, decisionId, decision, ruleset, bytes, buf(leaf));
      this.frontier.push(leaf);
    }
    if (this.checkpointDue(this.frontier.size, ts)) this.writeCheckpoint(ts);
  }

  /** Whether a log of `size` records written at `ts` is due for a checkpoint after `last` (by default the last one written). */
  checkpointDue(size: number, ts: number, last: { size: number; ts: number } = this.lastCheckpoint()): boolean {
    return size - last.size >= this.checkpointEvery || ts - last.ts >= this.checkpointIntervalMs;
  }

  /** Size and time of the last checkpoint written. */
  lastCheckpoint(): { size: number; ts: number } {
    return { size: this.lastCheckpointSize, ts: this.lastCheckpointTs };
  }

  /** A copy of the right edge of the committed tree. */
  committedFrontier(): MerkleFrontier {
    return this.frontier.clone();
  }

  /**
   * Records that another connection of this process (the writer thread) committed: `frontier`
   * is the tree after them, `checkpoint` the one written in their transaction, if any.
   */
  adoptCommitted(leaves: readonly Uint8Array[], frontier: MerkleFrontier, checkpoint: Checkpoint | null): void {
    this.frontier = frontier;
    if (this.tree) for (const leaf of leaves) this.tree.push(leaf);
    this.lastOk = true;
    if (checkpoint) {
      this.lastCheckpointSize = checkpoint.size;
      this.lastCheckpointTs = checkpoint.ts;
      this.pendingCheckpoint = checkpoint;
      this.emitCheckpoint();
    }
  }

  /** Counts a write that another connection could not commit; returns the error to reject with. */
  noteFailure(error: unknown, what: string | (() => string)): Error {
    try {
      this.fail(error, what);
    } catch (wrapped) {
      return wrapped as Error;
    }
  }

  /** A checkpoint of `frontier` taken at `ts`, as written by writeCheckpoint. */
  checkpointOf(frontier: MerkleFrontier, ts: number): Checkpoint {
    return { v: 1, type: CHECKPOINT_TYPE, log: this.logId, hash_alg: this.hashAlg, size: frontier.size, root: toHex(frontier.root()), ts };
  }

  private writeCheckpoint(ts: number): void {
    const checkpoint = this.checkpointOf(this.frontier, ts);
    this.insertCheckpoint!.run(...checkpointRow(checkpoint, this.frontier));
    this.lastCheckpointSize = checkpoint.size;
    this.lastCheckpointTs = ts;
    this.pendingCheckpoint = checkpoint;
  }

  /** Hands a committed checkpoint to onCheckpoint. */
  private emitCheckpoint(): void {
    const cp = this.pendingCheckpoint;
    this.pendingCheckpoint = null;
    if (cp && this.options.onCheckpoint) {
      try {
        this.options.onCheckpoint(cp);
      } catch {}
    }
  }

  appendDecision(input: DecisionInput): AppendAck {
    const batch = decisionBatch([input], 'one');
    return this.appendAll(batch.builders, batch.what)[0];
  }

  appendDecisions(inputs: readonly DecisionInput[]): AppendAck[] {
    if (inputs.length === 0) return [];
    const batch = decisionBatch(inputs);
    return this.appendAll(batch.builders, batch.what);
  }

  appendOutcome(input: OutcomeInput): AppendAck {
    const batch = outcomeBatch(input);
    return this.appendAll(batch.builders, batch.what)[0];
  }

  appendOperatorAction(input: OperatorInput): AppendAck {
    const batch = operatorBatch(input);
    return this.appendAll(batch.builders, batch.what)[0];
  }

  putConfig(config: unknown): string {
    try {
      this.ensureOpen();
      const text = canonicalJson(config);
      const hash = contentHash(this.alg, config);
      this.db.prepare('INSERT OR IGNORE INTO audit_configs (hash, config) VALUES (?, ?)').run(hash, text);
      return hash;
    } catch (error) {
      return this.fail(error, 'configuration snapshot');
    }
  }

  getConfig(hash: string): unknown {
    this.ensureOpen();
    const row = this.db.prepare('SELECT config FROM audit_configs WHERE hash = ?').pluck().get(hash) as string | undefined;
    return row === undefined ? undefined : JSON.parse(row);
  }

  checkpoint(): Checkpoint {
    this.ensureOpen();
    if (!this.readonly && this.frontier.size !== this.lastCheckpointSize) {
      try {
        this.db.transaction(() => this.writeCheckpoint(this.now())).immediate();
        this.emitCheckpoint();
      } catch (error) {
        this.pendingCheckpoint = null;
        this.fail(error, 'checkpoint');
      }
    }
    const size = this.frontier.size;
    const row = this.db.prepare('SELECT ts FROM audit_checkpoints WHERE size = ?').get(size) as { ts: number } | undefined;
    return { v: 1, type: CHECKPOINT_TYPE, log: this.logId, hash_alg: this.hashAlg, size, root: toHex(this.frontier.root()), ts: row?.ts ?? this.now() };
  }

  checkpoints(): Checkpoint[] {
    this.ensureOpen();
    const rows = this.db.prepare('SELECT size, root, ts FROM audit_checkpoints ORDER BY size').all() as Array<{ size: number; root: Uint8Array; ts: number }>;
    return rows.map((r) => ({ v: 1, type: CHECKPOINT_TYPE, log: this.logId, hash_alg: this.hashAlg, size: r.size, root: toHex(r.root), ts: r.ts }));
  }

  verify(pinned: readonly Checkpoint[] = []): VerifyReport {
    this.ensureOpen();
    return verifyDatabase(this.db, this.alg, this.logId, pinned);
  }

  /** The in-memory tree of all committed leaves (read once from the database, then kept current). */
  private fullTree(): MerkleTree {
    if (this.tree && this.tree.size === this.frontier.size) return this.tree;
    const tree = new MerkleTree(this.alg);
    for (const leaf of this.db.prepare('SELECT leaf_hash FROM audit_log ORDER BY seq').pluck().iterate() as IterableIterator<Uint8Array>) {
      if (!(leaf instanceof Uint8Array) || leaf.length !== this.alg.size) throw auditError('audit_corrupt', `${this.path}: record ${tree.size} has a malformed leaf hash; run \`agentflow audit verify\``, this.path);
      tree.push(leaf);
    }
    if (tree.size !== this.frontier.size) throw auditError('audit_corrupt', `${this.path}: expected ${this.frontier.size} leaves, found ${tree.size}; run \`agentflow audit verify\``, this.path);
    this.tree = tree;
    return tree;
  }

  private checkSize(size: number, what: string): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.frontier.size) {
      throw auditError('not_found', `${this.path}: ${what} ${size} is out of range (the log has ${this.frontier.size} records)`, what);
    }
  }

  prove(seq: number, size = this.frontier.size): InclusionProofJson {
    this.ensureOpen();
    this.checkSize(size, 'tree size');
    if (!Number.isSafeInteger(seq) || seq < 0 || seq >= size) {
      throw auditError('not_found', `${this.path}: no record ${seq} in a tree of size ${size}`, 'seq');
    }
    const tree = this.fullTree();
    const text = this.db.prepare('SELECT record FROM audit_log WHERE seq = ?').pluck().get(seq) as string;
    return {
      v: 1,
      type: INCLUSION_TYPE,
      log: this.logId,
      hash_alg: this.hashAlg,
      seq,
      size,
      root: toHex(tree.root(size)),
      leaf_hash: toHex(tree.leaf(seq)),
      path: tree.inclusionProof(seq, size).map(toHex),
      record: text,
    };
  }

  proveConsistency(first: number, second = this.frontier.size): ConsistencyProofJson {
    this.ensureOpen();
    this.checkSize(second, 'tree size');
    if (!Number.isSafeInteger(first) || first < 0 || first > second) throw auditError('not_found', `${this.path}: first size ${first} must be between 0 and ${second}`, 'first');
    const tree = this.fullTree();
    return {
      v: 1,
      type: CONSISTENCY_TYPE,
      log: this.logId,
      hash_alg: this.hashAlg,
      first,
      second,
      first_root: toHex(tree.root(first)),
      second_root: toHex(tree.root(second)),
      path: tree.consistencyProof(first, second).map(toHex),
    };
  }

  recordTexts(query: ReadRecordsQuery = {}): IterableIterator<string> {
    this.ensureOpen();
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.session !== undefined) {
      where.push('session = ?');
      params.push(query.session);
    }
    if (query.fromSeq !== undefined) {
      where.push('seq >= ?');
      params.push(query.fromSeq);
    }
    if (query.kind !== undefined) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    const sql = `SELECT record FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq`;
    return this.db.prepare(sql).pluck().iterate(...params) as IterableIterator<string>;
  }

  records(query: ReadRecordsQuery = {}): AuditRecord[] {
    const out: AuditRecord[] = [];
    for (const text of this.recordTexts(query)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw auditError('audit_corrupt', `${this.path}: a stored record is not JSON`, this.path, error);
      }
      out.push(checkRecordEnvelope(parsed, `${this.path}: record`));
    }
    return out;
  }

  exportJsonl(session?: string): string {
    const lines: string[] = [];
    for (const text of this.recordTexts(session === undefined ? {} : { session })) lines.push(text);
    return lines.length ? `${lines.join('\n')}\n` : '';
  }

  status(): AuditStatus {
    return { ok: this.lastOk, size: this.frontier.size, failures: this.failures, lastError: this.lastError };
  }

  close(): void {
    if (this.closed) return;
    try {
      if (!this.readonly && this.frontier.size !== this.lastCheckpointSize) {
        this.db.transaction(() => this.writeCheckpoint(this.now())).immediate();
        this.emitCheckpoint();
      }
    } catch {
      // The records are committed; a missing final checkpoint is recomputed on next open.
    } finally {
      this.closed = true;
      this.db.close();
    }
  }
}

/** Opens a log read-only, verifies it against its own and the pinned checkpoints, and closes it. */
export function verifyAuditFile(path: string, pinned: readonly Checkpoint[] = []): VerifyReport {
  const log = openAuditLog(path, { readonly: true });
  try {
    return log.verify(pinned);
  } finally {
    log.close();
  }
}
