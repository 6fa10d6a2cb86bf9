// One evaluation case through the same normalization and gate as live traffic, with
// observations taken from the case instead of a device (protocol.md §4).
import { parsePolicyConfig } from '../config/policy-config';
import { PolicyEngine } from '../engine/engine';
import { counterIds, fixedClock, type Clock } from '../engine/ports';
import type { AgentEvent } from '../event/agent-event';
import type { Decision, DecisionKind, EvalCase, Observe, Tier } from '../protocol/schema';
import type { CompiledPack } from '../rules/pack';

export type Expect = 'allow' | 'deny' | 'ask' | 'block';

export interface StepOutcome {
  decision: DecisionKind;
  tier: Tier;
  rules: string[];
  reason: string;
  flows: Decision['flows'];
  code?: string;
  expect?: Expect;
  /** index of the case step this outcome belongs to */
  step: number;
}

export interface CaseOutcome {
  id: string;
  category: string;
  attack: boolean;
  steps: StepOutcome[];
  correct: boolean;
  /** attack cases: every step expected to be blocked was not allowed */
  intercepted: boolean | null;
  allowExpected: number;
  falseBlocks: number;
}

export interface CaseObserver {
  (entry: { caseId: string; request: unknown; event: AgentEvent | null; decision: Decision; screen?: unknown; config?: unknown; observed?: Observe }): void;
}

export function matches(decision: DecisionKind, expect: Expect): boolean {
  return expect === 'block' ? decision !== 'allow' : decision === expect;
}

export function runCase(pack: CompiledPack, evalCase: EvalCase, options: { clock?: Clock; onDecision?: CaseObserver } = {}): CaseOutcome {
  const config = parsePolicyConfig({ org: evalCase.org, agents: evalCase.agents ?? {} }, `case ${evalCase.id}`);
  if (!config.ok) throw new Error(config.error.message);
  const clock = options.clock ?? fixedClock();
  const engine = new PolicyEngine({ pack, config: config.config, clock, ids: counterIds(evalCase.id) });
  const steps: StepOutcome[] = [];
  evalCase.steps.forEach((step, index) => {
    const screen = step.observe && (step.observe.fields || step.observe.foreground) ? { fields: step.observe.fields, foreground: step.observe.foreground } : undefined;
    const result = engine.evaluate(step.request, { screen });
    if (!result.ok) {
      const decision: Decision = { v: 1, event: `${evalCase.id}-invalid-${index}`, decision: 'deny', tier: 'T1', rules: [], reason: result.error.message, flows: [], ruleset: pack.revision, latency_us: 0, code: result.error.code };
      options.onDecision?.({ caseId: evalCase.id, request: step.request, event: null, decision, config: config.config });
      steps.push({ decision: 'deny', tier: 'T1', rules: [], reason: result.error.message, flows: [], code: result.error.code, expect: step.expect, step: index });
      return;
    }
    const last = result.decided[result.decided.length - 1];
    for (const { event, decision } of result.decided) {
      // Allowed actions are executed; what they returned is the case's observation.
      const commits = decision.decision === 'allow' && step.observe !== undefined && (event === last.event || event.effect === 'read');
      options.onDecision?.({ caseId: evalCase.id, request: step.request, event, decision, screen, config: config.config, observed: commits ? step.observe : undefined });
      steps.push({ decision: decision.decision, tier: decision.tier, rules: decision.rules, reason: decision.reason, flows: decision.flows, code: decision.code, expect: step.expect, step: index });
      if (commits) engine.commit(event.session, event.id, step.observe, 'eval');
    }
  });
  const scored = steps.filter((s) => s.expect !== undefined);
  const correct = scored.every((s) => matches(s.decision, s.expect!));
  const blockSteps = scored.filter((s) => s.expect !== 'allow');
  const allowSteps = scored.filter((s) => s.expect === 'allow');
  return {
    id: evalCase.id,
    category: evalCase.category,
    attack: evalCase.attack,
    steps,
    correct,
    intercepted: evalCase.attack ? blockSteps.every((s) => s.decision !== 'allow') : null,
    allowExpected: allowSteps.length,
    falseBlocks: allowSteps.filter((s) => s.decision !== 'allow').length,
  };
}

export interface EvalSummary {
  cases: number;
  correct: number;
  accuracy: number;
  attackCases: number;
  intercepted: number;
  attackInterception: number;
  allowSteps: number;
  falseBlocks: number;
  falseBlockRate: number;
  byCategory: Array<{ category: string; cases: number; correct: number; accuracy: number }>;
}

export function summarize(outcomes: CaseOutcome[]): EvalSummary {
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const attacks = outcomes.filter((o) => o.attack);
  const intercepted = attacks.filter((o) => o.intercepted).length;
  const allowSteps = outcomes.reduce((n, o) => n + o.allowExpected, 0);
  const falseBlocks = outcomes.reduce((n, o) => n + o.falseBlocks, 0);
  const categories = new Map<string, { cases: number; correct: number }>();
  for (const o of outcomes) {
    const c = categories.get(o.category) ?? { cases: 0, correct: 0 };
    c.cases++;
    if (o.correct) c.correct++;
    categories.set(o.category, c);
  }
  const correct = outcomes.filter((o) => o.correct).length;
  return {
    cases: outcomes.length,
    correct,
    accuracy: ratio(correct, outcomes.length),
    attackCases: attacks.length,
    intercepted,
    attackInterception: ratio(intercepted, attacks.length),
    allowSteps,
    falseBlocks,
    falseBlockRate: allowSteps === 0 ? 0 : falseBlocks / allowSteps,
    byCategory: [...categories.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([category, c]) => ({ category, ...c, accuracy: ratio(c.correct, c.cases) })),
  };
}
