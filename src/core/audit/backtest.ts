// Backtest: replay recorded events under a candidate rule set and list every decision that
// would change. The engine is passed in (a small interface), so the replay is pure and can be
// tested with a fake; the CLI wires the real PolicyEngine with the candidate pack.
import type { Decision, Observe } from '../protocol/schema';
import type { AuditRecord, DecisionRecord } from './record';

export interface ReplayDecided {
  event: { id: string };
  decision: Decision;
}

export type ReplayResult = { ok: true; decided: ReplayDecided[] } | { ok: false; error: { code: string; message: string } };

/** What the replay needs from a policy engine. A fresh engine (empty session state) per run. */
export interface ReplayEngine {
  /** `ts` is the recorded time of the decision, for engines whose clock matters. */
  evaluate(request: unknown, screen?: Observe, ts?: number): ReplayResult;
  /** Records provenance of an executed event (same contract as PolicyEngine.commit). */
  commit?(session: string, eventId: string, observed?: Observe, source?: 'executed' | 'agent-reported' | 'eval'): void;
  /** Sets the policy configuration (org + agent manifests) recorded with the events. */
  setConfig?(config: unknown): void;
}

/** Makes a fresh engine for one replay unit (`run` of the records; null for live traffic). */
export type ReplayEngineFactory = (run: string | null) => ReplayEngine;

export interface DecisionSummary {
  decision: Decision['decision'];
  tier: Decision['tier'];
  rules: string[];
  reason: string;
}

export interface BacktestChange {
  seq: number;
  decision_id: string;
  session: string;
  agent: string;
  /** What was acted on: `<channel> <action> <label>`. */
  action: string;
  before: DecisionSummary;
  after: DecisionSummary;
  /** True when the recorded payload had secrets masked: a secret rule may see the mask, not the value. */
  redacted: boolean;
}

export interface BacktestReport {
  /** Decisions compared (the last N, or all). */
  compared: number;
  /** Decisions replayed in total (earlier events of the same sessions are replayed for state). */
  replayed: number;
  unchanged: number;
  changes: BacktestChange[];
  errors: Array<{ seq: number; decision_id: string; message: string }>;
}

export interface BacktestOptions {
  /** Compare only the last N decisions (their sessions are still replayed from the start). */
  last?: number;
  /** Looks up a stored policy configuration by the hash a record names. */
  config?: (hash: string) => unknown;
}

function summary(d: { decision: Decision['decision']; tier: Decision['tier']; rules: string[]; reason: string }): DecisionSummary {
  return { decision: d.decision, tier: d.tier, rules: [...d.rules], reason: d.reason };
}

function describe(record: DecisionRecord): string {
  const ev = record.event;
  return [ev.channel, ev.action, ev.label].filter((p) => typeof p === 'string' && p !== '').join(' ');
}

export function backtest(records: readonly AuditRecord[], engineFor: ReplayEngineFactory, options: BacktestOptions = {}): BacktestReport {
  const decisions = records.filter((r): r is DecisionRecord => r.kind === 'decision');
  const compared = options.last !== undefined ? decisions.slice(Math.max(0, decisions.length - options.last)) : decisions;
  const comparedSeqs = new Set(compared.map((r) => r.seq));
  const sessions = new Set(compared.map((r) => `${r.run ?? ''}\u0000${r.session}`));
  const engines = new Map<string | null, { engine: ReplayEngine; config: string | null }>();
  const unit = (run: string | null) => {
    let u = engines.get(run);
    if (!u) {
      u = { engine: engineFor(run), config: null };
      engines.set(run, u);
    }
    return u;
  };

  const report: BacktestReport = { compared: compared.length, replayed: 0, unchanged: 0, changes: [], errors: [] };
  /** recorded decision id → replayed event id and decision */
  const replayedOf = new Map<string, ReplayDecided>();
  /** last evaluation per session+agent, for the later steps of an llm plan */
  const lastPlan = new Map<string, ReplayDecided[]>();
  for (const record of records) {
    if (record.kind === 'operator') continue;
    const run = record.run ?? null;
    if (!sessions.has(`${run ?? ''}\u0000${record.session}`)) continue;
    const u = unit(run);
    const engine = u.engine;
    if (record.kind === 'outcome') {
      const replayed = replayedOf.get(`${run ?? ''}\u0000${record.decision_id}`);
      // Counterfactual: the event ran only if the candidate rules did not deny it.
      if (replayed && record.status === 'executed' && replayed.decision.decision !== 'deny') {
        engine.commit?.(record.session, replayed.event.id, record.observed ?? undefined, record.source);
      }
      continue;
    }
    const key = `${run ?? ''}\u0000${record.session}\u0000${record.agent}`;
    let decided: ReplayDecided | undefined;
    if (record.plan === null || record.plan.index === 0) {
      if (record.request === null || record.request === undefined) {
        report.errors.push({ seq: record.seq, decision_id: record.decision_id, message: 'record has no stored request; cannot replay' });
        continue;
      }
      if (record.config_hash && record.config_hash !== u.config && options.config && engine.setConfig) {
        const config = options.config(record.config_hash);
        if (config === undefined) {
          report.errors.push({ seq: record.seq, decision_id: record.decision_id, message: `configuration ${record.config_hash} is not stored` });
        } else {
          try {
            engine.setConfig(config);
            u.config = record.config_hash;
          } catch (error) {
            report.errors.push({ seq: record.seq, decision_id: record.decision_id, message: `configuration ${record.config_hash}: ${(error as Error).message}` });
          }
        }
      }
      let result: ReplayResult;
      try {
        result = engine.evaluate(record.request, record.screen ?? undefined, record.event?.ts ?? record.ts);
      } catch (error) {
        result = { ok: false, error: { code: 'internal', message: (error as Error).message } };
      }
      if (!result.ok) {
        report.errors.push({ seq: record.seq, decision_id: record.decision_id, message: `replay rejected the request: ${result.error.code}: ${result.error.message}` });
        lastPlan.delete(key);
        continue;
      }
      report.replayed++;
      lastPlan.set(key, result.decided);
      decided = result.decided[0];
    } else {
      const plan = lastPlan.get(key);
      decided = plan?.[record.plan.index];
      if (decided) report.replayed++;
    }
    if (!decided) {
      report.errors.push({ seq: record.seq, decision_id: record.decision_id, message: 'replay produced no decision for this step' });
      continue;
    }
    replayedOf.set(`${run ?? ''}\u0000${record.decision_id}`, decided);
    if (!comparedSeqs.has(record.seq)) continue;
    if (decided.decision.decision === record.decision) {
      report.unchanged++;
      continue;
    }
    report.changes.push({
      seq: record.seq,
      decision_id: record.decision_id,
      session: record.session,
      agent: record.agent,
      action: describe(record),
      before: summary(record),
      after: summary(decided.decision),
      redacted: record.redacted.length > 0,
    });
  }
  return report;
}
