// The whole path without a device: real engine + default pack → eval audit sink → verify →
// backtest with the real engine. Same rules must change nothing; a candidate pack with one rule
// file removed must list exactly the decisions a direct evaluation under it changes.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackFiles } from '../../../src/app/pack-loader';
import { backtest } from '../../../src/core/audit/backtest';
import { policyReplayEngine } from '../../../src/core/audit/engine-replay';
import { parseCaseLines } from '../../../src/core/eval/read-cases';
import { compilePack } from '../../../src/core/rules/pack';
import { openAuditLog, verifyAuditFile } from '../../../src/storage/audit-log';
import { createEvalAuditSink } from '../../../src/storage/eval-audit';
import { runCases, tempDir } from './helpers';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const casesFile = [join(root, '../shared/bench/gate-public.jsonl'), '/work/shared/bench/gate-public.jsonl'].find((p) => existsSync(p));

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => (tmp = tempDir('agentflow-backtest-')));
afterAll(() => tmp.cleanup());

describe.skipIf(!casesFile)('backtest through the real engine', () => {
  it('same rules: zero changes; candidate rules: exactly the decisions that change', () => {
    const cases = parseCaseLines(readFileSync(casesFile!, 'utf8')).cases.map((c) => c.value);
    const files = readPackFiles(join(root, 'rules/default'));
    const current = compilePack(files);
    if (!current.ok) throw new Error('default pack does not compile');
    const db = tmp.file('eval.db');
    const sink = createEvalAuditSink(db);
    const baseline = runCases(current.pack, cases, sink);
    sink.close();
    expect(verifyAuditFile(db).ok).toBe(true);

    const log = openAuditLog(db, { readonly: true });
    const records = log.records();
    const same = backtest(records, (run) => policyReplayEngine(current.pack, run), { config: (h) => log.getConfig(h) });
    expect(same.errors).toEqual([]);
    expect(same.compared).toBe(baseline.length);
    // (the one exception: a decision a secret rule made on a value the log masked — the replay
    // sees the mask, not the code — is reported, flagged as redacted; nothing else changes)
    for (const change of same.changes) {
      expect(change.redacted).toBe(true);
      expect(change.before.rules.some((r) => r.startsWith('secrets.'))).toBe(true);
    }
    expect(same.changes.length).toBeLessThanOrEqual(1);

    // Candidate: drop the private-data rule file.
    const candidateFiles = { ...files, rules: files.rules.filter((f) => !f.path.endsWith('10-private-data.rules')) };
    const candidate = compilePack(candidateFiles);
    if (!candidate.ok) throw new Error('candidate does not compile');
    const direct = runCases(candidate.pack, cases);
    const expectedChanged = baseline.filter((d, i) => d.split(':')[1] !== direct[i].split(':')[1]).length;
    const bt = backtest(records, (run) => policyReplayEngine(candidate.pack, run), { config: (h) => log.getConfig(h) });
    // (decisions a secret rule made on masked values are flagged, not attributable to the candidate)
    const attributable = bt.changes.filter((c) => !(c.redacted && c.before.rules.some((r) => r.startsWith('secrets.'))));
    expect(attributable.length).toBe(expectedChanged);
    expect(attributable.length).toBeGreaterThan(0);
    log.close();
  });
});
