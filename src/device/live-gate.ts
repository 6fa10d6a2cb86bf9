// The live loop for device-bound traffic: agent request → current screen → gate → permitted
// token → device → observation → provenance commit. This is the wiring the composition root
// (src/app) needs for GUI actions; the scenario suite drives it end to end.
//
//   screen   = executor.currentScreen(device)                  (page source → Observe + version)
//   decided  = engine.evaluate(request', { screen, screenVersion: { observed, current } })
//              request' = request with GUI targets described by the screen (a tap by point is
//              lifted as the element under it)
//   allow    → permits.mint(...) → executor.execute(token) → engine.commit(session, event, observe)
//   ask      → operator(approve) → mint with approvedBy → execute → commit; else not executed
//   deny     → not executed
import type { DecidedEvent, PolicyEngine } from '../core/engine/engine';
import type { ActionRequest, Decision, GuiAction, PlanStep } from '../core/protocol/schema';
import { refusalDecision } from './decision';
import type { DeviceExecutor, ExecuteResult } from './executor';
import type { PermitAuthority } from './permitted';

export type OperatorAnswer = { approve: true; operator: string } | { approve: false };

export interface LiveGateOptions {
  engine: Pick<PolicyEngine, 'evaluate' | 'commit' | 'outcome' | 'revision'>;
  executor: DeviceExecutor;
  permits: PermitAuthority;
  /** Answers `ask` decisions (default: deny, as on approval timeout). */
  operator?: (decided: DecidedEvent) => Promise<OperatorAnswer>;
  /** Every decision as it is made (audit, UI). Device refusals come as deny decisions with a `code`. */
  onDecision?: (d: { request: ActionRequest; decided: DecidedEvent; final: Decision; result?: ExecuteResult }) => void;
}

export interface StepOutcome {
  decided: DecidedEvent;
  /** The decision after operator answers and device refusals (stale_observation, …). */
  final: Decision;
  executed: boolean;
  result?: ExecuteResult;
}

export type SubmitResult = { ok: true; steps: StepOutcome[] } | { ok: false; error: { code: string; message: string } };

const stepsOf = (r: ActionRequest): PlanStep[] => (r.channel === 'llm' ? (r.llm?.steps ?? []) : [{ channel: r.channel, gui: r.gui, api: r.api, tool: r.tool } as PlanStep]);

export class LiveGate {
  constructor(private readonly opts: LiveGateOptions) {}

  /**
   * Gates and executes one request. An LLM plan is gated step by step, each step after the
   * previous one ran and its observation was committed, so a later step (send) is decided with
   * the provenance of an earlier step (read) of the same plan.
   */
  async submit(request: ActionRequest): Promise<SubmitResult> {
    if (request.channel !== 'llm' || !request.llm || request.llm.steps.length <= 1) return this.submitOne(request);
    const steps: StepOutcome[] = [];
    for (let i = 0; i < request.llm.steps.length; i++) {
      const one: ActionRequest = { ...request, ...(request.id ? { id: `${request.id}#${i}` } : {}), llm: { ...request.llm, steps: [request.llm.steps[i]] } };
      const r = await this.submitOne(one);
      if (!r.ok) return steps.length ? { ok: true, steps } : r;
      steps.push(...r.steps);
    }
    return { ok: true, steps };
  }

  private async submitOne(request: ActionRequest): Promise<SubmitResult> {
    const { engine, executor } = this.opts;
    const steps = stepsOf(request);
    const firstGui = steps.find((s) => s.channel === 'gui' && s.gui);
    let evaluated: ActionRequest = request;
    let options: Parameters<PolicyEngine['evaluate']>[1] = {};
    if (firstGui && request.device) {
      let screen;
      try {
        screen = await executor.currentScreen(request.device);
      } catch (e) {
        return { ok: false, error: { code: (e as { code?: string }).code ?? 'device_error', message: (e as Error).message } };
      }
      const observed = executor.deliveries.last(request.agent, request.device)?.version ?? null;
      options = { screen: screen.observe, screenVersion: { observed, current: screen.version } };
      const describe = (g: GuiAction | undefined): GuiAction | undefined => (g && g.target ? { ...g, target: executor.describeTarget(screen, g.target) } : g);
      evaluated =
        request.channel === 'llm' && request.llm
          ? { ...request, llm: { ...request.llm, steps: request.llm.steps.map((s) => (s.channel === 'gui' ? { ...s, gui: describe(s.gui) } : s)) } }
          : request.channel === 'gui'
            ? { ...request, gui: describe(request.gui) }
            : request;
    }
    const result = engine.evaluate(evaluated, options);
    if (!result.ok) return { ok: false, error: { code: result.error.code, message: result.error.message } };
    const outcomes: StepOutcome[] = [];
    for (let i = 0; i < result.decided.length; i++) {
      const decided = result.decided[i];
      const step = steps[i] ?? steps[steps.length - 1];
      const outcome = await this.run(request, step, decided, result.replayed);
      outcomes.push(outcome);
      this.opts.onDecision?.({ request, decided, final: outcome.final, result: outcome.result });
    }
    return { ok: true, steps: outcomes };
  }

  private async run(request: ActionRequest, step: PlanStep, decided: DecidedEvent, replayed: boolean): Promise<StepOutcome> {
    const { engine, executor, permits } = this.opts;
    const { decision, event } = decided;
    if (replayed) return { decided, final: decision, executed: false };
    let approvedBy: string | undefined;
    if (decision.decision === 'deny') return { decided, final: decision, executed: false };
    if (decision.decision === 'ask') {
      const answer = this.opts.operator ? await this.opts.operator(decided) : ({ approve: false } as OperatorAnswer);
      if (!answer.approve) return { decided, final: { ...decision, decision: 'deny', reason: `${decision.reason} (operator did not approve)` }, executed: false };
      approvedBy = answer.operator;
    }
    // (an LLM plan is gated without a device; its GUI steps cannot run without one)
    if (step.channel === 'gui' && !request.device) {
      const res = { ok: false as const, eventId: event.id, device: undefined, code: 'unknown_device' as const, reason: 'a GUI step needs a device: the request names none (set "device" to the Appium udid of the device)' };
      return { decided, final: refusalDecision(res, engine.revision), executed: false, result: res };
    }
    const token = permits.mint({
      eventId: event.id,
      session: request.session,
      agent: request.agent,
      device: request.device,
      channel: step.channel,
      gui: step.gui,
      api: step.api,
      tool: step.tool,
      decision,
      approvedBy,
    });
    const res = await executor.execute(token);
    // refusals on stale screens are not execution failures; only failed executions feed the breaker
    if (res.ok || !['stale_observation', 'app_mismatch', 'not_permitted'].includes(res.code)) engine.outcome(request.agent, res.ok);
    if (!res.ok) return { decided, final: refusalDecision(res, engine.revision), executed: false, result: res };
    engine.commit(request.session, event.id, res.observe, 'executed');
    return { decided, final: decision, executed: true, result: res };
  }
}
