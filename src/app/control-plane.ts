// The composition root shared by Electron and headless mode (`agentflow serve`): the policy
// engine, the audit log, the rule store with hot install, the device fleet, the control plane's
// own HTTP client for `api` actions, the registered tool backends, operator approvals and
// interrupts, and the live event bus the console subscribes to.
//
// Order for every action: gate → audit (before anything is committed; a failed audit write
// denies) → execute (only with a permit the gate minted) → observe → provenance → audit outcome.
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DecidedEvent } from '../core/engine/engine';
import { PolicyEngine } from '../core/engine/engine';
import type { Interrupt, InterruptRecord } from '../core/engine/interrupts';
import type { Clock } from '../core/engine/ports';
import type { ActionRequest, Decision, Observe, PlanStep } from '../core/protocol/schema';
import type { AuditRecord } from '../core/audit/record';
import type { CompiledPack, PackFiles } from '../core/rules/pack';
import { compilePack } from '../core/rules/pack';
import { createPermitAuthority, type DeviceExecutor, type DeviceFleet, type PermitAuthority } from '../device';
import { executeApiCall, type ApiExecutorOptions } from '../ingress/backends/api-executor';
import { ToolRegistry } from '../ingress/backends/tool-backends';
import type {
  AgentSummary, ControlPlanePort, LiveEvent, PendingApproval, QuorumPathRetired, QuorumRejection, RejectedInput, ReportOutcome,
  ResolveOutcome, SessionSummary, StepOutcome, SubmitOptions, SubmitOutcome, ToolDescriptor,
} from '../ingress/ports';
import type { OperatorPort } from '../ingress/operator-port';
import { createRuleInstaller, followStore, openRuleStore, openThreadedAuditLog, watchRules, type RuleInstaller, type RuleSetStatus, type ThreadedAuditLog } from '../storage';
import { EventBus } from './event-bus';
import { loadPolicyConfigFile, watchPolicyConfig } from './policy-config-file';
import { DEFAULT_RULES_DIR, readPackFiles } from './pack-loader';
import { Registry } from './registry';
import { loadToolsFromFile, startDevicesFromFile, type DeviceRuntime } from './runtime-config';

export interface ControlPlaneOptions {
  /** Where audit.db, rules.db and policy.json live. */
  dataDir: string;
  /** Directory of *.rules (the shipped default pack unless given); watched when `watchRules`. */
  rulesDir?: string;
  watchRules?: boolean;
  /** Operator-edited org settings and agent manifests (default DATA/policy.json). */
  policyFile?: string;
  /** Devices: GUI actions run on them through Appium. Without one, GUI actions are decided and reported back. */
  devices?: { fleet: DeviceFleet; executor: DeviceExecutor; permits: PermitAuthority };
  tools?: ToolRegistry;
  /** Execute allowed `api` actions with the control plane's own HTTP client (default true). */
  executeApi?: boolean;
  api?: ApiExecutorOptions;
  /** How long an `ask` waits for an operator before it becomes deny (default 120 s). */
  approvalTimeoutMs?: number;
  clock?: Clock;
  io?: LogSink;
}

interface Held {
  info: PendingApproval;
  settle: (answer: { approve: boolean; by: string; reason?: string }) => void;
  timer: NodeJS.Timeout;
}

/** Where the control plane reports what an operator should see in a terminal. */
export interface LogSink {
  err(line: string): void;
}

const systemClock: Clock = { now: () => Date.now(), micros: () => Number(process.hrtime.bigint() / 1000n) };

let idCounter = 0;
const randomIds = () => {
  const boot = Date.now().toString(36);
  return { next: (prefix: string) => `${prefix}-${boot}-${(++idCounter).toString(36)}` };
};

export class ControlPlane implements ControlPlanePort, OperatorPort {
  readonly engine: PolicyEngine;
  readonly bus = new EventBus();
  readonly registry = new Registry();
  private readonly held = new Map<string, Held>();
  private readonly closers: Array<() => void | Promise<void>> = [];
  private readonly approvalTimeoutMs: number;
  private readonly permits: PermitAuthority;
  /** Hash of the policy configuration in force, stored in the audit log (backtests replay with it). */
  private configHash: string | undefined;

  private constructor(
    private readonly opts: ControlPlaneOptions,
    readonly audit: ThreadedAuditLog,
    readonly rules: RuleInstaller<CompiledPack>,
    engine: PolicyEngine,
    readonly toolRegistry: ToolRegistry,
  ) {
    this.engine = engine;
    this.approvalTimeoutMs = opts.approvalTimeoutMs ?? 120_000;
    this.permits = opts.devices?.permits ?? createPermitAuthority();
  }

  static async start(opts: ControlPlaneOptions): Promise<ControlPlane> {
    mkdirSync(opts.dataDir, { recursive: true });
    const clock = opts.clock ?? systemClock;
    const policyFile = opts.policyFile ?? join(opts.dataDir, 'policy.json');
    const config = loadPolicyConfigFile(policyFile);
    // Decisions are written by the log's writer thread (group commit) and acked before anything runs.
    const audit = openThreadedAuditLog(join(opts.dataDir, 'audit.db'), { onFailure: (e) => opts.io?.err(`audit write failed: ${e.message}`) });
    const store = openRuleStore(join(opts.dataDir, 'rules.db'));
    const rulesDir = opts.rulesDir ?? DEFAULT_RULES_DIR;
    const initial = compilePack(readPackFiles(rulesDir));
    if (!initial.ok) throw new Error(`rules in ${rulesDir} do not compile:\n${initial.errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`).join('\n')}`);
    const engine = new PolicyEngine({ pack: initial.pack, config: config.config, clock, ids: randomIds() });
    let plane: ControlPlane | null = null;
    const installer = createRuleInstaller<CompiledPack>({
      store,
      compile: (files: PackFiles) => compilePack(files),
      swap: (pack) => {
        engine.setPack(pack);
        plane?.bus.publish({ type: 'rules.installed', ts: clock.now(), revision: pack.revision, rules: pack.ruleCount });
      },
      audit,
    });
    // The store's active revision first, then the files on disk, which are what the operator
    // edits (installing them is a no-op when they are unchanged).
    installer.loadActive();
    const installed = installer.install(readPackFiles(rulesDir), 'startup', `rules from ${rulesDir}`);
    if (!installed.ok) throw new Error(installed.message);
    plane = new ControlPlane(opts, audit, installer, engine, opts.tools ?? new ToolRegistry());
    plane.closers.push(() => store.close(), () => audit.close());
    // `agentflow rules install|rollback --db rules.db` from another process takes effect here.
    const follower = followStore(installer, 1000, (r) => {
      if (!r.ok) plane?.bus.publish({ type: 'rules.rejected', ts: clock.now(), message: r.message, errors: r.errors });
    });
    plane.closers.push(() => follower.close());
    if (opts.watchRules) {
      const watcher = watchRules([rulesDir], installer, {
        read: () => readPackFiles(rulesDir),
        by: 'file-watch',
        onResult: (r) => {
          if (!r.ok) plane?.bus.publish({ type: 'rules.rejected', ts: clock.now(), message: r.message, errors: r.errors });
        },
      });
      plane.closers.push(() => watcher.close());
    }
    plane.configHash = audit.putConfig(config.config);
    const configWatcher = watchPolicyConfig(policyFile, (result) => {
      if (result.ok) {
        engine.setConfig(result.config);
        const hash = audit.putConfig(result.config);
        if (plane) plane.configHash = hash;
        audit.appendOperatorAction({ action: 'config_change', operator: 'file-watch', detail: { file: policyFile, hash } });
        plane?.bus.publish({ type: 'config.changed', ts: clock.now(), agents: Object.keys(result.config.agents).length });
      } else {
        plane?.bus.publish({ type: 'config.rejected', ts: clock.now(), message: result.error.message });
      }
    });
    plane.closers.push(() => configWatcher.close());
    return plane;
  }

  // ---- agent-facing -------------------------------------------------------------------------

  async submit(request: ActionRequest, options: SubmitOptions): Promise<SubmitOutcome> {
    if (request.channel === 'llm' && request.llm && request.llm.steps.length > 1) {
      // Each plan step is gated after the previous one ran, so a later step is decided with
      // the provenance of an earlier step of the same plan.
      const steps: StepOutcome[] = [];
      for (let i = 0; i < request.llm.steps.length; i++) {
        const one: ActionRequest = { ...request, ...(request.id ? { id: `${request.id}#${i}` } : {}), llm: { ...request.llm, steps: [request.llm.steps[i]] } };
        const r = await this.submitOne(one, options);
        if (!r.ok) return steps.length > 0 ? { ok: true, steps } : r;
        steps.push(...r.steps);
      }
      return { ok: true, steps };
    }
    return this.submitOne(request, options);
  }

  private async submitOne(request: ActionRequest, options: SubmitOptions): Promise<SubmitOutcome> {
    const step: PlanStep = request.channel === 'llm' ? request.llm!.steps[0] : ({ channel: request.channel, gui: request.gui, api: request.api, tool: request.tool } as PlanStep);
    const devices = this.opts.devices;
    let evaluated = request;
    let evalOptions: Parameters<PolicyEngine['evaluate']>[1] = {};
    let screen: Observe | undefined;
    if (step.channel === 'gui' && request.device && devices?.fleet.has(request.device)) {
      try {
        const current = await devices.executor.currentScreen(request.device);
        screen = current.observe;
        const observed = devices.executor.deliveries.last(request.agent, request.device)?.version ?? null;
        evalOptions = { screen, screenVersion: { observed, current: current.version } };
        const target = step.gui?.target ? devices.executor.describeTarget(current, step.gui.target) : undefined;
        if (target && step.gui) {
          const gui = { ...step.gui, target };
          evaluated = request.channel === 'llm' ? { ...request, llm: { ...request.llm!, steps: [{ ...step, gui }] } } : { ...request, gui };
        }
      } catch (error) {
        return { ok: false, error: { code: 'invalid_request', message: `device ${request.device}: ${(error as Error).message}`, issues: [{ field: 'device', message: (error as Error).message, value: request.device }] } };
      }
    }
    const result = this.engine.evaluate(evaluated, evalOptions);
    if (!result.ok) return { ok: false, error: result.error };
    if (result.replayed) return { ok: true, steps: result.decided.map((d) => ({ decision: d.decision, execution: 'not-executed' as const })) };

    // Every decision is written before anything is committed; a failed write denies (fail closed).
    let decided = result.decided;
    try {
      await this.audit.appendDecisionsAsync(decided.map((d, i) => ({ event: d.event, decision: d.decision, configHash: this.configHash, request: i === 0 ? { ...request, ...(options.quorum ? { meta: { ...request.meta, quorum: options.quorum } } : {}) } : undefined, screen })));
    } catch (error) {
      decided = decided.map((d) => ({ ...d, decision: { ...d.decision, decision: 'deny', tier: 'T1', rules: [], code: 'audit_failed', reason: `audit log write failed (${(error as Error).message}); nothing is executed without a record` } }));
      this.bus.publish({ type: 'audit.failed', ts: Date.now(), message: (error as Error).message });
    }
    const steps: StepOutcome[] = [];
    for (const d of decided) {
      this.registry.note(d.event, d.decision);
      this.bus.publish({ type: 'decision', ts: Date.now(), origin: options.origin, event: d.event.id, session: d.event.session, agent: d.event.agent, device: d.event.device, channel: d.event.channel, effect: d.event.effect, label: d.event.label, app: d.event.app, decision: d.decision });
      steps.push(await this.settle(request, step, d));
    }
    return { ok: true, steps };
  }

  private async settle(request: ActionRequest, step: PlanStep, d: DecidedEvent): Promise<StepOutcome> {
    let decision = d.decision;
    let approvedBy: string | undefined;
    if (decision.decision === 'ask') {
      const answer = await this.hold(d);
      if (!answer.approve) return { decision: { ...decision, decision: 'deny', reason: answer.reason ?? `${decision.reason} (not approved)` }, execution: 'not-executed' };
      approvedBy = answer.by;
      decision = { ...decision, decision: 'allow', tier: 'T4', reason: `${decision.reason} (approved by ${answer.by})` };
    }
    if (decision.decision !== 'allow') return { decision, execution: 'not-executed' };
    return this.execute(request, step, d, decision, approvedBy);
  }

  private async execute(request: ActionRequest, step: PlanStep, d: DecidedEvent, decision: Decision, approvedBy?: string): Promise<StepOutcome> {
    const { event } = d;
    const devices = this.opts.devices;
    const finish = async (observation: Observe | undefined, source: 'executed' | 'agent-reported'): Promise<StepOutcome> => {
      this.engine.commit(event.session, event.id, observation, source);
      await this.audit.appendOutcomeAsync({ decisionId: event.id, session: event.session, agent: event.agent, device: event.device, status: 'executed', source, observed: observation });
      this.engine.outcome(event.agent, true);
      this.bus.publish({ type: 'executed', ts: Date.now(), event: event.id, session: event.session, agent: event.agent });
      return { decision, execution: 'executed', observation };
    };
    const fail = async (message: string): Promise<StepOutcome> => {
      await this.audit.appendOutcomeAsync({ decisionId: event.id, session: event.session, agent: event.agent, device: event.device, status: 'failed', error: message });
      this.engine.outcome(event.agent, false);
      this.bus.publish({ type: 'execution.failed', ts: Date.now(), event: event.id, agent: event.agent, message });
      return { decision, execution: 'failed', executionError: message };
    };
    try {
      if (step.channel === 'gui' && request.device && devices?.fleet.has(request.device)) {
        const token = this.permits.mint({ eventId: event.id, session: request.session, agent: request.agent, device: request.device, channel: 'gui', gui: step.gui, decision, approvedBy });
        const res = await devices.executor.execute(token);
        if (!res.ok) {
          if (res.code === 'stale_observation' || res.code === 'app_mismatch' || res.code === 'not_permitted') {
            await this.audit.appendOutcomeAsync({ decisionId: event.id, session: event.session, agent: event.agent, device: event.device, status: 'failed', error: `${res.code}: ${res.reason}` });
            // A refusal by the device layer, not an execution failure: it does not feed the breaker.
            return { decision: { ...decision, decision: 'deny', tier: 'T1', code: res.code, reason: res.reason }, execution: 'not-executed' };
          }
          return await fail(`${res.code}: ${res.reason}`);
        }
        return await finish(res.observe, 'executed');
      }
      if (step.channel === 'api' && step.api && this.opts.executeApi !== false) {
        const res = await executeApiCall(step.api, this.opts.api);
        return await (res.ok ? finish(res.observe, 'executed') : fail(res.error));
      }
      if (step.channel === 'tool' && step.tool) {
        const backend = this.toolRegistry.backendFor(step.tool.name);
        if (backend) {
          const res = await backend.call(step.tool.name, step.tool.arguments ?? {});
          return await (res.ok ? finish({ result: res.result }, 'executed') : fail(res.error));
        }
      }
    } catch (error) {
      return fail((error as Error).message);
    }
    // Nothing registered executes this: the agent runs it and may report the result.
    this.registry.awaitReport(event.id);
    return { decision, execution: 'awaiting-report' };
  }

  private hold(d: DecidedEvent): Promise<{ approve: boolean; by: string; reason?: string }> {
    const now = Date.now();
    return new Promise((resolve) => {
      const info: PendingApproval = { event: d.event.id, session: d.event.session, agent: d.event.agent, channel: d.event.channel, label: d.event.label, reason: d.decision.reason, rules: d.decision.rules, heldAt: now, expiresAt: now + this.approvalTimeoutMs };
      const timer = setTimeout(() => this.resolveHeld(d.event.id, { approve: false, by: 'timeout', reason: `${d.decision.reason} (no operator answer within ${Math.round(this.approvalTimeoutMs / 1000)} s: denied)` }), this.approvalTimeoutMs);
      timer.unref?.();
      this.held.set(d.event.id, { info, timer, settle: resolve });
      this.bus.publish({ type: 'approval.requested', ts: now, ...info });
    });
  }

  private resolveHeld(eventId: string, answer: { approve: boolean; by: string; reason?: string }): boolean {
    const held = this.held.get(eventId);
    if (!held) return false;
    this.held.delete(eventId);
    clearTimeout(held.timer);
    this.audit.appendOperatorAction({ action: answer.approve ? 'approve' : 'deny', operator: answer.by, decisionId: eventId, session: held.info.session, agent: held.info.agent, reason: answer.reason });
    this.bus.publish({ type: 'approval.resolved', ts: Date.now(), event: eventId, approve: answer.approve, by: answer.by });
    held.settle(answer);
    return true;
  }

  reportResult(eventId: string, observed: Observe, by: { agent: string }): ReportOutcome {
    const known = this.registry.event(eventId);
    if (!known) return { ok: false, error: { code: 'unknown_event', message: `no decision ${eventId} is known` } };
    if (known.agent !== by.agent) return { ok: false, error: { code: 'conflict', message: `decision ${eventId} belongs to agent ${known.agent}, not ${by.agent}` } };
    if (!this.registry.takeReport(eventId)) return { ok: false, error: { code: 'conflict', message: `decision ${eventId} was not left for the agent to execute, or its result was already reported` } };
    this.engine.commit(known.session, eventId, observed, 'agent-reported');
    this.audit.appendOutcome({ decisionId: eventId, session: known.session, agent: known.agent, status: 'executed', source: 'agent-reported', observed });
    return { ok: true };
  }

  // ---- operator-facing ----------------------------------------------------------------------

  approve(eventId: string, by: string): ResolveOutcome {
    const info = this.held.get(eventId)?.info;
    if (!info) return { ok: false, error: { code: 'unknown_event', message: `no held action ${eventId} (already answered, timed out, or never held)` } };
    this.resolveHeld(eventId, { approve: true, by });
    return { ok: true, decision: this.registry.decision(eventId)! };
  }

  deny(eventId: string, by: string, reason?: string): ResolveOutcome {
    const info = this.held.get(eventId)?.info;
    if (!info) return { ok: false, error: { code: 'unknown_event', message: `no held action ${eventId} (already answered, timed out, or never held)` } };
    this.resolveHeld(eventId, { approve: false, by, reason: reason ? `denied by ${by}: ${reason}` : `denied by ${by}` });
    return { ok: true, decision: this.registry.decision(eventId)! };
  }

  /** PAUSE / RESUME / ABORT / HALT / LIFT. ABORT also denies the agent's held actions. */
  interrupt(interrupt: Interrupt): InterruptRecord {
    this.audit.appendOperatorAction({ action: 'interrupt', operator: interrupt.by, agent: interrupt.agent, reason: interrupt.reason, detail: { kind: interrupt.kind } });
    const record = this.engine.interrupt(interrupt);
    if (interrupt.kind === 'ABORT' || interrupt.kind === 'HALT') {
      for (const [id, held] of [...this.held]) if (interrupt.agent === '*' || held.info.agent === interrupt.agent) this.resolveHeld(id, { approve: false, by: interrupt.by, reason: `${interrupt.kind} by ${interrupt.by}` });
    }
    this.bus.publish({ type: 'agent.status', ts: Date.now(), agent: interrupt.agent, interrupt: record });
    return record;
  }

  installRules(files: PackFiles, by: string, note?: string) {
    return this.rules.install(files, by, note);
  }

  rollbackRules(ref: string | number, by: string) {
    return this.rules.rollback(ref, by);
  }

  /** Status of the rule set in force, with the file names of its rule files. */
  rulesStatus(): RuleSetStatus & { files: string[] } {
    return { ...this.rules.status(), files: (this.rules.current()?.sources.rules ?? []).map((f) => basename(f.path)) };
  }

  /**
   * The console's install: the text of one .rules file replaces the running pack's file of that
   * name (or joins the pack). Same path as any install: validate → compile → audit → swap; a bad
   * file leaves the running revision in force, and the rejection is published on the bus.
   */
  installRulesText(file: string, text: string, by: string, note?: string) {
    const sources = this.rules.current()?.sources ?? readPackFiles(this.opts.rulesDir ?? DEFAULT_RULES_DIR);
    const name = basename(file);
    const rules = [...sources.rules.filter((f) => basename(f.path) !== name), { path: name, text }];
    const result = this.rules.install({ ...sources, rules }, by, note ?? `console install of ${name}`);
    if (!result.ok) this.bus.publish({ type: 'rules.rejected', ts: Date.now(), message: result.message, errors: result.errors });
    return result;
  }

  /** A session's audit records, oldest first; the newest `limit` (default 1000) when there are more. */
  auditRecords(session: string, limit = 1000) {
    const all = this.audit.records({ session });
    return { session, total: all.length, records: all.slice(Math.max(0, all.length - limit)) as unknown as Array<AuditRecord & Record<string, unknown>> };
  }

  /** Full verification of the audit log (every record re-hashed, every checkpoint recomputed). */
  auditVerify() {
    return this.audit.verify();
  }

  pendingApprovals(): PendingApproval[] {
    return [...this.held.values()].map((h) => h.info);
  }

  sessions(): SessionSummary[] {
    return this.registry.sessions();
  }

  agents(): AgentSummary[] {
    const config = this.engine.currentConfig;
    const ids = new Set([...Object.keys(config.agents), ...this.registry.agentIds()]);
    return [...ids].sort().map((id) => {
      const state = this.engine.interrupts.state(id);
      const manifest = config.agents[id];
      return {
        id,
        role: manifest?.role,
        mode: manifest?.mode ?? 'HOTL',
        status: state.halted ? 'halted' : state.paused ? 'paused' : state.breaker !== 'CLOSED' ? `breaker ${state.breaker}` : 'active',
        sessions: this.registry.sessionsOf(id),
        lastSeen: this.registry.lastSeen(id),
      };
    });
  }

  tools(): ToolDescriptor[] {
    return this.toolRegistry.tools();
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    return this.bus.subscribe(listener);
  }

  auditRejectedInput(record: RejectedInput): void {
    try {
      this.audit.appendOperatorAction({ action: 'input_rejected', operator: `ingress:${record.origin}`, agent: record.agent, session: record.session, reason: `${record.status} ${record.code}: ${record.message}`, detail: record });
    } finally {
      this.bus.publish({ ...record, type: 'input.rejected' });
    }
  }

  auditQuorumPathRetired(record: QuorumPathRetired): void {
    try {
      this.audit.appendOperatorAction({ action: 'quorum_path_retired', operator: 'quorum', reason: record.reason, detail: record });
    } finally {
      this.bus.publish({ ...record, type: 'quorum.path_retired' });
    }
  }

  auditQuorumRejection(record: QuorumRejection): void {
    try {
      this.audit.appendOperatorAction({ action: 'quorum_rejected', operator: 'quorum', reason: `${record.reason}: ${record.detail}`, detail: record });
    } finally {
      this.bus.publish({ ...record, type: 'quorum.rejected' });
    }
  }

  async close(): Promise<void> {
    for (const id of [...this.held.keys()]) this.resolveHeld(id, { approve: false, by: 'shutdown', reason: 'control plane shut down' });
    for (const close of this.closers.reverse()) await close();
  }
}

/** Used by `agentflow serve` (src/cli/commands/serve.ts). */
export async function createServeControlPlane(opts: { dataDir: string; io: LogSink; rulesDir?: string; watchRules?: boolean }): Promise<{ port: ControlPlane; operator: ControlPlane; close(): Promise<void> }> {
  // Devices and tool backends the operator configured in DATA/devices.json and DATA/tools.json.
  mkdirSync(opts.dataDir, { recursive: true });
  const tools = await loadToolsFromFile(join(opts.dataDir, 'tools.json'));
  let devices: DeviceRuntime | null = null;
  try {
    devices = await startDevicesFromFile(join(opts.dataDir, 'devices.json'), (line) => opts.io.err(line));
    const plane = await ControlPlane.start({ dataDir: opts.dataDir, io: opts.io, rulesDir: opts.rulesDir, watchRules: opts.watchRules ?? true, tools, devices: devices ?? undefined });
    const runtime = devices;
    return {
      port: plane,
      operator: plane,
      close: async () => {
        await plane.close();
        await runtime?.fleet.stop();
      },
    };
  } catch (error) {
    await devices?.fleet.stop();
    throw error;
  }
}
