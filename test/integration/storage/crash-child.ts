// Child process of the crash test: appends decisions (single and 3-step plans) and outcomes as
// fast as it can, printing `ack <decision id>` after each append returns. The parent kills it
// with SIGKILL at a random point.
import { writeSync } from 'node:fs';
import { openAuditLog } from '../../../src/storage/audit-log';
import { makeInput } from '../../unit/core/audit/fixtures';

const [path, run] = process.argv.slice(2);
const log = openAuditLog(path, { checkpointEvery: 7 });
writeSync(1, `ready ${log.size()}\n`);
for (let i = 0; ; i++) {
  const id = `r${run}-${i}`;
  if (i % 5 === 4) {
    const steps = [0, 1, 2].map((k) => {
      const input = makeInput(i, { id: `${id}-p${k}`, plan: { index: k, count: 3 } });
      if (k > 0) delete input.request;
      return input;
    });
    log.appendDecisions(steps);
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
