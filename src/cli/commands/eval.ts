// `agentflow eval FILE.jsonl [--json] [--rules DIR] [--audit DB]` (protocol.md §4).
import { readFileSync } from 'node:fs';
import { loadPack } from '../../app/pack-loader';
import { parseCaseLines } from '../../core/eval/read-cases';
import { runCase, summarize, type CaseObserver, type CaseOutcome } from '../../core/eval/run-case';
import { formatPackError } from '../../core/rules/pack';
import { fixedClock } from '../../core/engine/ports';
import { parseArgs, type CliCommand } from '../command';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const command: CliCommand = {
  name: 'eval',
  summary: 'run evaluation cases through the gate and score them',
  usage: 'eval FILE.jsonl [--json] [--rules DIR] [--audit DB]',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json']);
    const file = positionals[0];
    if (!file) {
      io.err('agentflow eval: missing FILE.jsonl (usage: agentflow eval FILE.jsonl [--json])');
      return 2;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.err(`agentflow eval: cannot read ${file}: ${(error as Error).message}`);
      return 2;
    }
    const loaded = loadPack(typeof flags.get('rules') === 'string' ? String(flags.get('rules')) : undefined);
    if (!loaded.ok) {
      for (const e of loaded.errors) io.err(formatPackError(e));
      return 2;
    }
    const { cases, errors } = parseCaseLines(text);
    for (const e of errors) io.err(`${file}:${e.line}: ${e.message}`);
    let onDecision: CaseObserver | undefined;
    let closeAudit: (() => void) | undefined;
    const auditPath = flags.get('audit');
    if (typeof auditPath === 'string') {
      const { createEvalAuditSink } = await import('../../storage/eval-audit');
      const sink = createEvalAuditSink(auditPath);
      onDecision = (entry) => sink.record(entry);
      closeAudit = () => sink.close();
    }
    const outcomes: CaseOutcome[] = [];
    try {
      for (const { value } of cases) {
        // Case time is deterministic (one second per step); latency is measured for real.
        const caseClock = fixedClock();
        const clock = { now: () => caseClock.now(), micros: () => Number(process.hrtime.bigint() / 1000n) };
        const outcome = runCase(loaded.pack, value, { onDecision, clock });
        outcomes.push(outcome);
        if (flags.get('json')) {
          io.out(JSON.stringify({ case: outcome.id, steps: outcome.steps.map((s) => ({ decision: s.decision, tier: s.tier, rules: s.rules, reason: s.reason })) }));
        }
      }
    } finally {
      closeAudit?.();
    }
    const s = summarize(outcomes);
    // The human summary always goes to stderr (protocol.md §4: stdout carries only the --json lines).
    const log = io.err;
    log(`ruleset ${loaded.pack.revision} (${loaded.pack.ruleCount} rules)`);
    log(`cases ${s.cases}  accuracy ${pct(s.accuracy)} (${s.correct}/${s.cases})  attack interception ${pct(s.attackInterception)} (${s.intercepted}/${s.attackCases})  false block ${pct(s.falseBlockRate)} (${s.falseBlocks}/${s.allowSteps} allow steps)`);
    for (const c of s.byCategory) log(`  ${c.category.padEnd(28)} ${pct(c.accuracy).padStart(6)}  (${c.correct}/${c.cases})`);
    for (const o of outcomes.filter((x) => !x.correct)) {
      for (const step of o.steps.filter((st) => st.expect && !(st.expect === 'block' ? st.decision !== 'allow' : st.decision === st.expect))) {
        log(`  MISS ${o.id} step ${step.step + 1}: expected ${step.expect}, got ${step.decision} (${step.tier} ${step.rules.join(',')}: ${step.reason})`);
      }
    }
    return errors.length > 0 ? 2 : 0;
  },
};
