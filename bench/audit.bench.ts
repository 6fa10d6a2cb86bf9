// Audit log throughput: appends/s of the tamper-evident log (redaction + canonical JSON +
// Merkle + SQLite commit) next to raw better-sqlite3 inserts of the very same rows (same columns,
// same bytes), measured in the same run on the same schema, raw and audit runs alternating over
// a few rounds; plus proof generation / verification and full-verify times.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPackFiles } from '../src/app/pack-loader';
import { canonicalJson, utf8 } from '../src/core/audit/canonical-json';
import { checkConsistencyProof, checkInclusionProof } from '../src/core/audit/checkpoint';
import { leafHash } from '../src/core/audit/merkle';
import { buildDecisionRecord, type DecisionInput } from '../src/core/audit/record';
import { parsePolicyConfig } from '../src/core/config/policy-config';
import { PolicyEngine } from '../src/core/engine/engine';
import { counterIds, fixedClock } from '../src/core/engine/ports';
import { compilePack } from '../src/core/rules/pack';
import { openAuditLog } from '../src/storage/audit-log';
import { openThreadedAuditLog } from '../src/storage/threaded-audit-log';
import { resolveHashAlgorithm } from '../src/storage/native-hash';
import { openDatabase } from '../src/storage/sqlite';
import type { BenchSuite } from './registry';
import { fmt, summarize } from './stats';
import { workloadCases } from './workload';

const N = 20_000;
const BATCH = 100;
/**
 * Each measurement is repeated in rounds, and within a round each audit run directly follows
 * the raw run it is compared with: load from other work on the machine then moves both sides of
 * a ratio alike instead of skewing whichever ran during a busy moment.
 */
const ROUNDS = 3;

/** Realistic decision inputs: the workload's steps decided by the default pack. */
function decisionPool(): DecisionInput[] {
  const compiled = compilePack(readPackFiles());
  if (!compiled.ok) throw new Error('default pack does not compile');
  const pool: DecisionInput[] = [];
  for (const c of workloadCases()) {
    const parsed = parsePolicyConfig({ org: c.org, agents: c.agents ?? {} });
    if (!parsed.ok) continue;
    const engine = new PolicyEngine({ pack: compiled.pack, config: parsed.config, clock: fixedClock(), ids: counterIds(c.id) });
    for (const step of c.steps) {
      const result = engine.evaluate(step.request);
      if (!result.ok) continue;
      for (const { event, decision } of result.decided) pool.push({ event, decision, request: step.request, screen: step.observe });
      const last = result.decided[result.decided.length - 1];
      if (step.observe && last.decision.decision === 'allow') engine.commit(last.event.session, last.event.id, step.observe, 'eval');
    }
  }
  return pool;
}

/**
 * N distinct inputs cycling through the pool. Every run gets the same ids (each run writes its
 * own database), so raw rows and audit records carry the same bytes, not ids of other lengths.
 */
function inputsOf(pool: DecisionInput[], n: number): DecisionInput[] {
  return Array.from({ length: n }, (_, i) => {
    const base = pool[i % pool.length];
    return { ...base, event: { ...base.event, id: `ev-${i}` }, decision: { ...base.decision, event: `ev-${i}` } };
  });
}

function rate(n: number, ms: number): number {
  return (n / ms) * 1000;
}

/** CPU milliseconds (user + system) of this process: less disturbed by other load than wall time. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

interface Rates {
  wall: number;
  cpu: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Removes a database and its WAL files once measured, so its pages are not written back during later runs. */
function removeDb(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

export const suite: BenchSuite = {
  name: 'audit log',
  async run(log) {
    const dir = mkdtempSync(join(tmpdir(), 'agentflow-audit-bench-'));
    try {
      const pool = decisionPool();
      const alg = resolveHashAlgorithm('sha256');
      log(`workload: ${pool.length} distinct decided events from the public cases, cycled to ${N} records; WAL, synchronous=NORMAL; ${ROUNDS} rounds, raw and audit runs alternating; cpu/s counts every thread`);

      // The same rows, prepared outside the timing for the raw inserts; stamped like the log stamps them.
      const stampTs = Date.now();
      const rowInputs = inputsOf(pool, N);
      const rows = rowInputs.map((input, seq) => {
        const record = buildDecisionRecord(input, { seq, ts: stampTs, hashAlg: alg });
        const text = canonicalJson(record);
        return [seq, 'decision', stampTs, record.session, record.agent, record.decision_id, record.decision, record.ruleset, text, Buffer.from(leafHash(alg, utf8(text)))] as const;
      });
      const avgBytes = rows.reduce((a, r) => a + r[8].length, 0) / rows.length;
      const insertSql = 'INSERT INTO audit_log (seq, kind, ts, session, agent, decision_id, decision, ruleset, record, leaf_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
      let files = 0;
      const freshFile = (kind: string) => join(dir, `${kind}-${files++}.db`);

      const rawRun = (batch: number): Rates => {
        const file = freshFile('raw');
        const db = openDatabase(file);
        const insert = db.prepare(insertSql);
        const tx = db.transaction((from: number, to: number) => {
          for (let i = from; i < to; i++) insert.run(...rows[i]);
        });
        const t0 = performance.now();
        const c0 = cpuMs();
        for (let i = 0; i < N; i += batch) tx.immediate(i, Math.min(N, i + batch));
        const rates = { wall: rate(N, performance.now() - t0), cpu: rate(N, cpuMs() - c0) };
        db.close();
        removeDb(file);
        return rates;
      };

      /** Appends N records; returns the rates and, when `keep`, leaves the file for the proofs below. */
      const auditRun = (batch: number, keep = false): Rates & { file: string } => {
        const inputs = inputsOf(pool, N);
        const file = freshFile('audit');
        const audit = openAuditLog(file);
        const t0 = performance.now();
        const c0 = cpuMs();
        if (batch === 1) for (const input of inputs) audit.appendDecision(input);
        else for (let i = 0; i < N; i += batch) audit.appendDecisions(inputs.slice(i, i + batch));
        const rates = { wall: rate(N, performance.now() - t0), cpu: rate(N, cpuMs() - c0) };
        audit.close();
        if (!keep) removeDb(file);
        return { ...rates, file };
      };

      /**
       * The control plane's log: records built and hashed here, inserted by the writer thread.
       * `batch` records per request, all requests issued before the first ack is awaited (many
       * agents deciding at once); each transaction holds at most BATCH records.
       */
      const threadedRun = async (batch: number): Promise<Rates> => {
        const inputs = inputsOf(pool, N);
        const file = freshFile('threaded');
        const audit = openThreadedAuditLog(file, { maxGroup: BATCH });
        const t0 = performance.now();
        const c0 = cpuMs();
        const acks: Array<Promise<unknown>> = [];
        for (let i = 0; i < N; i += batch) acks.push(audit.appendDecisionsAsync(inputs.slice(i, i + batch)));
        await Promise.all(acks);
        const rates = { wall: rate(N, performance.now() - t0), cpu: rate(N, cpuMs() - c0) };
        await audit.close();
        removeDb(file);
        return rates;
      };

      // A plain unprotected log: the same decision data serialized with JSON.stringify and inserted.
      const plainRun = (batch: number): Rates => {
        const file = freshFile('plain');
        const db = openDatabase(file);
        const insert = db.prepare(insertSql);
        const tx = db.transaction((from: number, to: number) => {
          for (let i = from; i < to; i++) {
            const input = rowInputs[i];
            const text = JSON.stringify({ event: input.event, decision: input.decision, request: input.request, screen: input.screen });
            insert.run(i, 'decision', stampTs, input.event.session, input.event.agent, input.event.id, input.decision.decision, input.decision.ruleset, text, rows[i][9]);
          }
        });
        const t0 = performance.now();
        const c0 = cpuMs();
        for (let i = 0; i < N; i += batch) tx.immediate(i, Math.min(N, i + batch));
        const rates = { wall: rate(N, performance.now() - t0), cpu: rate(N, cpuMs() - c0) };
        db.close();
        removeDb(file);
        return rates;
      };

      // Warm up JIT and the page cache, then measure.
      rawRun(BATCH);
      auditRun(1);
      auditRun(BATCH);
      await threadedRun(BATCH);
      const series = {
        rawBatched: [] as Rates[],
        auditBatched: [] as Rates[],
        threadedBatched: [] as Rates[],
        threadedSingle: [] as Rates[],
        rawSingle: [] as Rates[],
        auditSingle: [] as Rates[],
        plainBatched: [] as Rates[],
      };
      let proofFile = '';
      for (let round = 0; round < ROUNDS; round++) {
        series.rawBatched.push(rawRun(BATCH));
        const batched = auditRun(BATCH, round === ROUNDS - 1);
        series.auditBatched.push(batched);
        if (round === ROUNDS - 1) proofFile = batched.file;
        series.threadedBatched.push(await threadedRun(BATCH));
        series.threadedSingle.push(await threadedRun(1));
        series.rawSingle.push(rawRun(1));
        series.auditSingle.push(auditRun(1));
        series.plainBatched.push(plainRun(BATCH));
      }

      const span = (values: number[], digits: number) => `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}`;
      const line = (label: string, runs: Rates[], unit: string, note = '') => {
        const wall = runs.map((r) => r.wall);
        const cpu = runs.map((r) => r.cpu);
        log(`  ${label.padEnd(44)} ${fmt(median(wall), 0).padStart(9)} ${fmt(median(cpu), 0).padStart(9)}  ${span(wall, 0).padStart(13)}  ${unit}${note}`);
      };
      // Ratios are taken round by round (each audit run against the raw run just before it).
      const ratio = (label: string, a: Rates[], b: Rates[], note = '') => {
        const wall = a.map((r, i) => r.wall / b[i].wall);
        const cpu = a.map((r, i) => r.cpu / b[i].cpu);
        log(`  ${label.padEnd(44)} ${fmt(median(wall), 2).padStart(8)}× ${fmt(median(cpu), 2).padStart(8)}×  ${span(wall, 2).padStart(12)}×${note}`);
      };
      log(`rows: ${N} decision records, ${fmt(avgBytes, 0)} bytes of canonical JSON on average; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`);
      log(`  ${''.padEnd(44)} ${'wall/s'.padStart(9)} ${'cpu/s'.padStart(9)}  ${'wall range'.padStart(13)}  (medians of ${ROUNDS} rounds; cpu/s = rows per CPU-second of this process)`);
      line(`raw better-sqlite3 inserts, ${BATCH} rows/txn`, series.rawBatched, 'rows');
      line('raw better-sqlite3 inserts, 1 row/txn', series.rawSingle, 'rows');
      line(`plain JSON.stringify + insert, ${BATCH} rows/txn`, series.plainBatched, 'rows', '   (an unprotected log of the same data)');
      line('audit appendDecision, 1 record/txn', series.auditSingle, 'records', '   (synchronous API: CLI, eval --audit)');
      line(`audit appendDecisions, ${BATCH} records/txn`, series.auditBatched, 'records', '   (synchronous API)');
      line(`audit, writer thread, ${BATCH} records/request+txn`, series.threadedBatched, 'records', '   (the control plane\'s log; acked after commit)');
      line(`audit, writer thread, 1 record/request`, series.threadedSingle, 'records', `   (concurrent requests, group commit ≤ ${BATCH}/txn)`);
      ratio(`ratio writer-thread audit/raw, both ${BATCH}/txn`, series.threadedBatched, series.rawBatched, '   (goal ≥ 0.5×)');
      ratio(`ratio writer-thread audit 1/request vs raw ${BATCH}/txn`, series.threadedSingle, series.rawBatched);
      ratio(`ratio synchronous audit/raw, both ${BATCH}/txn`, series.auditBatched, series.rawBatched, '   (one thread does it all)');
      ratio('ratio audit/raw, both 1/txn', series.auditSingle, series.rawSingle);
      ratio(`ratio audit 1/txn vs raw ${BATCH}/txn`, series.auditSingle, series.rawBatched);
      ratio(`ratio audit/plain JSON log, both ${BATCH}/txn`, series.auditBatched, series.plainBatched);

      // Proofs on the N-record log.
      const audit = openAuditLog(proofFile, { readonly: true });
      const size = audit.size();
      const c0 = performance.now();
      audit.prove(0);
      const coldMs = performance.now() - c0;
      const genUs: number[] = [];
      const verUs: number[] = [];
      for (let k = 0; k < 50; k++) {
        const seq = Math.floor((k * 7919) % size);
        const t0 = performance.now();
        const proof = audit.prove(seq);
        const t1 = performance.now();
        if (!checkInclusionProof(proof).ok) throw new Error(`proof ${seq} does not verify`);
        const t2 = performance.now();
        genUs.push((t1 - t0) * 1000);
        verUs.push((t2 - t1) * 1000);
      }
      const cGen: number[] = [];
      const cVer: number[] = [];
      for (let k = 1; k <= 20; k++) {
        const first = Math.floor((size * k) / 21);
        const t0 = performance.now();
        const proof = audit.proveConsistency(first);
        const t1 = performance.now();
        if (!checkConsistencyProof(proof).ok) throw new Error(`consistency ${first} does not verify`);
        cGen.push((t1 - t0) * 1000);
        cVer.push((performance.now() - t1) * 1000);
      }
      const t0 = performance.now();
      const report = audit.verify();
      const verifyMs = performance.now() - t0;
      audit.close();
      if (!report.ok) throw new Error('bench log does not verify');
      const g = summarize(genUs);
      const v = summarize(verUs);
      const cg = summarize(cGen);
      const cv = summarize(cVer);
      log(`proofs on a ${size}-record log (µs):            p50        p99`);
      log(`  first proof after open            ${fmt(coldMs * 1000, 0).padStart(10)}              (reads all leaf hashes once, builds the in-memory tree)`);
      log(`  inclusion proof generation        ${fmt(g.p50, 0).padStart(10)} ${fmt(g.p99, 0).padStart(10)}`);
      log(`  inclusion proof verification      ${fmt(v.p50, 1).padStart(10)} ${fmt(v.p99, 1).padStart(10)}   (record → leaf → root)`);
      log(`  consistency proof generation      ${fmt(cg.p50, 0).padStart(10)} ${fmt(cg.p99, 0).padStart(10)}`);
      log(`  consistency proof verification    ${fmt(cv.p50, 1).padStart(10)} ${fmt(cv.p99, 1).padStart(10)}`);
      log(`  full verify of the log            ${fmt(verifyMs, 0).padStart(10)} ms  (${fmt(rate(size, verifyMs), 0)} records/s)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
