// PolicyEngine: normalization + gate + session state. Pure and synchronous: time and ids are
// injected, nothing here touches a device, a socket or a disk. The app layer wraps it with the
// audit log, the device bridge and the operator console.
import { compileOrg, DEFAULT_MANIFEST, emptyConfig, manifestFor, type OrgFacts, type PolicyConfig } from '../config/policy-config';
import type { AgentEvent, PolicyContext } from '../event/agent-event';
import { decisionOf, evaluateRules, scopeBlock, type GateVerdict } from '../gate/gate';
import { normalizeStep, checkRequest, expandSteps } from '../normalize/normalize';
import { AgentFlowException, fromZodError, type AgentFlowError } from '../protocol/errors';
import { ActionRequestSchema, type ActionRequest, type Decision, type Observe } from '../protocol/schema';
import { fastParseActionRequest } from '../protocol/fast-parse';
import type { ProvenanceSource } from '../provenance/store';
import type { CompiledPack } from '../rules/pack';
import { SessionState } from '../session/session-state';
import { InterruptBoard, type BreakerOptions, type Interrupt, type InterruptRecord } from './interrupts';
import { recipientKey } from '../normalize/sinks';
import { applyScreenFields, authoredKeys, recordObservation, rememberDraft } from './observe';
import type { Clock, IdSource } from './ports';

/** GUI ops whose target depends on what the screen shows (S-Bus stale check). */
const SCREEN_DEPENDENT_OPS = new Set(['tap', 'long_press', 'type', 'clear', 'swipe', 'scroll']);

export interface DecidedEvent {
  event: AgentEvent;
  decision: Decision;
}

export type EvaluateResult = { ok: true; request: ActionRequest; decided: DecidedEvent[]; replayed: boolean } | { ok: false; error: AgentFlowError };

export interface EvaluateOptions {
  /** Current screen of the device as seen before the action (fields, foreground). */
  screen?: Observe;
  /** S-Bus: the screen version this agent last observed and the device's current version. */
  screenVersion?: { observed: string | null; current: string };
}

export interface EngineOptions {
  pack: CompiledPack;
  config?: PolicyConfig;
  clock: Clock;
  ids: IdSource;
  breaker?: BreakerOptions;
  maxSessions?: number;
}

export class PolicyEngine {
  private pack: CompiledPack;
  private config: PolicyConfig;
  private org: OrgFacts;
  private readonly sessions = new Map<string, SessionState>();
  private readonly clock: Clock;
  private readonly ids: IdSource;
  readonly interrupts: InterruptBoard;
  private readonly maxSessions: number;
  private readonly newId = () => this.ids.next('ev');
  private readonly now = () => this.clock.now();

  constructor(options: EngineOptions) {
    this.pack = options.pack;
    this.config = options.config ?? emptyConfig();
    this.org = compileOrg(this.config.org);
    this.clock = options.clock;
    this.ids = options.ids;
    this.interrupts = new InterruptBoard(options.breaker);
    this.maxSessions = options.maxSessions ?? 10_000;
  }

  get revision(): string {
    return this.pack.revision;
  }

  get currentPack(): CompiledPack {
    return this.pack;
  }

  get currentConfig(): PolicyConfig {
    return this.config;
  }

  /** Atomic swap: the next evaluate() is decided by the new pack. */
  setPack(pack: CompiledPack): void {
    this.pack = pack;
  }

  setConfig(config: PolicyConfig): void {
    this.config = config;
    this.org = compileOrg(config.org);
    this.policies = new Map();
  }

  interrupt(interrupt: Interrupt): InterruptRecord {
    return this.interrupts.apply(interrupt, this.clock.now());
  }

  /**
   * The state of a session, created on first use. The map is kept in least-recently-used order
   * (a session moves to the end when it is used again), so when more than `maxSessions` are
   * live the one idle longest is dropped in constant time: a control plane that has seen tens
   * of thousands of sessions pays no scan for each new one.
   */
  session(id: string): SessionState {
    let s = this.sessions.get(id);
    if (!s) {
      s = new SessionState(id);
      this.sessions.set(id, s);
      if (this.sessions.size > this.maxSessions) this.sessions.delete(this.sessions.keys().next().value as string);
    } else if (this.lastSession !== s) {
      this.sessions.delete(id);
      this.sessions.set(id, s);
    }
    this.lastSession = s;
    return s;
  }

  /** The most recently used session, already at the end of the LRU order. */
  private lastSession: SessionState | null = null;

  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Policy contexts per agent under the current configuration (events share them; nothing mutates them). */
  private policies = new Map<string, PolicyContext | null>();

  private policyFor(agent: string): PolicyContext | null {
    let policy = this.policies.get(agent);
    if (policy === undefined) {
      const { manifest, isDefault } = manifestFor(this.config, agent);
      const m = isDefault ? DEFAULT_MANIFEST : manifest;
      policy = isDefault && this.config.requireManifest ? null : { defaultManifest: isDefault, mode: m.mode, role: m.role, scopes: m.scopes };
      if (this.policies.size >= 10_000) this.policies.clear();
      this.policies.set(agent, policy);
    }
    return policy;
  }

  evaluate(input: unknown, options: EvaluateOptions = {}): EvaluateResult {
    let request = fastParseActionRequest(input);
    if (!request) {
      const parsed = ActionRequestSchema.safeParse(input);
      if (!parsed.success) return { ok: false, error: fromZodError(input, parsed.error, 'invalid_request', 'invalid request') };
      request = parsed.data;
    }
    try {
      checkRequest(request);
    } catch (error) {
      if (error instanceof AgentFlowException) return { ok: false, error: error.error };
      throw error;
    }
    const policy = this.policyFor(request.agent);
    if (!policy) return { ok: false, error: { code: 'unknown_agent', message: `agent "${request.agent}" has no manifest and this control plane requires one`, issues: [{ field: 'agent', message: 'unknown agent', value: request.agent }] } };
    const session = this.session(request.session);
    // A repeated id returns the first decisions (for as long as the session remembers them).
    const replay = request.id ? session.replay(request.id) : undefined;
    if (replay) return { ok: true, request, decided: replay.map((entry) => ({ event: entry.event, decision: entry.decision })), replayed: true };

    const pack = this.pack;
    const steps = expandSteps(request);
    const decided: DecidedEvent[] = [];
    try {
      steps.forEach((step, index) => {
        const started = this.clock.micros();
        if (options.screen && step.channel === 'gui') applyScreenFields(session, { device: request.device, agent: request.agent, app: step.gui?.app, channel: 'gui' }, options.screen, pack.catalog);
        const normalized = normalizeStep(request, step, index, steps.length, {
          catalog: pack.catalog,
          org: this.org,
          policy,
          session,
          newId: this.newId,
          now: this.now,
        });
        const { event } = normalized;
        const verdict = this.gate(event, session, pack, options);
        const decision = decisionOf(event, verdict, pack.revision, this.clock.micros() - started);
        normalized.track(decision.decision === 'allow');
        // Text the agent types or writes on the device (a draft, a note it creates) is its own:
        // when a screen or a read later shows it, that is not something learned there.
        if ((event.effect === 'draft' || event.effect === 'write') && decision.decision === 'allow') session.noteAuthored(authoredKeys(event.payload.map((p) => p.value)));
        // Attempts count too: a value split over sends is caught whether or not its first part went out.
        if (event.sink && verdict.view) session.provenance.rememberSent(recipientKey(event.sink), verdict.view.shortDigits, verdict.view.idTokens, event.sink.external, verdict.view.squashed);
        const entry = { event, decision };
        session.remember(entry);
        decided.push(entry);
      });
    } catch (error) {
      if (error instanceof AgentFlowException) return { ok: false, error: error.error };
      throw error;
    }
    if (request.id) session.rememberRequest(request.id, decided.map((d) => d.decision));
    return { ok: true, request, decided, replayed: false };
  }

  private gate(event: AgentEvent, session: SessionState, pack: CompiledPack, options: EvaluateOptions): GateVerdict {
    const t1 = (code: string, reason: string): GateVerdict => ({ decision: 'deny', tier: 'T1', rules: [], reason, flows: [], code });
    const blocked = this.interrupts.block(event.agent, event.ts);
    if (blocked) return t1(blocked.code, blocked.reason);
    const outOfScope = scopeBlock(event);
    if (outOfScope) return t1(outOfScope.code, outOfScope.reason);
    const version = options.screenVersion;
    // Only actions aimed at something on the screen can land on the wrong element.
    const commits = event.channel === 'gui' && SCREEN_DEPENDENT_OPS.has(event.action);
    if (commits && version && version.observed !== version.current) {
      return t1('stale_observation', `agent ${event.agent} last observed screen ${version.observed ?? '(never)'} but the device now shows ${version.current}; read the screen again before acting`);
    }
    try {
      return evaluateRules(event, pack, session);
    } catch (error) {
      return { decision: 'deny', tier: 'T2', rules: [], reason: `internal error in the gate (${(error as Error).message}); failing closed`, flows: [], code: 'internal' };
    }
  }

  /**
   * Records what an executed (or operator-approved and executed) event returned. `source`
   * marks agent-reported results, which are weaker evidence than executed ones.
   */
  commit(sessionId: string, eventId: string, observed: Observe | undefined, source: ProvenanceSource = 'executed'): { ok: boolean; atoms: number } {
    const session = this.sessions.get(sessionId);
    const entry = session?.event(eventId);
    if (!session || !entry) return { ok: false, atoms: 0 };
    if (!observed) return { ok: true, atoms: 0 };
    applyScreenFields(session, entry.event, observed, this.pack.catalog);
    rememberDraft(session, entry.event, observed);
    const atoms = recordObservation(session, entry.event, observed, source, this.pack.catalog, this.org);
    return { ok: true, atoms };
  }

  /** Reports an execution outcome for the circuit breaker. */
  outcome(agent: string, ok: boolean): void {
    this.interrupts.recordOutcome(agent, ok, this.clock.now());
  }
}
