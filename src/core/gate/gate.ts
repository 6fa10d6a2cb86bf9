// The pre-execution gate. T1: built-in structural, interrupt and scope checks. T2: FlowRules over
// the event and its provenance. T3: content-scoring rules. T4: operator approval (`ask`).
// Deny wins; an error inside a rule fails closed and is reported, never thrown past the gate.
import { isCredentialPart, type AgentEvent } from '../event/agent-event';
import { grants } from '../config/policy-config';
import type { Decision, DecisionKind, Flow, Tier } from '../protocol/schema';
import { memoByText } from '../provenance/memo';
import { squash } from '../provenance/canonical';
import { carriedAtoms, quotedPhrases, steeredTargets, viewOf, type PayloadView } from '../provenance/match';
import { ANY_EXTERNAL_SINK } from '../provenance/store';
import type { CompiledRule } from '../rules/compile';
import type { ContentScores, RuleContext } from '../rules/context';
import { joinValues } from '../rules/fields';
import type { CompiledPack } from '../rules/pack';
import type { SessionState } from '../session/session-state';
import { hostWithoutData, MEDIA_FILE, recipientKey, serviceOf } from '../normalize/sinks';
import { emailThread, threadKey } from '../normalize/gui';
import { scoreContent, type ContentFindings } from './content-score';

/** A payment's own parameters (the last part of a field name): what it pays, to whom, from where, under which reference (an invoice, bill, order, charge or dispute it settles or refunds). */
const PAYMENT_PARAM = /^(amount|value|sum|total|currency|price|reference|ref|invoice|invoice_?id|order|order_?(?:id|no|number|ref)|charge|charge_?id|payment_?intent|psp_?reference|dispute|dispute_?id|claim_?id|case_?id|ticket_?id|batch|batch_?id|run|run_?id|count|value_?date|pay_?date|execution_?date|payable|bill|bill_?id|payee|payee_?id|destination|to|to_?iban|iban|recipient|beneficiary|account|to_?account|from|from_?account|source|send_?on|date|due)$/i;
/** A payment's memo or description that is only an identifier ("INV-30412") is the reference of what it pays. */
const MEMO_KEY = /^(memo|note|notes|description|message|purpose|narrative|remittance_?info(?:rmation)?|statement_?descriptor|details)$/i;
const REFERENCE_VALUE = /^(?=\S*\d)[\p{L}\p{N}][\p{L}\p{N}#/._-]{2,31}$/u;

function paymentParameter(part: { field: string; value: string }): boolean {
  const key = part.field.slice(part.field.search(/[^.:/]*$/));
  return PAYMENT_PARAM.test(key) || (MEMO_KEY.test(key) && REFERENCE_VALUE.test(part.value.trim()));
}

/** Sinks that deliver to people, never to the service that issued an id. */
const MESSAGE_SINKS = new Set(['email', 'sms', 'chat', 'social']);

/** The conversation a GUI send to one person or group goes into (threadKey), if any. */
function replyThread(event: AgentEvent): string | undefined {
  const sink = event.sink;
  if (!sink || sink.recipients.length !== 1) return undefined;
  if (sink.kind === 'email') return emailThread(sink.recipients[0]);
  if (event.channel !== 'gui' || !event.app || (sink.kind !== 'sms' && sink.kind !== 'chat')) return undefined;
  return threadKey(event.app, sink.recipients[0]);
}

export interface T1Block {
  code: string;
  reason: string;
}

export interface GateVerdict {
  decision: DecisionKind;
  tier: Tier;
  rules: string[];
  reason: string;
  flows: Flow[];
  code?: string;
  /** payload view, so the engine can remember what was sent to this sink */
  view?: PayloadView;
}

const NAVIGATION_OPS = new Set(['back', 'home', 'key', 'swipe', 'scroll']);

/** Resources managed in the Settings app: a scope on one of them opens and navigates Settings. */
const SETTINGS_RESOURCES = ['permissions', 'accounts', 'apps', 'device'];

/** T1 scope check: does the agent's manifest grant what this event does? */
export function scopeBlock(event: AgentEvent): T1Block | null {
  const { policy } = event;
  if (policy.defaultManifest) return null;
  if (event.effect === 'navigate' && NAVIGATION_OPS.has(event.action)) return null;
  const anyVerb = ['open', 'navigate', 'read', 'draft', 'call'].includes(event.effect);
  const verb = anyVerb ? null : event.verb;
  const covers = (resource: string) =>
    grants(policy.scopes, resource, verb) ||
    (resource === 'http' && verb !== null && grants(policy.scopes, 'http', verb === 'write' ? 'send' : 'write')) ||
    // Reading a web page is browsing, whichever of the two names the scope uses.
    (verb === null && (resource === 'web' || resource === 'browser') && grants(policy.scopes, resource === 'web' ? 'browser' : 'web', null));
  const ok =
    covers(event.resource) ||
    (event.altResources !== undefined && event.altResources.some(covers)) ||
    // Permissions, accounts, apps and notifications are managed in Settings: a scope on them opens and navigates it.
    (verb === null && event.resource === 'settings' && SETTINGS_RESOURCES.some((r) => grants(policy.scopes, r, null)));
  if (ok) return null;
  const wanted = anyVerb ? `any ${event.resource}.* scope` : `${event.resource}.${event.verb}`;
  return { code: 'out_of_scope', reason: `agent ${event.agent}${policy.role ? ` (${policy.role})` : ''} is not granted ${wanted} for ${event.effect} "${event.label}" (scopes: ${policy.scopes.join(', ') || 'none'})` };
}

/** Reason templates split once into literal text and {placeholder} names (odd indexes). */
const templateParts = memoByText((template) => template.split(/\{(\w+)\}/), 1000);

function fill(template: string, event: AgentEvent, ctx: GateContext): string {
  if (!template.includes('{')) return template;
  const parts = templateParts(template);
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) out += placeholder(parts[i], event, ctx) + parts[i + 1];
  return out;
}

function placeholder(key: string, event: AgentEvent, ctx: GateContext): string {
  switch (key) {
    case 'labels': return [...ctx.payloadLabels()].filter((l) => l !== 'any' && l !== 'private' && l !== 'secret').join(', ') || 'none';
    case 'untrusted': return [...ctx.targetLabels()].filter((l) => l !== 'any' && l !== 'untrusted').join(', ') || 'none';
    case 'sink': return event.sink?.label ?? 'no sink';
    case 'effect': return event.effect;
    case 'app': return event.app ?? 'no app';
    case 'agent': return event.agent;
    case 'resource': return event.resource;
    case 'label': return event.label;
    case 'mode': return event.policy.mode;
    case 'content': return ctx.findings().hits.join(', ') || 'none';
    case 'targets': return ctx.steered().map((s) => `${s.field}="${s.value}"`).join(', ') || 'none';
    default: return `{${key}}`;
  }
}

const DEVICE_FILE = /(?:^|[\s"'(=,[])((?:\/(?:sdcard|storage|mnt\/sdcard|data\/media)\/|content:\/\/|file:\/\/)[^\s"',)\]]+)/gi;
const MAY_NAME_FILE = /sdcard|storage|\/mnt\/|data\/media|content:|file:/i;
const SHARED_ITEM = /^content:\/\/agentflow\/([\w-]+)\//;

/** Labels of device files named in the payload: photos for media, files otherwise. */
function fileLabels(payload: AgentEvent['payload']): Set<string> {
  const labels = new Set<string>();
  for (const part of payload) {
    if (!part.value.includes('/') || !MAY_NAME_FILE.test(part.value)) continue;
    for (const m of part.value.matchAll(DEVICE_FILE)) {
      const shared = SHARED_ITEM.exec(m[1]);
      labels.add(shared ? shared[1] : MEDIA_FILE.test(m[1]) || /dcim|pictures|camera/i.test(m[1]) ? 'photos' : 'files');
    }
  }
  return labels;
}

class GateContext implements RuleContext {
  private labels?: Set<string>;
  private targetsCache?: Set<string>;
  private steeredCache?: ReturnType<typeof steeredTargets>;
  private findingsCache?: ContentFindings;
  private viewCache?: PayloadView;
  private payloadTextCache?: string;
  private targetsTextCache?: string;

  constructor(readonly event: AgentEvent, private readonly session: SessionState, private readonly pack: CompiledPack) {}

  view(): PayloadView {
    return (this.viewCache ??= viewOf(this.event.payload));
  }

  payloadLabels(): ReadonlySet<string> {
    if (!this.labels) {
      this.labels = new Set();
      const store = this.session.provenance;
      // Nothing observed yet and no device file named: nothing can be carried (no decoding needed).
      const mayCarry = store.atomCount > 0 || store.phraseCount > 0 || (this.event.sink !== null && this.event.payload.some((p) => p.value.includes('/')));
      if (this.event.payload.length > 0 && mayCarry) {
        const labels = this.labels;
        const carry = (label: string, secret = false) => {
          labels.add(label);
          labels.add('private');
          if (secret) labels.add('secret');
        };
        const sinkKey = this.event.sink ? recipientKey(this.event.sink) : '';
        // A value sent back to the HTTP host it came from (a message id in the next Gmail API call) is not leaving.
        const backHome = this.event.sink?.kind === 'http' ? this.event.sink.host : undefined;
        // Following a link goes to the site the link names: its path is not news to that site.
        const site = backHome ? backHome.toLowerCase().replace(/^www\./, '') : undefined;
        // ...and a host's own name (a sender's domain seen in a mail) is not news to that host
        // (but data prepended to it as labels is: 447100923318.meilintan.r7.dnslog-relay.com).
        const hostKey = backHome ? squash(hostWithoutData(backHome)) : '';
        // Ids a service issued (a Stripe customer, a Wise quote) go back to that service in its
        // next call; a message to people is never the service itself.
        const service = this.event.sink && !MESSAGE_SINKS.has(this.event.sink.kind) ? serviceOf(this.event) : null;
        // A reply in a conversation sends back to the person what they wrote there.
        const reply = replyThread(this.event);
        // ...and a name that is part of the recipient's own address is not news to them (BESCOM → bescom.billdesk@hdfcbank).
        // (nor is it, for a host, the data prepended to its name)
        const recipients = this.event.sink ? this.event.sink.recipients.map((r) => squash(this.event.sink!.kind === 'http' ? hostWithoutData(r) : r)).filter((k) => k.length >= 5) : [];
        // A payment made from what a payment service listed (a bill's payee, amount and reference) is that payment, not a leak;
        // and any payment's own parameters (amount, payee, account, reference) are what it pays: only its free text can carry data away.
        const payment = this.event.sink?.kind === 'payment';
        const view = payment ? viewOf(this.event.payload.filter((p) => !paymentParameter(p))) : this.view();
        const hits = carriedAtoms(store, view, sinkKey ? store.sentTo(sinkKey) : [], sinkKey ? store.sentIdsTo(sinkKey) : [], sinkKey ? store.sentTextsTo(sinkKey) : []);
        // A value split between two outside recipients: what went out anywhere before, joined with this send.
        if (this.event.sink?.external && (store.sentTo(ANY_EXTERNAL_SINK).length > store.sentTo(sinkKey).length || store.sentIdsTo(ANY_EXTERNAL_SINK).length > store.sentIdsTo(sinkKey).length || store.sentTextsTo(ANY_EXTERNAL_SINK).length > store.sentTextsTo(sinkKey).length)) {
          for (const hit of carriedAtoms(store, view, store.sentTo(ANY_EXTERNAL_SINK), store.sentIdsTo(ANY_EXTERNAL_SINK), store.sentTextsTo(ANY_EXTERNAL_SINK))) if (hit.how === 'split' && !hits.some((h) => h.atom === hit.atom)) hits.push(hit);
        }
        for (const hit of hits) {
          const atom = hit.atom;
          // (A secret goes back only to the very host that returned it: never to the rest of its service, never in a reply.)
          if ((backHome && (atom.host === backHome || hostKey.includes(atom.key))) || (!atom.secret && ((site && atom.linkHost === site) || (service && atom.service === service) || (reply && atom.thread === reply) || (atom.key.length >= 5 && recipients.some((k) => k.includes(atom.key))) || (payment && atom.label === 'payments')))) continue;
          carry(atom.label, atom.secret);
        }
        if (this.event.sink) {
          // A local file path in what leaves carries the file itself (attachments, uploads);
          // a quoted phrase of private free text carries its source.
          for (const label of fileLabels(this.event.payload)) carry(label);
          for (const hit of quotedPhrases(store, view, reply, backHome)) carry(hit.label);
        }
        if (this.labels.size > 0) this.labels.add('any');
      }
    }
    return this.labels;
  }

  steered() {
    return (this.steeredCache ??= this.event.targets.length > 0 ? steeredTargets(this.session.provenance, this.event.targets, this.event.sink?.kind === 'payment') : []);
  }

  targetLabels(): ReadonlySet<string> {
    if (!this.targetsCache) {
      this.targetsCache = new Set();
      for (const hit of this.steered()) this.targetsCache.add(hit.label);
      if (this.targetsCache.size > 0) {
        this.targetsCache.add('untrusted');
        this.targetsCache.add('any');
      }
    }
    return this.targetsCache;
  }

  findings(): ContentFindings {
    return (this.findingsCache ??= this.event.payload.some(isCredentialPart) ? scoreContent(Object.assign({}, this.event, { payload: this.event.payload.filter((p) => !isCredentialPart(p)) })) : scoreContent(this.event, this.payloadText()));
  }

  scores(): ContentScores {
    return this.findings();
  }

  payloadText(): string {
    return (this.payloadTextCache ??= joinValues(this.event.payload));
  }

  targetsText(): string {
    return (this.targetsTextCache ??= joinValues(this.event.targets));
  }

  counted(index: number, windowMs: number): number {
    return this.session.counted(this.pack.revision, this.pack.rules.counters.length, index, this.event.ts, windowMs);
  }

  flows(): Flow[] {
    const flows: Flow[] = [];
    const seen = new Set<string>();
    if (this.event.sink && this.event.payload.length > 0) {
      for (const label of this.payloadLabels()) {
        if (label === 'any' || label === 'private' || label === 'secret') continue;
        const key = `${label}>${this.event.sink.label}`;
        if (!seen.has(key)) {
          seen.add(key);
          flows.push({ from: label, to: this.event.sink.label });
        }
      }
    }
    for (const hit of this.steered()) {
      const key = `${hit.label}>${hit.field}`;
      if (!seen.has(key)) {
        seen.add(key);
        flows.push({ from: `untrusted:${hit.label}`, to: `${this.event.effect}.${hit.field}` });
      }
    }
    return flows;
  }
}

interface Match {
  rule: CompiledRule;
  action: 'allow' | 'deny' | 'ask' | 'approve';
  /** A reason template ({labels}, {sink} …), filled only for the match that decides. */
  template: string;
  /** Set for a rule that failed: its reason is final. */
  failed?: string;
}

function reasonOf(m: Match, event: AgentEvent, ctx: GateContext): string {
  return m.failed ?? (fill(m.template, event, ctx) || `${m.action} by rule ${m.rule.id}`);
}

const TIER_ORDER: Record<Tier, number> = { T1: 1, T2: 2, T3: 3, T4: 4 };

/** Runs T2–T4 for one event. T1 blocks are decided before this by the engine. */
export function evaluateRules(event: AgentEvent, pack: CompiledPack, session: SessionState): GateVerdict {
  const ctx = new GateContext(event, session, pack);
  const matches: Match[] = [];
  for (const rule of pack.rules.forEvent(event)) {
    let hit: boolean;
    try {
      hit = rule.when(ctx);
    } catch (error) {
      matches.push({ rule, action: 'deny', template: '', failed: `rule ${rule.id} failed (${(error as Error).message}); failing closed` });
      continue;
    }
    const outcome = hit ? rule.then : rule.else;
    if (outcome) matches.push({ rule, action: outcome.action, template: outcome.reason });
  }
  const flows = ctx.flows();
  // Session counters see this event from now on.
  if (pack.rules.counters.length > 0) {
    const times = session.countersFor(pack.revision, pack.rules.counters.length);
    for (const counter of pack.rules.counters) {
      try {
        if (counter.matches(ctx)) times[counter.index].push(event.ts);
      } catch {
        /* a failing counter predicate counts nothing; the rule itself fails closed above */
      }
    }
  }
  // One pass: deny wins; then ask (unless a HATL agent is pre-approved); then allow.
  let denies: Match[] | null = null;
  let asks: Match[] | null = null;
  let approvals: Match[] | null = null;
  let allows: Match[] | null = null;
  for (const m of matches) {
    if (m.action === 'deny') (denies ??= []).push(m);
    else if (m.action === 'ask') (asks ??= []).push(m);
    else {
      if (m.action === 'approve') (approvals ??= []).push(m);
      (allows ??= []).push(m);
    }
  }
  // What this send carries, remembered by the engine for splits over later sends (allowed or not).
  const view = event.sink && event.payload.length > 0 ? ctx.view() : undefined;
  if (denies) {
    const first = denies[0];
    let tier = first.rule.tier;
    for (const m of denies) if (TIER_ORDER[m.rule.tier] < TIER_ORDER[tier]) tier = m.rule.tier;
    return { flows, view, decision: 'deny', tier, rules: denies.map((m) => m.rule.id), reason: reasonOf(first, event, ctx) };
  }
  if (asks) {
    if (event.policy.mode === 'HATL' && approvals) {
      return { flows, view, decision: 'allow', tier: 'T2', rules: approvals.map((m) => m.rule.id), reason: `${reasonOf(approvals[0], event, ctx)} (pre-approved for HATL agent ${event.agent})` };
    }
    return { flows, view, decision: 'ask', tier: 'T4', rules: asks.map((m) => m.rule.id), reason: reasonOf(asks[0], event, ctx) };
  }
  if (allows) return { flows, view, decision: 'allow', tier: 'T2', rules: allows.map((m) => m.rule.id), reason: reasonOf(allows[0], event, ctx) };
  return { flows, view, decision: 'deny', tier: 'T2', rules: [], reason: `no rule allows ${event.effect} "${event.label}" (default deny)`, code: 'default_deny' };
}

export function decisionOf(event: AgentEvent, verdict: GateVerdict, ruleset: string, latencyUs: number): Decision {
  const decision: Decision = {
    v: 1,
    event: event.id,
    decision: verdict.decision,
    tier: verdict.tier,
    rules: verdict.rules,
    reason: verdict.reason,
    flows: verdict.flows,
    ruleset,
    latency_us: Math.max(0, Math.round(latencyUs)),
  };
  if (verdict.code) decision.code = verdict.code;
  return decision;
}

