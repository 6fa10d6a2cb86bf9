// TypeScript client for agent authors: typed ActionRequests to a running `agentflow serve`.
//
//   const af = new AgentFlowClient({ baseUrl: 'http://127.0.0.1:7717', token, agent: 'mailer', session: 's1', device: 'emulator-5554' });
//   const d = await af.tap({ resourceId: 'com.google.android.gm:id/send' });
//   if (d.decision !== 'allow') console.log(d.reason);
import type { z } from 'zod';
import type { ActionRequestSchema, ApiAction, GuiAction, Observe, PlanStep, Target } from '../../core/protocol/schema';
import type { ActionResponse, StepResponse } from '../gateway';
import type { AgentSummary, LiveEvent, PendingApproval, SessionSummary, ToolDescriptor } from '../ports';
import type { Decision } from '../../core/protocol/schema';

export type { ActionResponse, StepResponse, AgentSummary, LiveEvent, PendingApproval, SessionSummary, ToolDescriptor, Decision, Observe, Target, GuiAction, ApiAction, PlanStep };
export { QuorumSender, type QuorumSenderOptions, type QuorumSenderPath, type QuorumSendResult } from './quorum-sender';

/** What a caller may send (defaults such as `tool.arguments = {}` are optional). */
export type ActionRequestInput = z.input<typeof ActionRequestSchema>;

export interface AgentFlowClientOptions {
  /** e.g. http://127.0.0.1:7717 */
  baseUrl: string;
  /** Bearer token (DATA_DIR/token of the server). */
  token: string;
  /** Defaults filled into every request built by the helpers. */
  agent?: string;
  session?: string;
  device?: string;
  /** Per-request timeout; `ask` decisions can take as long as the operator. Default 10 min. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A 4xx/5xx from the control plane: `code` is the stable error code (protocol errors + ingress). */
export class AgentFlowClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'AgentFlowClientError';
  }
}

export class AgentFlowClient {
  private readonly base: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly opts: AgentFlowClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetcher = opts.fetch ?? fetch;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.opts.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 600_000),
      });
    } catch (err) {
      throw new AgentFlowClientError(0, 'unavailable', `cannot reach the control plane at ${this.base}: ${(err as Error).message}`);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new AgentFlowClientError(res.status, 'internal', `control plane answered non-JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    if (!res.ok) {
      const e = (parsed as { error?: { code?: string; message?: string; issues?: { field: string; message: string }[] } } | null)?.error;
      throw new AgentFlowClientError(res.status, e?.code ?? 'internal', e?.message ?? `HTTP ${res.status}`, e?.issues ?? []);
    }
    return parsed as T;
  }

  private base_(): { v: 1; session: string; agent: string; device?: string } {
    const { agent, session, device } = this.opts;
    if (!agent || !session) throw new AgentFlowClientError(0, 'missing_field', 'set `agent` and `session` in the client options to use the helpers, or call submit() with a full ActionRequest');
    return { v: 1, session, agent, ...(device ? { device } : {}) };
  }

  /** Sends one ActionRequest; resolves with the Decision (+ observation when executed). A deny is a normal answer, not an error. */
  submit(request: ActionRequestInput): Promise<ActionResponse> {
    return this.call<ActionResponse>('POST', '/v1/actions', request);
  }

  gui(action: GuiAction, extra: { id?: string; meta?: Record<string, unknown> } = {}): Promise<ActionResponse> {
    return this.submit({ ...this.base_(), channel: 'gui', gui: action, ...extra });
  }
  readScreen(app?: string) {
    return this.gui({ op: 'read_screen', ...(app ? { app } : {}) });
  }
  tap(target: Target, app?: string) {
    return this.gui({ op: 'tap', target, ...(app ? { app } : {}) });
  }
  type(target: Target, text: string, app?: string) {
    return this.gui({ op: 'type', target, text, ...(app ? { app } : {}) });
  }
  launchApp(app: string) {
    return this.gui({ op: 'launch_app', app });
  }
  back() {
    return this.gui({ op: 'back' });
  }
  home() {
    return this.gui({ op: 'home' });
  }
  http(api: ApiAction, extra: { id?: string; meta?: Record<string, unknown> } = {}) {
    return this.submit({ ...this.base_(), channel: 'api', api, ...extra });
  }
  tool(name: string, args: Record<string, unknown> = {}, extra: { id?: string; meta?: Record<string, unknown> } = {}) {
    return this.submit({ ...this.base_(), channel: 'tool', tool: { name, arguments: args }, ...extra });
  }
  plan(steps: PlanStep[], planner?: string) {
    return this.submit({ ...this.base_(), channel: 'llm', llm: { steps, ...(planner ? { planner } : {}) } });
  }

  /** Reports the result of an allowed action the control plane did not execute (provenance: agent-reported). */
  reportResult(eventId: string, observe: Observe, agent = this.opts.agent): Promise<{ ok: true; event: string; provenance: 'agent-reported' }> {
    return this.call('POST', `/v1/events/${encodeURIComponent(eventId)}/result`, { v: 1, agent, observe });
  }

  async approvals(): Promise<PendingApproval[]> {
    return (await this.call<{ approvals: PendingApproval[] }>('GET', '/v1/approvals')).approvals;
  }
  approve(eventId: string, by?: string): Promise<Decision> {
    return this.call('POST', `/v1/approvals/${encodeURIComponent(eventId)}/approve`, by ? { by } : undefined);
  }
  deny(eventId: string, by?: string, reason?: string): Promise<Decision> {
    return this.call('POST', `/v1/approvals/${encodeURIComponent(eventId)}/deny`, by || reason ? { ...(by ? { by } : {}), ...(reason ? { reason } : {}) } : undefined);
  }
  async sessions(): Promise<SessionSummary[]> {
    return (await this.call<{ sessions: SessionSummary[] }>('GET', '/v1/sessions')).sessions;
  }
  async agents(): Promise<AgentSummary[]> {
    return (await this.call<{ agents: AgentSummary[] }>('GET', '/v1/agents')).agents;
  }
  async tools(): Promise<ToolDescriptor[]> {
    return (await this.call<{ tools: ToolDescriptor[] }>('GET', '/v1/tools')).tools;
  }
  health(): Promise<{ ok: boolean; v: 1 }> {
    return this.call('GET', '/v1/health');
  }

  /** Subscribes to the live stream (WebSocket). Resolves once connected. */
  async stream(onEvent: (e: LiveEvent) => void, onClose?: (code: number) => void): Promise<{ close(): void }> {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/v1/stream`, { headers: { authorization: `Bearer ${this.opts.token}` } });
    ws.on('message', (data) => {
      try {
        onEvent(JSON.parse(String(data)) as LiveEvent);
      } catch {}
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new AgentFlowClientError(res.statusCode ?? 0, res.statusCode === 401 ? 'unauthorized' : 'unavailable', `live stream refused: HTTP ${res.statusCode}`)));
      ws.once('error', (err) => reject(new AgentFlowClientError(0, 'unavailable', `live stream: ${err.message}`)));
    });
    ws.on('close', (code) => onClose?.(code));
    return { close: () => ws.close() };
  }
}
