// The audit log with a writer thread and group commit, for the live control plane. Records are
// built, redacted, canonicalized and hashed on the calling thread (so their seq, leaf and the
// Merkle tree are known at once); the SQLite inserts run on a writer thread, one transaction
// per group, while the caller goes on deciding. An append's promise resolves only once its
// transaction has committed, so "written before the action is committed" still holds: callers
// await the ack before acting. Appends that arrive while a transaction runs are grouped into the
// next one (at most `maxGroup` records; a request's records never span two), and every
// request's records are written in one transaction or not at all.
//
// When a write fails, its requests and every request numbered after it are rejected (the caller
// denies them) and numbering restarts at the committed size, so the log never has a gap. The
// synchronous appends of AuditLog are kept for rare operator actions (a rule install must not
// take effect without its record): they wait on the writer thread with Atomics.wait.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Checkpoint } from '../core/audit/checkpoint';
import { auditError } from '../core/audit/errors';
import type { HashAlgorithm } from '../core/audit/hash';
import type { MerkleFrontier } from '../core/audit/merkle';
import { recordText, type AuditRecord, type DecisionInput, type OperatorInput, type OutcomeInput } from '../core/audit/record';
import {
  INSERT_CHECKPOINT,
  INSERT_ROW,
  SqliteAuditLog,
  buf,
  decisionBatch,
  checkpointRow,
  openAuditLog,
  operatorBatch,
  outcomeBatch,
  rowColumns,
  type AppendAck,
  type AuditLog,
  type AuditLogOptions,
  type RecordBatch,
} from './audit-log';
import { resolveHashAlgorithm } from './native-hash';

export interface ThreadedAuditLogOptions extends Omit<AuditLogOptions, 'readonly'> {
  /** Most records in one transaction (default 256). */
  maxGroup?: number;
  /** How long a synchronous append waits for the writer thread (default 10 000 ms). */
  syncTimeoutMs?: number;
}

/** AuditLog whose appends also come as promises that resolve once the records are committed. */
export interface ThreadedAuditLog extends Omit<AuditLog, 'close'> {
  appendDecisionsAsync(inputs: readonly DecisionInput[]): Promise<AppendAck[]>;
  appendOutcomeAsync(input: OutcomeInput): Promise<AppendAck>;
  appendOperatorActionAsync(input: OperatorInput): Promise<AppendAck>;
  /** Resolves once everything appended so far is committed or rejected. */
  flush(): Promise<void>;
  /** Records appended but not yet committed. */
  pending(): number;
  /** Flushes, stops the writer thread, writes a final checkpoint and closes the database. */
  close(): Promise<void>;
}

type Builder = RecordBatch['builders'][number];
type What = RecordBatch['what'];

interface Request {
  count: number;
  what: What;
  resolve(acks: AppendAck[]): void;
  reject(error: Error): void;
}

/** seq, kind, ts, session, agent, decision_id, decision, ruleset, then the text's byte range. */
type Row = [number, string, number, string | null, string | null, string | null, string, string | null, ...number[]];

interface Group {
  id: number;
  /** Numbering generation: bumped by each failure, after which numbering restarts. */
  gen: number;
  first: number;
  rows: Row[];
  texts: string[];
  requests: Request[];
  leaves: Uint8Array[];
  /** The tree after this group, and the checkpoint written with it. */
  frontier: MerkleFrontier | null;
  checkpoint: Checkpoint | null;
  sync: boolean;
}

interface WriteResult {
  id: number;
  ok: boolean;
  committed: number;
  error?: string;
  code?: string;
}

const WORKER_FILE = 'audit-writer-thread.cjs';
const REPLY_BYTES = 4096;

/** The writer thread's script: beside this module in the sources, beside the bundle in a build. */
function workerPath(): string {
  const here = fileURLToPath(new URL(`./${WORKER_FILE}`, import.meta.url));
  if (existsSync(here)) return here;
  throw auditError('audit_open_failed', `the audit writer thread's script is missing: ${here}`, here);
}

export function openThreadedAuditLog(path: string, options: ThreadedAuditLogOptions = {}): ThreadedAuditLog {
  const base = openAuditLog(path, { ...options, readonly: false });
  if (!(base instanceof SqliteAuditLog)) throw new Error('openAuditLog returned an unexpected log');
  try {
    return new WriterThreadLog(base, path, options);
  } catch (error) {
    base.close();
    throw error;
  }
}

class WriterThreadLog implements ThreadedAuditLog {
  readonly path: string;
  readonly logId: string;
  readonly hashAlg: AuditLog['hashAlg'];
  private readonly alg: HashAlgorithm;
  private readonly now: () => number;
  private readonly maxGroup: number;
  private readonly syncTimeoutMs: number;
  private readonly worker: Worker;
  private readonly reply: Int32Array;
  private readonly replyText: Uint8Array;
  /** Tree and numbering including records sent but not yet committed. */
  private frontier: MerkleFrontier;
  private checkpointAt: { size: number; ts: number };
  private gen = 0;
  private nextId = 1;
  private open: Group | null = null;
  private sealScheduled = false;
  private readonly inFlight = new Map<number, Group>();
  private drained: Array<() => void> = [];
  /** Set when the writer thread is gone: every append fails from then on. */
  private broken: string | null = null;
  private closing = false;
  private exited = false;

  constructor(
    private readonly base: SqliteAuditLog,
    path: string,
    options: ThreadedAuditLogOptions,
  ) {
    this.path = path;
    this.logId = base.logId;
    this.hashAlg = base.hashAlg;
    this.alg = resolveHashAlgorithm(base.hashAlg);
    this.now = options.now ?? Date.now;
    this.maxGroup = Math.max(1, Math.floor(options.maxGroup ?? 256));
    this.syncTimeoutMs = options.syncTimeoutMs ?? 10_000;
    this.frontier = base.committedFrontier();
    this.checkpointAt = base.lastCheckpoint();
    const shared = new SharedArrayBuffer(16 + REPLY_BYTES);
    this.reply = new Int32Array(shared, 0, 4);
    this.replyText = new Uint8Array(shared, 16);
    this.worker = new Worker(workerPath(), {
      workerData: {
        sqliteModule: createRequire(import.meta.url).resolve('better-sqlite3'),
        path,
        synchronous: options.synchronous ?? 'NORMAL',
        maxPageCount: options.maxPageCount === undefined ? null : Math.max(1, Math.floor(options.maxPageCount)),
        insertRow: INSERT_ROW,
        insertCheckpoint: INSERT_CHECKPOINT,
        committed: base.size(),
        shared,
      },
    });
    this.worker.unref();
    this.worker.on('message', (result: WriteResult) => this.onResult(result));
    this.worker.on('error', (error) => this.lose(`the audit writer thread failed: ${error.message}`));
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (!this.closing) this.lose(`the audit writer thread exited (code ${code})`);
    });
  }

  // ---- appends --------------------------------------------------------------------------------

  appendDecisionsAsync(inputs: readonly DecisionInput[]): Promise<AppendAck[]> {
    return inputs.length === 0 ? Promise.resolve([]) : this.enqueue(decisionBatch(inputs));
  }

  appendOutcomeAsync(input: OutcomeInput): Promise<AppendAck> {
    return this.enqueue(outcomeBatch(input)).then((acks) => acks[0]);
  }

  appendOperatorActionAsync(input: OperatorInput): Promise<AppendAck> {
    return this.enqueue(operatorBatch(input)).then((acks) => acks[0]);
  }

  appendDecision(input: DecisionInput): AppendAck {
    return this.appendSync(decisionBatch([input], 'one'))[0];
  }

  appendDecisions(inputs: readonly DecisionInput[]): AppendAck[] {
    return inputs.length === 0 ? [] : this.appendSync(decisionBatch(inputs));
  }

  appendOutcome(input: OutcomeInput): AppendAck {
    return this.appendSync(outcomeBatch(input))[0];
  }

  appendOperatorAction(input: OperatorInput): AppendAck {
    return this.appendSync(operatorBatch(input))[0];
  }

  /** Builds a request's records with the next seqs; throws (nothing numbered) when one is invalid. */
  private build(builders: Builder[], what: What): { records: AuditRecord[]; texts: string[] } {
    if (this.broken || this.closing) throw this.base.noteFailure(new Error(this.broken ?? 'the audit log is closed'), what);
    const ts = this.now();
    const records: AuditRecord[] = [];
    const texts: string[] = [];
    try {
      for (let i = 0; i < builders.length; i++) {
        const record = builders[i]({ seq: this.frontier.size + (this.open?.rows.length ?? 0) + i, ts, hashAlg: this.alg });
        records.push(record);
        texts.push(recordText(record));
      }
    } catch (error) {
      throw this.base.noteFailure(error, what);
    }
    return { records, texts };
  }

  private enqueue({ builders, what }: RecordBatch): Promise<AppendAck[]> {
    if (this.open && this.open.rows.length + builders.length > this.maxGroup) this.seal();
    let built: { records: AuditRecord[]; texts: string[] };
    try {
      built = this.build(builders, what);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendAck[]>((resolve, reject) => {
      const group = (this.open ??= this.newGroup(false));
      this.add(group, built.records, built.texts);
      group.requests.push({ count: builders.length, what, resolve, reject });
      if (group.rows.length >= this.maxGroup) this.seal();
      else if (!this.sealScheduled) {
        // Everything appended in this turn of the event loop goes into one transaction.
        this.sealScheduled = true;
        queueMicrotask(() => {
          this.sealScheduled = false;
          this.seal();
        });
      }
    });
  }

  private appendSync({ builders, what }: RecordBatch): AppendAck[] {
    // Whatever is open goes first: the writer thread works in order.
    this.seal();
    const built = this.build(builders, what);
    const group = this.newGroup(true);
    this.add(group, built.records, built.texts);
    let acks: AppendAck[] = [];
    let failure: Error | null = null;
    group.requests.push({ count: builders.length, what, resolve: (a) => (acks = a), reject: (e) => (failure = e) });
    Atomics.store(this.reply, 0, 0);
    this.send(group);
    if (Atomics.wait(this.reply, 0, 0, this.syncTimeoutMs) === 'timed-out') {
      this.lose(`the audit writer thread did not answer within ${this.syncTimeoutMs} ms`);
      throw this.base.noteFailure(new Error(this.broken!), what);
    }
    const committed = this.reply[1];
    // The writer has handled every earlier group: those inside `committed` are in the log.
    for (const earlier of [...this.inFlight.values()]) {
      if (earlier === group) break;
      if (earlier.first + earlier.rows.length <= committed) this.settle(earlier, { id: earlier.id, ok: true, committed });
    }
    const ok = this.reply[2] === 1;
    const error = Buffer.from(this.replyText.subarray(0, this.reply[3])).toString('utf8');
    this.settle(group, { id: group.id, ok, committed, error });
    if (failure) throw failure;
    return acks;
  }

  private newGroup(sync: boolean): Group {
    return { id: this.nextId++, gen: this.gen, first: this.frontier.size, rows: [], texts: [], requests: [], leaves: [], frontier: null, checkpoint: null, sync };
  }

  private add(group: Group, records: AuditRecord[], texts: string[]): void {
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      const [kind, session, agent, decisionId, decision, ruleset] = rowColumns(record);
      group.rows.push([record.seq, kind, record.ts, session, agent, decisionId, decision, ruleset]);
      group.texts.push(texts[i]);
    }
  }

  /** Closes the open group: encodes and hashes its records, extends the tree, sends it. */
  private seal(): void {
    const group = this.open;
    this.open = null;
    if (group && group.rows.length > 0) this.send(group);
  }

  private send(group: Group): void {
    let worst = 0;
    for (const text of group.texts) worst += 1 + 3 * text.length;
    // One buffer of its own per group (handed over to the writer thread, not copied).
    const bytes = Buffer.allocUnsafeSlow(worst);
    const leaves = Buffer.allocUnsafeSlow(this.alg.size * group.rows.length);
    let used = 0;
    for (let i = 0; i < group.texts.length; i++) {
      const start = used;
      bytes[start] = 0x00;
      const n = bytes.write(group.texts[i], start + 1, 'utf8');
      used = start + 1 + n;
      const leaf = this.alg.hash(bytes.subarray(start, used));
      leaves.set(leaf, i * this.alg.size);
      group.leaves.push(leaf);
      this.frontier.push(leaf);
      group.rows[i].push(start + 1, used);
    }
    group.texts = [];
    const ts = group.rows[group.rows.length - 1][2];
    // (due after the last checkpoint sent, which may not be committed yet)
    let checkpoint: ReturnType<typeof checkpointRow> | null = null;
    if (this.base.checkpointDue(this.frontier.size, ts, this.checkpointAt)) {
      group.checkpoint = this.base.checkpointOf(this.frontier, ts);
      checkpoint = checkpointRow(group.checkpoint, this.frontier);
      this.checkpointAt = { size: group.checkpoint.size, ts };
    }
    group.frontier = this.frontier.clone();
    this.inFlight.set(group.id, group);
    this.worker.ref();
    this.worker.postMessage({ id: group.id, first: group.first, rows: group.rows, bytes: bytes.buffer, leaves: leaves.buffer, checkpoint, sync: group.sync }, [bytes.buffer, leaves.buffer]);
  }

  // ---- results --------------------------------------------------------------------------------

  private onResult(result: WriteResult): void {
    const group = this.inFlight.get(result.id);
    // A group settled by a synchronous append already.
    if (group) this.settle(group, result);
  }

  private settle(group: Group, result: WriteResult): void {
    this.inFlight.delete(group.id);
    if (result.ok) {
      this.base.adoptCommitted(group.leaves, group.frontier!, group.checkpoint);
      let k = 0;
      for (const request of group.requests) {
        const acks: AppendAck[] = [];
        for (let i = 0; i < request.count; i++, k++) acks.push({ seq: group.first + k, leaf: buf(group.leaves[k]).toString('hex') });
        request.resolve(acks);
      }
    } else {
      if (group.gen === this.gen) this.restartNumbering();
      const cause = result.code === 'out_of_sequence' ? `an earlier write failed: ${result.error}` : result.error ?? 'unknown error';
      for (const request of group.requests) request.reject(this.base.noteFailure(new Error(cause), request.what));
    }
    if (this.inFlight.size === 0) {
      this.worker.unref();
      this.wakeDrained();
    }
  }

  /**
   * After a failed write: the records numbered after it (sent, or still open) cannot be written
   * under their seqs, so the open ones are rejected now and the sent ones by the writer thread;
   * numbering goes on from what is committed.
   */
  private restartNumbering(): void {
    this.gen++;
    const open = this.open;
    this.open = null;
    this.frontier = this.base.committedFrontier();
    this.checkpointAt = this.base.lastCheckpoint();
    if (open) {
      for (const request of open.requests) request.reject(this.base.noteFailure(new Error('an earlier write in the same group commit failed'), request.what));
    }
  }

  /** The writer thread is gone: everything not committed is rejected, and so is every later append. */
  private lose(message: string): void {
    if (this.broken) return;
    this.broken = message;
    const open = this.open;
    this.open = null;
    const groups = [...this.inFlight.values(), ...(open ? [open] : [])];
    for (const group of groups) {
      this.inFlight.delete(group.id);
      for (const request of group.requests) request.reject(this.base.noteFailure(new Error(message), request.what));
    }
    this.wakeDrained();
  }

  /** Resolves every flush() waiting for the groups in flight. */
  private wakeDrained(): void {
    const waiting = this.drained;
    this.drained = [];
    for (const done of waiting) done();
  }

  flush(): Promise<void> {
    this.seal();
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  pending(): number {
    let n = this.open?.rows.length ?? 0;
    for (const group of this.inFlight.values()) n += group.rows.length;
    return n;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    await this.flush();
    this.closing = true;
    if (!this.exited) {
      const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
      this.worker.ref();
      this.worker.postMessage({ type: 'close' });
      await exited;
    }
    // The writer's connection is closed: the final checkpoint goes through this one.
    this.base.close();
  }

  // ---- reads (the calling thread's connection sees every committed record) ---------------------

  size(): number {
    return this.base.size();
  }
  putConfig(config: unknown): string {
    return this.base.putConfig(config);
  }
  getConfig(hash: string): unknown {
    return this.base.getConfig(hash);
  }
  checkpoint(): Checkpoint {
    return this.base.checkpoint();
  }
  checkpoints(): Checkpoint[] {
    return this.base.checkpoints();
  }
  verify(...args: Parameters<AuditLog['verify']>): ReturnType<AuditLog['verify']> {
    return this.base.verify(...args);
  }
  prove(seq: number, size?: number): ReturnType<AuditLog['prove']> {
    return this.base.prove(seq, size);
  }
  proveConsistency(first: number, second?: number): ReturnType<AuditLog['proveConsistency']> {
    return this.base.proveConsistency(first, second);
  }
  recordTexts(...args: Parameters<AuditLog['recordTexts']>): IterableIterator<string> {
    return this.base.recordTexts(...args);
  }
  records(...args: Parameters<AuditLog['records']>): AuditRecord[] {
    return this.base.records(...args);
  }
  exportJsonl(session?: string): string {
    return this.base.exportJsonl(session);
  }
  status(): ReturnType<AuditLog['status']> {
    return this.base.status();
  }
}
