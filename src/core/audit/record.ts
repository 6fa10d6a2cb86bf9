// The audit record model. One record per decision (written before the action is committed),
// one per commit outcome, one per operator action. Records are hashed as canonical JSON, so
// every field here is covered by the Merkle log; payloads are redacted before they get here.
import type { AgentEvent } from '../event/agent-event';
import type { Decision, DecisionKind, Flow, Mode, Observe, Tier } from '../protocol/schema';
import { canonicalBytes } from './canonical-json';
import { auditError } from './errors';
import type { HashAlgName, HashAlgorithm } from './hash';
import { toHex } from './hash';
import { redactValue, secretKindOfKey, type Redaction } from './redact';

export const RECORD_KINDS = ['decision', 'outcome', 'operator'] as const;
export type AuditRecordKind = (typeof RECORD_KINDS)[number];

export const OPERATOR_ACTIONS = ['approve', 'deny', 'rule_install', 'rule_rollback', 'interrupt', 'config_change', 'input_rejected', 'quorum_rejected'] as const;
export type OperatorActionKind = (typeof OPERATOR_ACTIONS)[number];

interface RecordBase {
  v: 1;
  /** Position in the log = Merkle leaf index, from 0, without gaps. */
  seq: number;
  kind: AuditRecordKind;
  /** Milliseconds since epoch when the record was written. */
  ts: number;
  hash_alg: HashAlgName;
  /** Every masked value of this record ({path, kind}); paths are relative to the record. */
  redacted: Redaction[];
}

export interface DecisionRecord extends RecordBase {
  kind: 'decision';
  decision_id: string;
  request_id: string | null;
  session: string;
  agent: string;
  device: string | null;
  channel: AgentEvent['channel'];
  mode: Mode;
  /** The normalized event that was decided (secrets redacted). */
  event: AgentEvent;
  decision: DecisionKind;
  tier: Tier;
  rules: string[];
  reason: string;
  flows: Flow[];
  code: string | null;
  /** Revision hash of the rule set that decided. */
  ruleset: string;
  latency_us: number;
  /** Plan step position for `llm` requests (the request is stored with step 0 only). */
  plan: { index: number; count: number } | null;
  /** The ActionRequest as received (redacted), so the decision can be replayed by the engine. */
  request: unknown;
  /** The screen observation the gate used, if any (redacted). */
  screen: Observe | null;
  /** Hash of the policy configuration (org + agent manifests) in force, stored beside the log. */
  config_hash: string | null;
  /** Replay unit: records of different runs never share session state (e.g. one eval case). */
  run: string | null;
}

export interface OutcomeRecord extends RecordBase {
  kind: 'outcome';
  decision_id: string;
  session: string;
  agent: string;
  device: string | null;
  status: 'executed' | 'failed';
  source: 'executed' | 'agent-reported' | 'eval';
  run: string | null;
  /** Hash (the log's algorithm, hex) of the canonical JSON of what was observed, before redaction. */
  observed_hash: string | null;
  /** What was observed after the commit (redacted), for replay of provenance. */
  observed: Observe | null;
  error: string | null;
}

export interface OperatorRecord extends RecordBase {
  kind: 'operator';
  action: OperatorActionKind;
  operator: string;
  decision_id: string | null;
  session: string | null;
  agent: string | null;
  /** Rule set revision concerned (install/rollback) or in force. */
  ruleset: string | null;
  reason: string;
  detail: unknown;
}

export type AuditRecord = DecisionRecord | OutcomeRecord | OperatorRecord;

/** What the gate hands the log for one decision. */
export interface DecisionInput {
  event: AgentEvent;
  decision: Decision;
  /** The original ActionRequest (step 0 of an `llm` plan carries it). */
  request?: unknown;
  screen?: Observe;
  configHash?: string;
  /** Replay unit (e.g. eval case id); omit for live traffic. */
  run?: string;
}

export interface OutcomeInput {
  decisionId: string;
  session: string;
  agent: string;
  device?: string;
  status: 'executed' | 'failed';
  source?: 'executed' | 'agent-reported' | 'eval';
  observed?: Observe;
  error?: string;
  run?: string;
}

export interface OperatorInput {
  action: OperatorActionKind;
  operator: string;
  decisionId?: string;
  session?: string;
  agent?: string;
  ruleset?: string;
  reason?: string;
  detail?: unknown;
}

export interface RecordStamp {
  seq: number;
  ts: number;
  hashAlg: HashAlgorithm;
}

/** Paths in an AgentEvent whose whole value is secret: payload typed into password fields, secret-named fields. */
function eventSecretPaths(event: AgentEvent, base: string): Set<string> {
  const paths = new Set<string>();
  const parts: Array<['payload' | 'targets', AgentEvent['payload']]> = [
    ['payload', event.payload ?? []],
    ['targets', event.targets ?? []],
  ];
  for (const [name, list] of parts) {
    list.forEach((part, i) => {
      if ((name === 'payload' && event.secretField) || secretKindOfKey(part.field ?? '')) paths.add(`${base}.${name}[${i}].value`);
    });
  }
  return paths;
}

function isSecretTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const t = target as Record<string, unknown>;
  return [t.resourceId, t.contentDesc, t.text].some((v) => typeof v === 'string' && secretKindOfKey(v) !== null);
}

/** Paths in an ActionRequest whose typed text goes into a secret field. */
function requestSecretPaths(request: unknown, secretField: boolean, base: string): Set<string> {
  const paths = new Set<string>();
  if (!request || typeof request !== 'object') return paths;
  const r = request as Record<string, unknown>;
  const gui = r.gui as Record<string, unknown> | undefined;
  if (gui && (secretField || isSecretTarget(gui.target))) paths.add(`${base}.gui.text`);
  const steps = (r.llm as { steps?: unknown[] } | undefined)?.steps;
  if (Array.isArray(steps)) {
    steps.forEach((step, i) => {
      const g = (step as Record<string, unknown> | null)?.gui as Record<string, unknown> | undefined;
      if (g && isSecretTarget(g.target)) paths.add(`${base}.llm.steps[${i}].gui.text`);
    });
  }
  return paths;
}

export function buildDecisionRecord(input: DecisionInput, stamp: RecordStamp): DecisionRecord {
  const { event, decision } = input;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string') throw auditError('invalid_input', 'decision record: event.id is missing', 'event.id');
  if (!decision || typeof decision.decision !== 'string') throw auditError('invalid_input', 'decision record: decision.decision is missing', 'decision.decision');
  const redacted: Redaction[] = [];
  const ev = redactValue(event, 'event', { secretPaths: eventSecretPaths(event, 'event') });
  redacted.push(...ev.redactions);
  let request: unknown = null;
  if (input.request !== undefined) {
    const r = redactValue(input.request, 'request', { secretPaths: requestSecretPaths(input.request, event.secretField === true, 'request') });
    request = r.value;
    redacted.push(...r.redactions);
  }
  let screen: Observe | null = null;
  if (input.screen !== undefined) {
    const s = redactValue(input.screen, 'screen');
    screen = s.value;
    redacted.push(...s.redactions);
  }
  const reason = redactValue(decision.reason ?? '', 'reason');
  redacted.push(...reason.redactions);
  return {
    v: 1,
    seq: stamp.seq,
    kind: 'decision',
    ts: stamp.ts,
    hash_alg: stamp.hashAlg.name,
    redacted,
    decision_id: event.id,
    request_id: event.requestId ?? null,
    session: event.session,
    agent: event.agent,
    device: event.device ?? null,
    channel: event.channel,
    mode: event.policy?.mode ?? 'HOTL',
    event: ev.value,
    decision: decision.decision,
    tier: decision.tier,
    rules: [...(decision.rules ?? [])],
    reason: reason.value,
    flows: (decision.flows ?? []).map((f) => ({ from: f.from, to: f.to })),
    code: decision.code ?? null,
    ruleset: decision.ruleset,
    latency_us: decision.latency_us,
    plan: event.plan ? { index: event.plan.index, count: event.plan.count } : null,
    request,
    screen,
    config_hash: input.configHash ?? null,
    run: input.run ?? null,
  };
}

export function buildOutcomeRecord(input: OutcomeInput, stamp: RecordStamp): OutcomeRecord {
  if (!input.decisionId) throw auditError('invalid_input', 'outcome record: decisionId is missing', 'decisionId');
  let observed: Observe | null = null;
  let observedHash: string | null = null;
  const redacted: Redaction[] = [];
  if (input.observed !== undefined) {
    observedHash = toHex(stamp.hashAlg.hash(canonicalBytes(input.observed)));
    const o = redactValue(input.observed, 'observed');
    observed = o.value;
    redacted.push(...o.redactions);
  }
  let error: string | null = null;
  if (input.error !== undefined) {
    const e = redactValue(input.error, 'error');
    error = e.value;
    redacted.push(...e.redactions);
  }
  return {
    v: 1,
    seq: stamp.seq,
    kind: 'outcome',
    ts: stamp.ts,
    hash_alg: stamp.hashAlg.name,
    redacted,
    decision_id: input.decisionId,
    session: input.session,
    agent: input.agent,
    device: input.device ?? null,
    status: input.status,
    source: input.source ?? 'executed',
    run: input.run ?? null,
    observed_hash: observedHash,
    observed,
    error,
  };
}

export function buildOperatorRecord(input: OperatorInput, stamp: RecordStamp): OperatorRecord {
  if (!(OPERATOR_ACTIONS as readonly string[]).includes(input.action)) {
    throw auditError('invalid_input', `operator record: unknown action "${input.action}" (known: ${OPERATOR_ACTIONS.join(', ')})`, 'action');
  }
  if (!input.operator) throw auditError('invalid_input', 'operator record: operator is missing', 'operator');
  const detail = redactValue(input.detail ?? null, 'detail');
  const reason = redactValue(input.reason ?? '', 'reason');
  return {
    v: 1,
    seq: stamp.seq,
    kind: 'operator',
    ts: stamp.ts,
    hash_alg: stamp.hashAlg.name,
    redacted: [...detail.redactions, ...reason.redactions],
    action: input.action,
    operator: input.operator,
    decision_id: input.decisionId ?? null,
    session: input.session ?? null,
    agent: input.agent ?? null,
    ruleset: input.ruleset ?? null,
    reason: reason.value,
    detail: detail.value,
  };
}

/** Checks the envelope of a record read back from storage; throws `audit_corrupt` naming the field. */
export function checkRecordEnvelope(value: unknown, where: string): AuditRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw auditError('audit_corrupt', `${where}: not a JSON object`, where);
  const r = value as Record<string, unknown>;
  if (r.v !== 1) throw auditError('audit_corrupt', `${where}: unsupported record version ${JSON.stringify(r.v)}`, `${where}.v`);
  if (!Number.isSafeInteger(r.seq) || (r.seq as number) < 0) throw auditError('audit_corrupt', `${where}: seq is not a non-negative integer`, `${where}.seq`);
  if (!(RECORD_KINDS as readonly unknown[]).includes(r.kind)) throw auditError('audit_corrupt', `${where}: unknown kind ${JSON.stringify(r.kind)}`, `${where}.kind`);
  if (typeof r.ts !== 'number') throw auditError('audit_corrupt', `${where}: ts is not a number`, `${where}.ts`);
  if (typeof r.hash_alg !== 'string') throw auditError('audit_corrupt', `${where}: hash_alg is missing`, `${where}.hash_alg`);
  return value as AuditRecord;
}
