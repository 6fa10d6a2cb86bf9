// The audit log's writer thread: executes the inserts of record groups that the owning thread
// has already built, canonicalized and hashed (threaded-audit-log.ts), one transaction per group,
// so SQLite's work and waits overlap the owner's next records. It keeps the count of committed
// records and refuses a group that does not start there (one sent after a group that failed),
// so the log never gets a gap. Plain CommonJS on purpose: a worker loads without the TypeScript
// loader, and the SQL comes from the owner so it exists in one place.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

const { sqliteModule, path, synchronous, maxPageCount, insertRow, insertCheckpoint, committed: start, shared } = workerData;
const reply = new Int32Array(shared, 0, 4);
const replyText = new Uint8Array(shared, 16);

function describe(error) {
  const e = error || {};
  return e.code ? `${e.message} (${e.code})` : String(e.message || error);
}

let committed = start;
let db = null;
let openError = null;
try {
  const Database = require(sqliteModule);
  db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  if (maxPageCount !== null) db.pragma(`max_page_count = ${maxPageCount}`);
} catch (error) {
  openError = `the writer thread cannot open the log: ${describe(error)}`;
}

const rowStmt = db && db.prepare(insertRow);
const checkpointStmt = db && db.prepare(insertCheckpoint);
const writeGroup = db
  ? db.transaction((group) => {
      const bytes = Buffer.from(group.bytes);
      const leaves = Buffer.from(group.leaves);
      const size = leaves.length / group.rows.length;
      group.rows.forEach((row, i) => {
        const [seq, kind, ts, session, agent, decisionId, decision, ruleset, from, to] = row;
        rowStmt.run(seq, kind, ts, session, agent, decisionId, decision, ruleset, bytes.subarray(from, to), leaves.subarray(i * size, (i + 1) * size));
      });
      if (group.checkpoint) checkpointStmt.run(group.checkpoint[0], Buffer.from(group.checkpoint[1]), group.checkpoint[2], group.checkpoint[3]);
    })
  : null;

function write(group) {
  if (openError) return { id: group.id, ok: false, committed, error: openError };
  if (group.first !== committed) {
    return { id: group.id, ok: false, committed, code: 'out_of_sequence', error: `records ${group.first}… follow a write that failed (the log holds ${committed} records)` };
  }
  try {
    writeGroup.immediate(group);
    committed += group.rows.length;
    return { id: group.id, ok: true, committed };
  } catch (error) {
    return { id: group.id, ok: false, committed, error: describe(error) };
  }
}

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    try {
      if (db) db.close();
    } catch {}
    parentPort.close();
    return;
  }
  const result = write(message);
  if (!message.sync) {
    parentPort.postMessage(result);
    return;
  }
  // A synchronous append: the owner is blocked in Atomics.wait on reply[0].
  const text = Buffer.from(result.ok ? '' : result.error);
  const n = Math.min(text.length, replyText.length);
  replyText.set(text.subarray(0, n));
  reply[1] = result.committed;
  reply[2] = result.ok ? 1 : 0;
  reply[3] = n;
  Atomics.store(reply, 0, 1);
  Atomics.notify(reply, 0);
});
