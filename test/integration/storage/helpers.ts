import Database from 'better-sqlite3';
import { parsePolicyConfig } from '../../../src/core/config/policy-config';
import { PolicyEngine } from '../../../src/core/engine/engine';
import { counterIds, fixedClock } from '../../../src/core/engine/ports';
import type { EvalCase } from '../../../src/core/protocol/schema';
import type { CompiledPack } from '../../../src/core/rules/pack';
import type { EvalAuditSink } from '../../../src/storage/eval-audit';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix = 'agentflow-audit-'): { dir: string; file: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, file: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Direct SQL access, as an attacker with write access to the file would have. */
export function raw(path: string): Database.Database {
  return new Database(path);
}

/** Mirrors runCase: one engine per case, observations committed for allowed steps. */
export function runCases(pack: CompiledPack, cases: EvalCase[], sink?: EvalAuditSink): string[] {
  const decisions: string[] = [];
  for (const c of cases) {
    const parsed = parsePolicyConfig({ org: c.org, agents: c.agents ?? {} });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const engine = new PolicyEngine({ pack, config: parsed.config, clock: fixedClock(), ids: counterIds(c.id) });
    for (const step of c.steps) {
      const screen = step.observe && (step.observe.fields || step.observe.foreground) ? { fields: step.observe.fields, foreground: step.observe.foreground } : undefined;
      const result = engine.evaluate(step.request, { screen });
      if (!result.ok) continue;
      const last = result.decided[result.decided.length - 1];
      for (const { event, decision } of result.decided) {
        const commit = decision.decision === 'allow' && step.observe && (event === last.event || event.effect === 'read');
        sink?.record({ caseId: c.id, request: step.request, event, decision, screen, config: parsed.config, observed: commit ? step.observe : undefined });
        decisions.push(`${c.id}/${event.id}:${decision.decision}`);
        if (commit) engine.commit(event.session, event.id, step.observe, 'eval');
      }
    }
  }
  return decisions;
}

