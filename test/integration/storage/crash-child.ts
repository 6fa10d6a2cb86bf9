// Child process of the crash test: appends decisions (single and 3-step plans) and outcomes as
// fast as it can, printing `ack <decision id>` after each append returns. The parent kills it
// with SIGKILL at a random point. Mode `threaded`: the control plane's log (writer thread, group
// commit) with eight requests in flight at once, each acked when its promise resolves.
import { writeSync } from 'node:fs';
import { openAuditLog } from '../../../src/storage/audit-log';
import { openThreadedAuditLog } from '../../../src/storage/threaded-audit-log';
import { makeInput } from '../../unit/core/audit/fixtures';

const [path, run, mode] = process.argv.slice(2);

function plan(i: number, id: string) {
  return [0, 1, 2].map((k) => {
    const input = makeInput(i, { id: `${id}-p${k}`, plan: { index: k, count: 3 } });
    if (k > 0) delete input.request;
    return input;
  });
}

if (mode === 'threaded') {
  const log = openThreadedAuditLog(path, { checkpointEvery: 7, maxGroup: 16 });
  writeSync(1, `ready ${log.size()}\n`);
  let n = 0;
  const next = async (): Promise<void> => {
    for (;;) {
      const i = n++;
      const id = `r${run}-${i}`;
      if (i % 5 === 4) {
        await log.appendDecisionsAsync(plan(i, id));
        writeSync(1, `ack ${id}-p0 ${id}-p1 ${id}-p2\n`);
      } else {
        await log.appendDecisionsAsync([makeInput(i, { id })]);
        writeSync(1, `ack ${id}\n`);
      }
      if (i % 3 === 0) {
        await log.appendOutcomeAsync({ decisionId: id, session: 's', agent: 'a', status: 'executed', observed: { texts: [id] } });
        writeSync(1, `ack out:${id}\n`);
      }
    }
  };
  for (let k = 0; k < 8; k++) void next();
} else {
  syncLoop();
}

function syncLoop(): void {
  const log = openAuditLog(path, { checkpointEvery: 7 });
  writeSync(1, `ready ${log.size()}\n`);
  for (let i = 0; ; i++) {
    const id = `r${run}-${i}`;
    if (i % 5 === 4) {
      log.appendDecisions(plan(i, id));
      writeSync(1, `ack ${id}-p0 ${id}-p1 ${id}-p2\n`);
    } else {
      log.appendDecision(makeInput(i, { id }));
      writeSync(1, `ack ${id}\n`);
    }
    if (i % 3 === 0) {
      log.appendOutcome({ decisionId: id, session: 's', agent: 'a', status: 'executed', observed: { texts: [id] } });
      writeSync(1, `ack out:${id}\n`);
    }
  }
}
