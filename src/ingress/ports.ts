// What the ingress needs from the control plane. The composition root (src/app/control-plane.ts)
// implements this; tests use a fake. The ingress validates wire input itself (schema, size,
// auth) and hands only well-formed ActionRequests to `submit`.
import type { AgentFlowError } from '../core/protocol/errors';
import type { ActionRequest, Decision, Observe } from '../core/protocol/schema';

/** How a request reached the control plane. */
export type IngressOrigin = 'http' | 'mcp' | 'quorum';

export interface QuorumProvenance {
  sender: string;
  seq: number;
  digest: string;
  /** Slots that carried the accepted digest, of k. */
  matching: number;
  k: number;
  /** Paths that deviated or sent an invalid slot on this message. */
  flagged: string[];
}

export interface SubmitOptions {
  origin: IngressOrigin;
  /** Set when the request is an `llm` plan accepted by the MIRROR quorum receiver. */
  quorum?: QuorumProvenance;
}

/**
 * - `executed`: the control plane executed it (device bridge, its own HTTP client, a registered
 *   tool backend) and `observation` is what it observed (provenance `executed`).
 * - `awaiting-report`: allowed, but nothing is registered to execute it (e.g. a tool without a
 *   backend); the agent runs it and may report the result with `reportResult` (provenance
 *   `agent-reported`, weaker).
 * - `not-executed`: denied (or ask that ended in deny / timeout).
 * - `failed`: allowed but the execution failed; `executionError` says why.
 */
export type ExecutionStatus = 'executed' | 'awaiting-report' | 'not-executed' | 'failed';

export interface StepOutcome {
  /** The final decision: for `ask`, the one after the operator answered or the timeout (deny). */
  decision: Decision;
  execution: ExecutionStatus;
  observation?: Observe;
  executionError?: string;
}

export type SubmitOutcome = { ok: true; steps: StepOutcome[] } | { ok: false; error: AgentFlowError };

export type ResolveOutcome = { ok: true; decision: Decision } | { ok: false; error: { code: 'unknown_event' | 'conflict'; message: string } };

export type ReportOutcome = { ok: true } | { ok: false; error: { code: 'unknown_event' | 'conflict' | 'invalid_request'; message: string } };

export interface PendingApproval {
  event: string;
  session: string;
  agent: string;
  channel: string;
  label: string;
  reason: string;
  rules: string[];
  /** ms since epoch when the request was held, and when it times out (→ deny). */
  heldAt: number;
  expiresAt: number;
}

export interface SessionSummary {
  id: string;
  agents: string[];
  events: number;
  lastAt: number | null;
}

export interface AgentSummary {
  id: string;
  role?: string;
  mode?: string;
  /** e.g. `active`, `paused`, `halted`. */
  status: string;
  sessions: string[];
  lastSeen: number | null;
}

/** One item of the live stream: decisions, approvals, device/agent status, quorum outcomes. */
export interface LiveEvent {
  /** e.g. `decision`, `approval.requested`, `approval.resolved`, `device.status`, `agent.status`, `quorum.rejected`, `input.rejected`. */
  type: string;
  ts: number;
  [key: string]: unknown;
}

/** A 4xx answered at the ingress: audited so that nothing is lost. */
export interface RejectedInput {
  ts: number;
  origin: IngressOrigin;
  method: string;
  route: string;
  status: number;
  code: string;
  message: string;
  /** Parsed from the body when possible (never trusted). */
  agent?: string;
  session?: string;
  remote?: string;
}

/** A plan the quorum receiver refused: audited with the flagged paths. */
export interface QuorumRejection {
  ts: number;
  sender: string;
  seq: number;
  reason: string;
  detail: string;
  digest: string | null;
  matching: number;
  k: number;
  flagged: string[];
  slots: { path: string; digest: string | null; status: string }[];
}

export interface QuorumPathRetired {
  ts: number;
  path: string;
  group: string;
  reason: string;
}

/** A tool the operator registered (downstream MCP server or HTTP endpoint), shown to agents. */
export interface ToolDescriptor {
  name: string;
  description?: string;
  /** JSON Schema of the arguments object. */
  inputSchema?: Record<string, unknown>;
}

export interface ControlPlanePort {
  /** Gate (and, when allowed, execute + observe) one ActionRequest; `llm` plans give several steps. */
  submit(request: ActionRequest, options: SubmitOptions): Promise<SubmitOutcome>;
  /** Result reported by the agent for an allowed action the control plane did not execute. */
  reportResult(eventId: string, observed: Observe, by: { agent: string }): ReportOutcome;
  approve(eventId: string, by: string): ResolveOutcome;
  deny(eventId: string, by: string, reason?: string): ResolveOutcome;
  pendingApprovals(): PendingApproval[];
  sessions(): SessionSummary[];
  agents(): AgentSummary[];
  tools(): ToolDescriptor[];
  /** Live event bus; returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  auditRejectedInput(record: RejectedInput): void;
  auditQuorumRejection(record: QuorumRejection): void;
  /** Optional: a quorum path was retired (it agreed with another path on a non-majority digest). */
  auditQuorumPathRetired?(record: QuorumPathRetired): void;
}
