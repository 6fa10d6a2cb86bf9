// The one IPC contract of the operator console (DESIGN.md convention 6): channel → request and
// response schema. The Electron main process validates every request with these schemas before
// it touches the control plane, and the HTTP operator routes (/v1/operator/<channel>) use the
// same table, so the browser console and the Electron console speak one protocol. Every type the
// console sees is derived from a schema here; none is kept in sync by hand.
import { z } from 'zod';
import { IPC_CHANNELS, isIpcChannel, type IpcChannel } from './ipc-channels';

export { IPC_CHANNELS, LIVE_EVENT_CHANNEL, isIpcChannel, type IpcChannel } from './ipc-channels';

// ---- building blocks --------------------------------------------------------------------------

/** Event, session and agent ids as the ingress accepts them. */
export const IdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'at most 200 characters')
  .regex(/^[A-Za-z0-9._:~#@/-]+$/, 'only letters, digits and . _ : ~ # @ / -');

/** Who acted, as written to the audit log. */
export const OperatorNameSchema = z.string().min(1, 'must not be empty').max(100, 'at most 100 characters');

export const INTERRUPT_KINDS = ['PAUSE', 'RESUME', 'HALT', 'LIFT', 'ABORT'] as const;
export const DECISION_KINDS = ['allow', 'deny', 'ask'] as const;

/** A .rules file name: no directories, so an install cannot name a path outside the pack. */
export const RuleFileNameSchema = z
  .string()
  .min(7, 'must be a file name ending in .rules')
  .max(120, 'at most 120 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.rules$/, 'must be a plain file name ending in .rules (letters, digits, . _ -)');

export const MAX_RULE_TEXT = 256 * 1024;

// ---- data the console shows -------------------------------------------------------------------

export const FlowViewSchema = z.looseObject({});

export const DecisionViewSchema = z.looseObject({
  event: z.string(),
  decision: z.enum(DECISION_KINDS),
  tier: z.string(),
  rules: z.array(z.string()),
  reason: z.string(),
  flows: z.array(FlowViewSchema),
  ruleset: z.string(),
  code: z.string().optional(),
});

export const PendingApprovalSchema = z.object({
  event: z.string(),
  session: z.string(),
  agent: z.string(),
  channel: z.string(),
  label: z.string(),
  reason: z.string(),
  rules: z.array(z.string()),
  heldAt: z.number(),
  expiresAt: z.number(),
});

export const SessionSummarySchema = z.object({
  id: z.string(),
  agents: z.array(z.string()),
  events: z.number(),
  lastAt: z.number().nullable(),
});

export const AgentSummarySchema = z.object({
  id: z.string(),
  role: z.string().optional(),
  mode: z.string().optional(),
  status: z.string(),
  sessions: z.array(z.string()),
  lastSeen: z.number().nullable(),
});

export const RuleErrorSchema = z.object({ file: z.string(), line: z.number(), col: z.number(), code: z.string(), message: z.string() });

export const RulesStatusSchema = z.object({
  state: z.enum(['ok', 'error', 'empty']),
  /** The revision in force: the last good one, also when state is error. */
  revision: z.string().nullable(),
  storeId: z.number().nullable(),
  errors: z.array(RuleErrorSchema),
  /** File names of the running pack's rule files. */
  files: z.array(z.string()).optional(),
});

export const InstallResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), revision: z.string(), storeId: z.number(), unchanged: z.boolean() }),
  z.object({ ok: z.literal(false), errors: z.array(RuleErrorSchema), message: z.string() }),
]);

export const ResolveResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), decision: DecisionViewSchema }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);

export const InterruptRecordSchema = z.object({
  kind: z.enum(INTERRUPT_KINDS),
  agent: z.string(),
  by: z.string(),
  reason: z.string().optional(),
  seq: z.number(),
  at: z.number(),
});

/** One audit record (decision, outcome or operator action); all hashed fields are kept. */
export const AuditRecordViewSchema = z.looseObject({
  v: z.literal(1),
  seq: z.number(),
  kind: z.enum(['decision', 'outcome', 'operator']),
  ts: z.number(),
});

export const VerifyReportSchema = z.object({
  ok: z.boolean(),
  log: z.string(),
  hash_alg: z.string(),
  size: z.number(),
  root: z.string(),
  storedCheckpoints: z.number(),
  pinnedCheckpoints: z.number(),
  problems: z.array(z.object({ code: z.string(), message: z.string(), seq: z.number().optional() })),
});

/** One item of the live stream (`decision`, `approval.requested`, `agent.status`, `rules.installed`, …). */
export const LiveEventSchema = z.looseObject({ type: z.string(), ts: z.number() });

// ---- the contract ----------------------------------------------------------------------------

const Empty = z.object({}).strict();
const by = OperatorNameSchema.optional();

export const IPC = {
  'approvals.list': { request: Empty, response: z.array(PendingApprovalSchema) },
  'approvals.approve': { request: z.object({ event: IdSchema, by }).strict(), response: ResolveResultSchema },
  'approvals.deny': { request: z.object({ event: IdSchema, by, reason: z.string().max(1000, 'at most 1000 characters').optional() }).strict(), response: ResolveResultSchema },
  'sessions.list': { request: Empty, response: z.array(SessionSummarySchema) },
  'agents.list': { request: Empty, response: z.array(AgentSummarySchema) },
  'agents.interrupt': {
    request: z
      .object({
        kind: z.enum(INTERRUPT_KINDS),
        agent: z.union([IdSchema, z.literal('*')]),
        by,
        reason: z.string().max(1000, 'at most 1000 characters').optional(),
      })
      .strict(),
    response: InterruptRecordSchema,
  },
  'rules.status': { request: Empty, response: RulesStatusSchema },
  'rules.install': {
    request: z
      .object({
        file: RuleFileNameSchema,
        text: z.string().max(MAX_RULE_TEXT, `at most ${MAX_RULE_TEXT} characters`),
        note: z.string().max(500, 'at most 500 characters').optional(),
        by,
      })
      .strict(),
    response: InstallResultSchema,
  },
  'rules.rollback': {
    request: z.object({ ref: z.union([z.string().min(1, 'must not be empty').max(200), z.number().int('must be an integer').nonnegative('must be ≥ 0')]), by }).strict(),
    response: InstallResultSchema,
  },
  'audit.records': {
    request: z.object({ session: IdSchema, limit: z.number().int('must be an integer').min(1, 'must be ≥ 1').max(5000, 'must be ≤ 5000').optional() }).strict(),
    response: z.object({ session: z.string(), total: z.number(), records: z.array(AuditRecordViewSchema) }),
  },
  'audit.verify': { request: Empty, response: VerifyReportSchema },
} as const satisfies Record<IpcChannel, { request: z.ZodType; response: z.ZodType }>;

export type IpcRequest<C extends IpcChannel> = z.input<(typeof IPC)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<(typeof IPC)[C]['response']>;

export type PendingApproval = z.output<typeof PendingApprovalSchema>;
export type SessionSummary = z.output<typeof SessionSummarySchema>;
export type AgentSummary = z.output<typeof AgentSummarySchema>;
export type DecisionView = z.output<typeof DecisionViewSchema>;
export type RuleError = z.output<typeof RuleErrorSchema>;
export type RulesStatus = z.output<typeof RulesStatusSchema>;
export type InstallResult = z.output<typeof InstallResultSchema>;
export type ResolveResult = z.output<typeof ResolveResultSchema>;
export type InterruptKind = (typeof INTERRUPT_KINDS)[number];
export type InterruptRecordView = z.output<typeof InterruptRecordSchema>;
export type AuditRecordView = z.output<typeof AuditRecordViewSchema>;
export type VerifyReportView = z.output<typeof VerifyReportSchema>;
export type LiveEvent = z.output<typeof LiveEventSchema>;

// ---- validation and replies ---------------------------------------------------------------------

export interface IpcIssue {
  field: string;
  message: string;
}

export interface IpcError {
  code: string;
  message: string;
  issues: IpcIssue[];
}

/** What crosses the wire for every request: the value, or an error with a stable code. */
export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(request)' : path.map(String).join('.');
}

/** Zod issues → `{field, message}`; an unknown key names the key itself. */
export function issuesOf(error: z.ZodError): IpcIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: fieldOf([...issue.path, key]), message: `unknown field "${key}"` }));
    return [{ field: fieldOf(issue.path), message: issue.message }];
  });
}

/** Validates one request against its channel's schema; the message names every offending field. */
export function parseIpcRequest<C extends IpcChannel>(channel: C, input: unknown): { ok: true; value: z.output<(typeof IPC)[C]['request']> } | { ok: false; error: IpcError } {
  const result = IPC[channel].request.safeParse(input === undefined ? {} : input);
  if (result.success) return { ok: true, value: result.data as z.output<(typeof IPC)[C]['request']> };
  const issues = issuesOf(result.error);
  return { ok: false, error: { code: 'invalid_request', message: `${channel}: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, issues } };
}

/** Validates a reply from the other side (the browser client does this for every HTTP answer). */
export function parseIpcResponse<C extends IpcChannel>(channel: C, output: unknown): IpcReply<IpcResponse<C>> {
  const result = IPC[channel].response.safeParse(output);
  if (result.success) return { ok: true, value: result.data as IpcResponse<C> };
  const issues = issuesOf(result.error);
  return { ok: false, error: { code: 'bad_response', message: `${channel}: unexpected reply (${issues.map((i) => `${i.field}: ${i.message}`).join('; ')})`, issues } };
}

/** One handler per channel, fed only validated requests. */
export type IpcHandlers = { [C in IpcChannel]: (request: z.output<(typeof IPC)[C]['request']>) => IpcResponse<C> | Promise<IpcResponse<C>> };

/**
 * The single entry point both transports use: unknown channel → `unknown_channel`, bad request →
 * `invalid_request` naming the fields, a handler that throws → `internal`. Never throws.
 */
export async function dispatchIpc(handlers: IpcHandlers, channel: unknown, input: unknown): Promise<IpcReply<unknown>> {
  if (!isIpcChannel(channel)) return { ok: false, error: { code: 'unknown_channel', message: `unknown channel ${JSON.stringify(channel)}; known: ${IPC_CHANNELS.join(', ')}`, issues: [] } };
  const parsed = parseIpcRequest(channel, input);
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[channel] as (request: unknown) => unknown;
    return { ok: true, value: await handler(parsed.value) };
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: `${channel}: ${(error as Error)?.message ?? String(error)}`, issues: [] } };
  }
}
