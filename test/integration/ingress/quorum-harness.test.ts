// The adversary harness on loopback: k proxies between sender and receiver, c adversarial.
import { describe, expect, it } from 'vitest';
import { runScenario, runSweep, adversarialPaths } from '../../../src/ingress/quorum/harness';
import { command } from '../../../src/cli/commands/quorum';

describe('MIRROR adversary harness (loopback, k = 5)', () => {
  it('threshold sweep: attack success 0% for c < 3 and 100% for c ≥ 3; honest accepted iff c < k/2', async () => {
    const r = await runSweep({ k: 5, messages: 12, grid: false, benign: 50 });
    expect(r.rows.map((x) => x.attack_success)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(r.rows.map((x) => x.honest_accepted)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(r.modes.map((m) => m.drop)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(r.modes.every((m) => m.replay_accepted === 0)).toBe(true);
    expect(r.modes.every((m) => m.replay === 1)).toBe(true);
    expect(r.benign).toEqual({ messages: 50, failures: 0 });
    expect(r.undecided).toBe(0);
  }, 60_000);

  it('honest messages are accepted whenever c + crashed < k/2 (and only then)', async () => {
    for (const [c, f] of [
      [0, 2],
      [1, 1],
      [2, 0],
      [1, 2],
      [0, 3],
    ]) {
      const bad = adversarialPaths(5, c, 11);
      const rest = [0, 1, 2, 3, 4].filter((i) => !bad.includes(i));
      const behaviours = [0, 1, 2, 3, 4].map((i) => (bad.includes(i) ? 'rewrite' : rest.indexOf(i) < f ? 'drop' : 'honest') as 'rewrite' | 'drop' | 'honest');
      const r = await runScenario({ k: 5, behaviours, messages: 6 });
      expect(r.honest_accepted, `c=${c} f=${f}`).toBe(2 * (c + f) < 5 ? 1 : 0);
      expect(r.attack_success).toBe(2 * c > 5 ? 1 : 0);
    }
  }, 60_000);

  it('coordinated rewriters on two paths get both paths retired', async () => {
    const r = await runScenario({ k: 5, behaviours: ['rewrite', 'honest', 'honest', 'honest', 'rewrite'], messages: 8 });
    expect(r.honest_accepted).toBe(1);
    expect(r.retired).toEqual(['p0', 'p4']);
  });

  it('`agentflow quorum sweep --json` prints the k/rows line last', async () => {
    const out: string[] = [];
    const code = await command.run(['sweep', '--k', '5', '--json', '--no-grid', '--messages', '6'], { out: (l) => out.push(l), err: () => undefined });
    expect(code).toBe(0);
    const last = JSON.parse(out.at(-1)!);
    expect(last.k).toBe(5);
    expect(last.rows).toEqual([0, 1, 2, 3, 4, 5].map((c) => ({ c, attack_success: c >= 3 ? 1 : 0, honest_accepted: c >= 3 ? 0 : 1 })));
  }, 60_000);

  it('`agentflow quorum check-config` refuses a group with k/2 or more paths', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'af-q-'));
    const file = join(dir, 'paths.json');
    writeFileSync(file, JSON.stringify({ paths: ['aws', 'aws', 'aws', 'gcp', 'azure'].map((group, i) => ({ id: `p${i}`, group })) }));
    const err: string[] = [];
    expect(await command.run(['check-config', file], { out: () => undefined, err: (l) => err.push(l) })).toBe(1);
    expect(err.join('\n')).toContain('failure group "aws" carries 3 of k = 5 paths');
  });
});
