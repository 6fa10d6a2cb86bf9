// The one path every agent request takes into the control plane, whatever the transport (HTTP,
// MCP, quorum): validate against the wire schema, deduplicate by idempotency key, submit, and
// shape the answer. Never throws: internal failures become a fail-closed error.
import { ActionRequestSchema, type ActionRequest, type Decision, type Observe } from '../core/protocol/schema';
import { fromZodError, type FieldIssue } from '../core/protocol/errors';
import { ingressError, type IngressError } from './http/errors';
import type { ControlPlanePort, ExecutionStatus, IngressOrigin, StepOutcome, SubmitOptions } from './ports';

export interface StepResponse extends Decision {
  execution: ExecutionStatus;
  observation?: Observe;
  executionError?: string;
}

/** The answer to an ActionRequest: the Decision (protocol.md §3) plus what execution observed.
 *  For `llm` plans the top level is the first step that was not allowed (else the last step)
 *  and `steps` lists every step in order. */
export interface ActionResponse extends StepResponse {
  steps?: StepResponse[];
}

export type GatewayResult = { ok: true; request: ActionRequest; response: ActionResponse } | { ok: false; error: IngressError; agent?: string; session?: string };

/** Schema validation plus the cross-field rules of protocol.md §1, with errors naming fields. */
export function validateActionRequest(input: unknown): { ok: true; request: ActionRequest } | { ok: false; error: IngressError } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, error: ingressError('invalid_request', `ActionRequest must be a JSON object (got ${Array.isArray(input) ? 'an array' : input === null ? 'null' : typeof input})`) };
  }
  const parsed = ActionRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fromZodError(input, parsed.error, 'invalid_request', 'invalid ActionRequest') };
  const request = parsed.data;
  const issues: FieldIssue[] = [];
  if (!request[request.channel]) issues.push({ field: request.channel, message: `channel "${request.channel}" needs a "${request.channel}" object` });
  if (request.llm) {
    request.llm.steps.forEach((step, i) => {
      if (!step[step.channel]) issues.push({ field: `llm.steps.${i}.${step.channel}`, message: `plan step ${i} has channel "${step.channel}" but no "${step.channel}" object` });
    });
  }
  if (issues.length > 0) {
    return { ok: false, error: ingressError('missing_field', `invalid ActionRequest: ${issues.map((i) => i.message).join('; ')}`, issues) };
  }
  return { ok: true, request };
}

export function toResponse(steps: StepOutcome[]): ActionResponse {
  const shaped: StepResponse[] = steps.map((s) => ({
    ...s.decision,
    execution: s.execution,
    ...(s.observation !== undefined ? { observation: s.observation } : {}),
    ...(s.executionError !== undefined ? { executionError: s.executionError } : {}),
  }));
  if (shaped.length === 1) return shaped[0];
  const top = shaped.find((s) => s.decision !== 'allow') ?? shaped[shaped.length - 1];
  return { ...top, steps: shaped };
}

export class Gateway {
  private readonly seen = new Map<string, Promise<GatewayResult>>();

  constructor(
    readonly port: ControlPlanePort,
    private readonly opts: { idempotencyEntries?: number } = {},
  ) {}

  submit(input: unknown, origin: IngressOrigin, extra: Omit<SubmitOptions, 'origin'> = {}): Promise<GatewayResult> {
    const valid = validateActionRequest(input);
    if (!valid.ok) {
      const o = input as Record<string, unknown> | null;
      return Promise.resolve({ ok: false, error: valid.error, agent: str(o?.agent), session: str(o?.session) });
    }
    const request = valid.request;
    if (request.id === undefined) return this.run(request, origin, extra);
    // a repeated id returns the first decision (also while the first is still held for
    // approval); keyed like the engine's replay table: per session
    const key = `${request.session}\u0000${request.id}`;
    const first = this.seen.get(key);
    if (first) return first;
    const p = this.run(request, origin, extra).then((r) => {
      if (!r.ok) this.seen.delete(key);
      return r;
    });
    this.seen.set(key, p);
    const max = this.opts.idempotencyEntries ?? 20_000;
    if (this.seen.size > max) this.seen.delete(this.seen.keys().next().value as string);
    return p;
  }

  private async run(request: ActionRequest, origin: IngressOrigin, extra: Omit<SubmitOptions, 'origin'>): Promise<GatewayResult> {
    try {
      const outcome = await this.port.submit(request, { origin, ...extra });
      if (!outcome.ok) return { ok: false, error: { code: outcome.error.code, message: outcome.error.message, issues: outcome.error.issues ?? [] }, agent: request.agent, session: request.session };
      if (outcome.steps.length === 0) return { ok: false, error: ingressError('internal', 'control plane returned no decision; failing closed'), agent: request.agent, session: request.session };
      return { ok: true, request, response: toResponse(outcome.steps) };
    } catch (err) {
      return { ok: false, error: ingressError('internal', `control plane failed; failing closed: ${(err as Error).message}`), agent: request.agent, session: request.session };
    }
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v.slice(0, 200) : undefined;
}
