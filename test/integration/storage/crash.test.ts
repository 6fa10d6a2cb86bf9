// kill -9 loop: a child appends under load and is SIGKILLed at random points, 25 times (and 12
// times with the control plane's writer-thread log). After each kill every acknowledged record
// is present, plans are all-or-nothing, and the log verifies.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditLog } from '../../../src/storage/audit-log';
import { raw, tempDir } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const KILLS = 25;

let tmp: ReturnType<typeof tempDir>;
/** node arguments that run the child: a pre-bundled CommonJS file when esbuild is at hand (fast start, finds better-sqlite3 through NODE_PATH), else tsx. */
let childArgs: string[];
/** The writer-thread mode runs from the sources: its thread's script is found beside its module. */
const tsxArgs = ['--import', 'tsx', join(here, 'crash-child.ts')];

beforeAll(async () => {
  tmp = tempDir('agentflow-crash-');
  const entry = join(here, 'crash-child.ts');
  try {
    const esbuild = await import('esbuild');
    const outfile = tmp.file('crash-child.cjs');
    await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, external: ['better-sqlite3'], logLevel: 'silent', absWorkingDir: root, nodePaths: [join(root, 'node_modules')] });
    childArgs = [outfile];
  } catch {
    childArgs = ['--import', 'tsx', entry];
  }
});
afterAll(() => tmp.cleanup());

function runAndKill(path: string, run: number, rng: () => number, mode: string): Promise<{ acked: string[]; started: number }> {
  return new Promise((resolve, reject) => {
    const args = mode === 'threaded' ? [...tsxArgs, path, String(run), mode] : [...childArgs, path, String(run), mode];
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NODE_PATH: join(root, 'node_modules') }, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    let started = -1;
    let acks = 0;
    const target = 1 + Math.floor(rng() * 150);
    const acked: string[] = [];
    let killed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('ready ')) started = Number(line.slice(6));
        if (line.startsWith('ack ')) {
          acked.push(...line.slice(4).split(' '));
          acks++;
        }
        if (!killed && acks >= target) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`child exited without being killed: ${stderr}`));
      // Lines after the kill may still be buffered in the pipe; only complete lines count as acks.
      else resolve({ acked, started });
    });
  });
}

describe.each([
  { mode: 'sync', kills: KILLS },
  { mode: 'threaded', kills: 12 },
])('crash safety (kill -9 loop), $mode log', ({ mode, kills }) => {
  it(`every acknowledged record survives ${kills} SIGKILLs and the log verifies each time`, async () => {
    const path = tmp.file(`crash-${mode}.db`);
    let seed = 0x2545f491;
    const rng = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const allAcked: string[] = [];
    let lastSize = 0;
    for (let run = 0; run < kills; run++) {
      const t0 = performance.now();
      const { acked, started } = await runAndKill(path, run, rng, mode);
      const t1 = performance.now();
      expect(started).toBe(lastSize);
      allAcked.push(...acked);
      expect(existsSync(path)).toBe(true);

      const log = openAuditLog(path, { readonly: true });
      const report = log.verify();
      expect(report.problems).toEqual([]);
      lastSize = report.size;
      log.close();

      const db = raw(path);
      const ids = new Set(db.prepare("SELECT decision_id FROM audit_log WHERE kind = 'decision'").pluck().all() as string[]);
      const outs = new Set(db.prepare("SELECT decision_id FROM audit_log WHERE kind = 'outcome'").pluck().all() as string[]);
      const lost = allAcked.filter((id) => (id.startsWith('out:') ? !outs.has(id.slice(4)) : !ids.has(id)));
      expect(lost).toEqual([]);
      // A plan is all or nothing, even when the kill lands inside its transaction.
      const plans = db.prepare("SELECT substr(decision_id, 1, length(decision_id) - 3) AS plan, COUNT(*) AS n FROM audit_log WHERE decision_id LIKE '%-p_' GROUP BY plan").all() as Array<{ plan: string; n: number }>;
      for (const p of plans) expect(p.n, p.plan).toBe(3);
      db.close();
      if (process.env.CRASH_TIMING) console.log(`run ${run}: child ${(t1 - t0).toFixed(0)} ms, checks ${(performance.now() - t1).toFixed(0)} ms, size ${lastSize}`);
    }
    expect(allAcked.length).toBeGreaterThan(kills);
    // The writer reopens after all those crashes and carries on.
    const log = openAuditLog(path);
    expect(log.size()).toBe(lastSize);
    log.appendOperatorAction({ action: 'interrupt', operator: 'ops', reason: 'after crash test' });
    expect(log.verify().ok).toBe(true);
    log.close();
  }, 120_000);
});
