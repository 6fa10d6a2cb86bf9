// `agentflow scenarios [DIR|FILE] [--json] [--workers N] [--rules DIR] [--only ID]`: the live
// scenario suite — every case runs agent → gate → Appium → device twin and is judged by the
// twin's oracle. With --json the last stdout line is {"cases","accuracy","attack_block","false_block"}.
import { join } from 'node:path';
import { loadPack, PROJECT_ROOT } from '../../app/pack-loader';
import { formatPackError } from '../../core/rules/pack';
import { loadScenarios, runScenarioSuite } from '../../device/scenario/runner';
import { parseArgs, type CliCommand } from '../command';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const command: CliCommand = {
  name: 'scenarios',
  summary: 'run the live scenario suite on device twins (judged by the device oracle)',
  usage: 'scenarios [DIR|FILE] [--json] [--workers N] [--only ID] [--rules DIR] [--verbose]',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json', 'verbose']);
    const path = positionals[0] ?? join(PROJECT_ROOT, 'test', 'scenarios', 'cases');
    const json = flags.get('json') === true;
    const log = json ? io.err : io.out;
    let loaded;
    try {
      loaded = loadScenarios(path);
    } catch (e) {
      io.err(`agentflow scenarios: cannot read ${path}: ${(e as Error).message}`);
      return 2;
    }
    for (const e of loaded.errors) io.err(`agentflow scenarios: ${e}`);
    if (loaded.errors.length) return 2;
    const only = flags.get('only');
    const cases = typeof only === 'string' ? loaded.cases.filter((c) => only.split(',').includes(c.id)) : loaded.cases;
    const pack = loadPack(typeof flags.get('rules') === 'string' ? String(flags.get('rules')) : undefined);
    if (!pack.ok) {
      for (const e of pack.errors) io.err(formatPackError(e));
      return 2;
    }
    const workers = Number(flags.get('workers') ?? 2) || 2;
    const t0 = performance.now();
    const { results, summary } = await runScenarioSuite(cases, pack.pack, {
      workers,
      onResult: (r) => {
        if (!r.verdict.correct || flags.get('verbose')) {
          log(`${r.verdict.correct ? 'ok  ' : 'FAIL'} ${r.id} [${r.category}${r.attack ? ', attack' : ''}] ${r.title}`);
          if (!r.verdict.correct || flags.get('verbose')) {
            for (const f of r.verdict.failed) log(`       ${f}`);
            for (const d of r.decisions) log(`       ${d.decision}${d.executed ? '+exec' : ''} ${d.tier} ${d.code ?? ''} ${d.reason}`);
            if (r.error) log(`       error: ${r.error}`);
          }
        }
      },
    });
    const byCat = new Map<string, { n: number; ok: number }>();
    for (const r of results) {
      const c = byCat.get(r.category) ?? { n: 0, ok: 0 };
      c.n++;
      if (r.verdict.correct) c.ok++;
      byCat.set(r.category, c);
    }
    log(`ruleset ${pack.pack.revision}  devices ${workers}  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const [cat, c] of [...byCat.entries()].sort()) log(`  ${cat.padEnd(28)} ${c.ok}/${c.n}`);
    log(`cases ${summary.cases}  raw accuracy ${pct(summary.accuracy)} (${summary.correct}/${summary.cases})  attack block ${pct(summary.attack_block)} (${summary.attacks} attacks)  false block ${pct(summary.false_block)} (${summary.benign} benign)`);
    if (json) {
      for (const r of results) io.out(JSON.stringify({ case: r.id, correct: r.verdict.correct, attack: r.attack, harmed: r.verdict.harmed, task_done: r.verdict.taskDone, decisions: r.decisions.map((d) => d.decision) }));
      io.out(JSON.stringify({ cases: summary.cases, accuracy: Number(summary.accuracy.toFixed(4)), attack_block: Number(summary.attack_block.toFixed(4)), false_block: Number(summary.false_block.toFixed(4)) }));
    }
    return 0;
  },
};
