// Fail closed in one place: the gate's decisions are written to the audit log before anything
// is committed; when the write fails, every decision of the request becomes a deny that says why.
import { isAuditException } from '../core/audit/errors';
import type { AgentEvent } from '../core/event/agent-event';
import type { Decision, Observe } from '../core/protocol/schema';
import type { AppendAck, AuditLog } from './audit-log';

export interface Decided {
  event: AgentEvent;
  decision: Decision;
}

export interface AuditedDecisions<D extends Decided> {
  /** The decisions to act on: the gate's own, or denies when the audit write failed. */
  decided: D[];
  acks: AppendAck[];
  /** Set when the audit write failed (and every decision was turned into a deny). */
  failure: Error | null;
}

export const AUDIT_UNAVAILABLE = 'audit_unavailable';

/**
 * Appends all decisions of one request (one transaction) and returns what may be acted on.
 * `request` is stored with the first decision only (replay re-expands llm plans).
 */
export function auditDecisions<D extends Decided>(audit: AuditLog, decided: readonly D[], request: unknown, screen?: Observe, configHash?: string): AuditedDecisions<D> {
  try {
    const acks = audit.appendDecisions(decided.map((d, i) => ({ event: d.event, decision: d.decision, request: i === 0 ? request : undefined, screen, configHash })));
    return { decided: [...decided], acks, failure: null };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    const why = isAuditException(error) ? error.message : failure.message;
    return {
      decided: decided.map((d) => ({
        ...d,
        decision: { ...d.decision, decision: 'deny', tier: 'T1', rules: [], flows: d.decision.flows, reason: `the audit log could not record this decision (${why}); failing closed`, code: AUDIT_UNAVAILABLE },
      })),
      acks: [],
      failure,
    };
  }
}
