// The audit record model. One record per decision (written before the action is committed),
// one per commit outcome, one per operator action. Records are hashed as canonical JSON, so
// every field here is covered by the Merkle log; payloads are redacted before they get here.
import type { AgentEvent } from '../event/agent-event';
import type { Decision, DecisionKind, Flow, Mode, Observe, Tier } from '../protocol/schema';
import { canonicalBytes, canonicalJson } from './canonical-json';
import { auditError } from './errors';
import type { HashAlgName, HashAlgorithm } from './hash';
import { toHex } from './hash';
import { redactValue, secretKindOfKey, type Redaction } from './redact';
import { keysSorted } from './sorted-keys';

export const RECORD_KINDS = ['decision', 'outcome', 'operator'] as const;
export type AuditRecordKind = (typeof RECORD_KINDS)[number];

export const OPERATOR_ACTIONS = ['approve', 'deny', 'rule_install', 'rule_rollback', 'interrupt', 'config_change', 'input_rejected', 'quorum_rejected', 'quorum_path_retired'] as const;
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

type Slots = Map<object, Set<string>>;

function addSlot(slots: Slots, obj: unknown, key: string): void {
  if (!obj || typeof obj !== 'object') return;
  let keys = slots.get(obj);
  if (!keys) slots.set(obj, (keys = new Set()));
  keys.add(key);
}

/** Values in an AgentEvent that are secret whole: payload typed into password fields, secret-named fields. */
function eventSecretSlots(event: AgentEvent): Slots {
  const slots: Slots = new Map();
  for (const part of event.payload ?? []) if (event.secretField || secretKindOfKey(part?.field ?? '')) addSlot(slots, part, 'value');
  for (const part of event.targets ?? []) if (secretKindOfKey(part?.field ?? '')) addSlot(slots, part, 'value');
  return slots;
}

function isSecretTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const t = target as Record<string, unknown>;
  return [t.resourceId, t.contentDesc, t.text].some((v) => typeof v === 'string' && secretKindOfKey(v) !== null);
}

/** Typed text of an ActionRequest that goes into a secret field. */
function requestSecretSlots(request: unknown, secretField: boolean): Slots {
  const slots: Slots = new Map();
  if (!request || typeof request !== 'object') return slots;
  const r = request as Record<string, unknown>;
  const gui = r.gui as Record<string, unknown> | undefined;
  if (gui && (secretField || isSecretTarget(gui.target))) addSlot(slots, gui, 'text');
  const steps = (r.llm as { steps?: unknown[] } | undefined)?.steps;
  if (Array.isArray(steps)) {
    for (const step of steps) {
      const g = (step as Record<string, unknown> | null)?.gui as Record<string, unknown> | undefined;
      if (g && isSecretTarget(g.target)) addSlot(slots, g, 'text');
    }
  }
  return slots;
}

const PRESORTED = new WeakSet<object>();

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw auditError('invalid_input', `${field} must be a finite number, got ${String(value)}`, field);
  return value;
}

function strings(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw auditError('invalid_input', `${field} must be an array of strings`, field);
  return [...value];
}

/**
 * Validates the stamp and remembers a record as canonical-by-construction when its literal keys
 * are in sorted order (the builders write them so) and every nested part was copied sorted.
 */
function finish<T extends AuditRecord>(record: T, sorted: boolean): T {
  finite(record.seq, 'seq');
  finite(record.ts, 'ts');
  if (sorted && literalSorted(record) && !Object.values(record).includes(undefined)) PRESORTED.add(record);
  return record;
}

/**
 * Whether the builder of this kind writes its keys in sorted order. That is a property of the
 * builder's object literal, the same on every call, so it is checked on the first record of
 * each kind only (an unsorted literal would still be stored correctly, via canonicalJson).
 */
const LITERAL_SORTED = new Map<AuditRecordKind, boolean>();

function literalSorted(record: AuditRecord): boolean {
  let sorted = LITERAL_SORTED.get(record.kind);
  if (sorted === undefined) LITERAL_SORTED.set(record.kind, (sorted = keysSorted(Object.keys(record))));
  return sorted;
}

/**
 * The canonical JSON text of a record. Records from the builders already have every key in
 * sorted order and only JSON values, so JSON.stringify is canonical for them (and ~3× faster);
 * anything else goes through the canonical encoder.
 */
export function recordText(record: AuditRecord): string {
  return PRESORTED.has(record) ? JSON.stringify(record) : canonicalJson(record);
}

export function buildDecisionRecord(input: DecisionInput, stamp: RecordStamp): DecisionRecord {
  const { event, decision } = input;
  if (!event || typeof event !== 'object' || typeof event.id !== 'string') throw auditError('invalid_input', 'decision record: event.id is missing', 'event.id');
  if (!decision || typeof decision.decision !== 'string') throw auditError('invalid_input', 'decision record: decision.decision is missing', 'decision.decision');
  const redacted: Redaction[] = [];
  const ev = redactValue(event, 'event', { secretSlots: eventSecretSlots(event) });
  redacted.push(...ev.redactions);
  let request: unknown = null;
  let requestSorted = true;
  if (input.request !== undefined) {
    const r = redactValue(input.request, 'request', { secretSlots: requestSecretSlots(input.request, event.secretField === true) });
    request = r.value;
    redacted.push(...r.redactions);
    requestSorted = r.sorted;
  }
  let screen: Observe | null = null;
  let screenSorted = true;
  if (input.screen !== undefined) {
    const s = redactValue(input.screen, 'screen');
    screen = s.value;
    redacted.push(...s.redactions);
    screenSorted = s.sorted;
  }
  const reason = redactValue(decision.reason ?? '', 'reason');
  redacted.push(...reason.redactions);
  return finish<DecisionRecord>({
    agent: event.agent,
    channel: event.channel,
    code: decision.code ?? null,
    config_hash: input.configHash ?? null,
    decision: decision.decision,
    decision_id: event.id,
    device: event.device ?? null,
    event: ev.value,
    flows: (decision.flows ?? []).map((f, i) => {
      const [from, to] = strings([f?.from, f?.to], `decision.flows[${i}]`);
      return { from, to };
    }),
    hash_alg: stamp.hashAlg.name,
    kind: 'decision',
    latency_us: finite(decision.latency_us, 'decision.latency_us'),
    mode: event.policy?.mode ?? 'HOTL',
    plan: event.plan ? { count: finite(event.plan.count, 'event.plan.count'), index: finite(event.plan.index, 'event.plan.index') } : null,
    reason: reason.value,
    redacted,
    request,
    request_id: event.requestId ?? null,
    rules: strings(decision.rules ?? [], 'decision.rules'),
    ruleset: String(decision.ruleset ?? ''),
    run: input.run ?? null,
    screen,
    seq: stamp.seq,
    session: event.session,
    tier: decision.tier,
    ts: stamp.ts,
    v: 1,
  }, ev.sorted && requestSorted && screenSorted);
}

export function buildOutcomeRecord(input: OutcomeInput, stamp: RecordStamp): OutcomeRecord {
  if (!input.decisionId) throw auditError('invalid_input', 'outcome record: decisionId is missing', 'decisionId');
  let observed: Observe | null = null;
  let sorted = true;
  let observedHash: string | null = null;
  const redacted: Redaction[] = [];
  if (input.observed !== undefined) {
    observedHash = toHex(stamp.hashAlg.hash(canonicalBytes(input.observed)));
    const o = redactValue(input.observed, 'observed');
    observed = o.value;
    redacted.push(...o.redactions);
    sorted = o.sorted;
  }
  let error: string | null = null;
  if (input.error !== undefined) {
    const e = redactValue(String(input.error), 'error');
    error = e.value;
    redacted.push(...e.redactions);
  }
  return finish<OutcomeRecord>({
    agent: input.agent,
    decision_id: input.decisionId,
    device: input.device ?? null,
    error,
    hash_alg: stamp.hashAlg.name,
    kind: 'outcome',
    observed,
    observed_hash: observedHash,
    redacted,
    run: input.run ?? null,
    seq: stamp.seq,
    session: input.session,
    source: input.source ?? 'executed',
    status: input.status,
    ts: stamp.ts,
    v: 1,
  }, sorted);
}

export function buildOperatorRecord(input: OperatorInput, stamp: RecordStamp): OperatorRecord {
  if (!(OPERATOR_ACTIONS as readonly string[]).includes(input.action)) {
    throw auditError('invalid_input', `operator record: unknown action "${input.action}" (known: ${OPERATOR_ACTIONS.join(', ')})`, 'action');
  }
  if (!input.operator) throw auditError('invalid_input', 'operator record: operator is missing', 'operator');
  const detail = redactValue(input.detail ?? null, 'detail');
  const reason = redactValue(String(input.reason ?? ''), 'reason');
  return finish<OperatorRecord>({
    action: input.action,
    agent: input.agent ?? null,
    decision_id: input.decisionId ?? null,
    detail: detail.value,
    hash_alg: stamp.hashAlg.name,
    kind: 'operator',
    operator: input.operator,
    reason: reason.value,
    redacted: [...detail.redactions, ...reason.redactions],
    ruleset: input.ruleset ?? null,
    seq: stamp.seq,
    session: input.session ?? null,
    ts: stamp.ts,
    v: 1,
  }, detail.sorted);
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
