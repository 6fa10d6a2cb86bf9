// A small in-memory ControlPlanePort for ingress tests: known agents, a toy policy, held asks,
// an audit list (so tests can check that every action has exactly one audited decision).
import type { ActionRequest, Decision, Observe } from '../../../src/core/protocol/schema';
import type { ControlPlanePort, LiveEvent, PendingApproval, QuorumPathRetired, QuorumRejection, RejectedInput, StepOutcome, SubmitOptions, SubmitOutcome, ToolDescriptor } from '../../../src/ingress/ports';

interface Held {
  approval: PendingApproval;
  resolve: (d: Decision) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class FakeControlPlane implements ControlPlanePort {
  readonly knownAgents = new Set(['agent-1', 'agent-2']);
  readonly audit: { event: string; decision: string; origin: string; agent: string }[] = [];
  readonly rejected: RejectedInput[] = [];
  readonly quorumRejections: QuorumRejection[] = [];
  readonly retiredPaths: QuorumPathRetired[] = [];
  readonly submitted: { request: ActionRequest; options: SubmitOptions }[] = [];
  readonly reports: { event: string; observed: Observe; agent: string }[] = [];
  readonly held = new Map<string, Held>();
  private readonly listeners = new Set<(e: LiveEvent) => void>();
  private readonly awaitingReport = new Set<string>();
  private n = 0;
  askTimeoutMs = 2_000;
  delayMs = 0;

  constructor(known?: string[]) {
    if (known) {
      this.knownAgents.clear();
      for (const a of known) this.knownAgents.add(a);
    }
  }

  private publish(e: Omit<LiveEvent, 'ts'>): void {
    for (const l of this.listeners) l({ ts: Date.now(), ...e } as LiveEvent);
  }

  private decision(event: string, kind: Decision['decision'], reason: string, rules: string[] = []): Decision {
    return { v: 1, event, decision: kind, tier: 'T1', rules, reason, flows: [], ruleset: 'fake-rev', latency_us: 3 };
  }

  async submit(request: ActionRequest, options: SubmitOptions): Promise<SubmitOutcome> {
    this.submitted.push({ request, options });
    if (!this.knownAgents.has(request.agent)) return { ok: false, error: { code: 'unknown_agent', message: `unknown agent "${request.agent}": no manifest is registered`, issues: [{ field: 'agent', message: 'unknown agent', value: request.agent }] } };
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const steps = request.channel === 'llm' ? request.llm!.steps.map((s) => ({ ...request, channel: s.channel, gui: s.gui, api: s.api, tool: s.tool, llm: undefined }) as ActionRequest) : [request];
    const out: StepOutcome[] = [];
    for (const step of steps) {
      const event = `ev-${++this.n}`;
      let d: Decision;
      if (step.tool?.name === 'danger' || step.gui?.text?.includes('rm -rf')) d = this.decision(event, 'deny', 'dangerous content', ['deny.danger']);
      else if (step.gui?.op === 'launch_app' && step.gui.app === 'com.bank') {
        const asked = this.decision(event, 'ask', 'payments need approval', ['ask.payments']);
        this.audit.push({ event, decision: 'ask', origin: options.origin, agent: step.agent });
        this.publish({ type: 'approval.requested', event, agent: step.agent });
        d = await new Promise<Decision>((resolve) => {
          const timer = setTimeout(() => {
            this.held.delete(event);
            resolve(this.decision(event, 'deny', 'approval timed out', ['ask.payments']));
          }, this.askTimeoutMs);
          this.held.set(event, {
            approval: { event, session: step.session, agent: step.agent, channel: step.channel, label: 'com.bank', reason: asked.reason, rules: asked.rules, heldAt: Date.now(), expiresAt: Date.now() + this.askTimeoutMs },
            resolve,
            timer,
          });
        });
      } else d = this.decision(event, 'allow', 'ok');
      this.audit.push({ event, decision: d.decision, origin: options.origin, agent: step.agent });
      this.publish({ type: 'decision', decision: d, agent: step.agent, session: step.session });
      if (d.decision !== 'allow') {
        out.push({ decision: d, execution: 'not-executed' });
        if (request.channel === 'llm') break;
        continue;
      }
      if (step.channel === 'tool' && step.tool!.name !== 'catalog.echo') {
        this.awaitingReport.add(event);
        out.push({ decision: d, execution: 'awaiting-report' });
      } else if (step.channel === 'tool') out.push({ decision: d, execution: 'executed', observation: { result: step.tool!.arguments } });
      else if (step.gui?.op === 'read_screen') out.push({ decision: d, execution: 'executed', observation: { texts: ['Inbox', 'Compose'], foreground: 'com.google.android.gm' } });
      else out.push({ decision: d, execution: 'executed', observation: step.api ? { body: { status: 200 } } : { foreground: step.gui?.app ?? 'com.android.launcher' } });
    }
    return { ok: true, steps: out };
  }

  reportResult(eventId: string, observed: Observe, by: { agent: string }) {
    if (!this.awaitingReport.has(eventId)) return { ok: false as const, error: { code: 'unknown_event' as const, message: `no allowed action ${eventId} awaits a result` } };
    this.awaitingReport.delete(eventId);
    this.reports.push({ event: eventId, observed, agent: by.agent });
    return { ok: true as const };
  }

  private resolve(eventId: string, kind: 'allow' | 'deny', by: string) {
    const h = this.held.get(eventId);
    if (!h) return { ok: false as const, error: { code: 'unknown_event' as const, message: `no held action ${eventId}` } };
    clearTimeout(h.timer);
    this.held.delete(eventId);
    const d = this.decision(eventId, kind, `${kind === 'allow' ? 'approved' : 'denied'} by ${by}`, h.approval.rules);
    h.resolve(d);
    this.publish({ type: 'approval.resolved', event: eventId, decision: kind, by });
    return { ok: true as const, decision: d };
  }

  approve(eventId: string, by: string) {
    return this.resolve(eventId, 'allow', by);
  }
  deny(eventId: string, by: string) {
    return this.resolve(eventId, 'deny', by);
  }
  pendingApprovals() {
    return [...this.held.values()].map((h) => h.approval);
  }
  sessions() {
    const s = new Map<string, Set<string>>();
    for (const x of this.submitted) s.set(x.request.session, (s.get(x.request.session) ?? new Set()).add(x.request.agent));
    return [...s].map(([id, agents]) => ({ id, agents: [...agents], events: 0, lastAt: null }));
  }
  agents() {
    return [...this.knownAgents].map((id) => ({ id, status: 'active', sessions: [], lastSeen: null }));
  }
  tools(): ToolDescriptor[] {
    return [{ name: 'catalog.echo', description: 'Echoes its arguments (registered HTTP backend)', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }];
  }
  subscribe(listener: (e: LiveEvent) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  auditRejectedInput(record: RejectedInput) {
    this.rejected.push(record);
    this.publish({ type: 'input.rejected', code: record.code, route: record.route });
  }
  auditQuorumRejection(record: QuorumRejection) {
    this.quorumRejections.push(record);
    this.publish({ type: 'quorum.rejected', sender: record.sender, seq: record.seq, reason: record.reason, flagged: record.flagged });
  }
  auditQuorumPathRetired(record: QuorumPathRetired) {
    this.retiredPaths.push(record);
  }
  close() {
    for (const h of this.held.values()) clearTimeout(h.timer);
  }
}
