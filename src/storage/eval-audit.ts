// `agentflow eval CASES --audit DB`: every decision of an evaluation run goes to an audit log,
// so the whole path (gate → audit → verify → backtest) can be checked without a device. Each
// case is its own replay unit (`run` = case id), as each case starts with fresh session state.
import type { AgentEvent } from '../core/event/agent-event';
import type { Decision, Observe } from '../core/protocol/schema';
import { openAuditLog, type AuditLog, type AuditLogOptions } from './audit-log';

export interface EvalAuditEntry {
  caseId: string;
  request: unknown;
  /** null when the request was rejected before normalization (invalid request). */
  event: AgentEvent | null;
  decision: Decision;
  screen?: unknown;
  /** The case's policy configuration (org + agents), when the caller has it. */
  config?: unknown;
  /** What the step observed after an allowed action was executed, when the caller has it. */
  observed?: Observe;
}

export interface EvalAuditSink {
  readonly log: AuditLog;
  record(entry: EvalAuditEntry): void;
  /** Records that an allowed event ran in the eval and what it observed (provenance for replay). */
  recordOutcome(caseId: string, event: AgentEvent, observed: Observe | undefined): void;
  close(): void;
}

/** A stand-in event for requests the gate rejected before normalization, so they are audited too. */
function rejectedEvent(entry: EvalAuditEntry): AgentEvent {
  const r = (entry.request ?? {}) as Record<string, unknown>;
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  return {
    v: 1,
    id: entry.decision.event,
    session: str(r.session, `${entry.caseId}:invalid`),
    agent: str(r.agent, '(unknown)'),
    device: typeof r.device === 'string' ? r.device : undefined,
    channel: r.channel === 'api' || r.channel === 'tool' || r.channel === 'gui' ? r.channel : 'tool',
    action: 'invalid_request',
    label: entry.decision.code ?? 'invalid request',
    effect: 'navigate',
    resource: 'none',
    verb: 'none',
    impact: 'low',
    lifted: 'request rejected before normalization',
    sink: null,
    payload: [],
    targets: [],
    secretField: false,
    policy: { role: '', scopes: [], mode: 'HOTL', defaultManifest: true },
    ts: 0,
  };
}

export function createEvalAuditSink(dbPath: string, options: AuditLogOptions = {}): EvalAuditSink {
  const log = openAuditLog(dbPath, options);
  const configs = new Map<string, string>();
  let lastRequest: unknown = undefined;
  return {
    log,
    record(entry) {
      let configHash: string | undefined;
      if (entry.config !== undefined) {
        configHash = configs.get(entry.caseId);
        if (!configHash) {
          configHash = log.putConfig(entry.config);
          configs.set(entry.caseId, configHash);
        }
      }
      const event = entry.event ?? rejectedEvent(entry);
      // Later steps of one llm plan share the request object; store it with the first only.
      const first = !event.plan || event.plan.index === 0 || entry.request !== lastRequest;
      lastRequest = entry.request;
      log.appendDecision({
        event,
        decision: entry.decision,
        request: first ? entry.request : undefined,
        screen: entry.screen as Observe | undefined,
        configHash,
        run: entry.caseId,
      });
      if (entry.observed !== undefined && entry.event && entry.decision.decision === 'allow') {
        log.appendOutcome({ decisionId: event.id, session: event.session, agent: event.agent, device: event.device, status: 'executed', source: 'eval', observed: entry.observed, run: entry.caseId });
      }
    },
    recordOutcome(caseId, event, observed) {
      log.appendOutcome({ decisionId: event.id, session: event.session, agent: event.agent, device: event.device, status: 'executed', source: 'eval', observed, run: caseId });
    },
    close() {
      log.close();
    },
  };
}
