// Normalization: every ActionRequest — all four channels — becomes AgentEvents (an LLM plan
// becomes one per step, in order). Structural problems are reported with the field named.
import type { Catalog } from '../catalog/catalog';
import type { OrgFacts } from '../config/policy-config';
import type { AgentEvent, PayloadPart, PolicyContext } from '../event/agent-event';
import { AgentFlowException } from '../protocol/errors';
import type { ActionRequest, GuiAction, PlanStep, Target } from '../protocol/schema';
import type { SessionState } from '../session/session-state';
import { jsonLeaves } from '../provenance/canonical';
import { liftHttp } from './api';
import { messageSink } from './sinks';
import { liftGui, trackGui } from './gui';
import type { ScreenContext } from './screen-context';
import { isHighImpact, type Lifted } from './lifted';
import { liftToolCall } from './tool';
import { stepIssues } from './validate';

/** Apps that only show system dialogs (and the notification shade) over whatever app is below them. */
const DIALOG_KINDS: ReadonlySet<string> = new Set(['installer', 'permissions', 'notifications']);

/**
 * Brings `app` to the front of a device's screen context; a system dialog keeps the path it pops
 * up over, and so does another settings app that Settings hands over to without being launched
 * (MIUI's security center confirming the "USB安装" switch of Developer options).
 */
export function enterApp(screen: ScreenContext, app: string, catalog: Catalog, launched = false): void {
  const kind = catalog.appKind(app);
  const handedOver = !launched && kind === 'settings' && screen.app !== null && catalog.appKind(screen.app) === 'settings';
  screen.switchTo(app, DIALOG_KINDS.has(kind) || handedOver);
}

export interface NormalizeDeps {
  catalog: Catalog;
  org: OrgFacts;
  policy: PolicyContext;
  session: SessionState;
  newId: () => string;
  now: () => number;
}

export interface NormalizedStep {
  event: AgentEvent;
  lifted: Lifted;
  /** Applies the action to the screen context once the decision is known. */
  track(allowed: boolean): void;
}

export function expandSteps(request: ActionRequest): PlanStep[] {
  if (request.channel === 'llm') return request.llm?.steps ?? [];
  // A single-channel request is its own step (it has the step's fields: channel, gui, api, tool).
  return [request as unknown as PlanStep];
}

export function checkRequest(request: ActionRequest): void {
  const issues = stepIssues(request, '', request.device);
  if (request.channel === 'llm' && request.llm) {
    request.llm.steps.forEach((step, i) => issues.push(...stepIssues(step, `llm.steps.${i}.`, request.device)));
  }
  if (request.channel === 'llm' && !request.llm) issues.push({ field: 'llm', message: 'llm is required when channel is "llm"' });
  if (issues.length > 0) {
    throw new AgentFlowException({ code: 'invalid_request', message: `invalid request: ${issues.map((i) => i.message).join('; ')}`, issues });
  }
}

/** A link in a message's text: where the message sends its reader. */
const LINK = /\bhttps?:\/\/[^\s<>"'）)]+/gi;

/** A message's links are targets too: a page that dictates the link a message sends out steers the send. */
function withLinks(targets: PayloadPart[], payload: readonly PayloadPart[]): PayloadPart[] {
  let out = targets;
  for (const part of payload) {
    if (!part.value.includes('://')) continue;
    for (const m of part.value.matchAll(LINK)) {
      if (out === targets) out = [...targets];
      out.push({ field: `${part.field}.link`, value: m[0] });
    }
  }
  return out;
}

/** A copy of a GUI target with its keys in canonical order. */
function sortedTarget(t: Target | undefined): AgentEvent['target'] {
  if (!t) return {};
  return { className: t.className, contentDesc: t.contentDesc, point: t.point ? { x: t.point.x, y: t.point.y } : undefined, resourceId: t.resourceId, text: t.text, xpath: t.xpath };
}

/**
 * Sending a draft by its id (gmail_send_draft {draft_id}, POST …/drafts/send {id}, /messages/{id}/send)
 * sends what the draft holds, to its recipients.
 */
function withSavedDraft(lifted: Lifted, where: unknown[], session: SessionState, org: OrgFacts): Lifted {
  if (lifted.effect !== 'send' || session.draftCount === 0) return lifted;
  for (const leaf of jsonLeaves(where)) {
    const draft = session.draft(leaf.value);
    if (!draft) continue;
    const recipients = lifted.sink && lifted.sink.recipients.length > 0 ? lifted.sink.recipients : draft.recipients;
    return Object.assign({}, lifted, {
      sink: messageSink(draft.kind, recipients, org),
      payload: [...lifted.payload, ...draft.payload],
      targets: [...lifted.targets, ...draft.recipients.map((value) => ({ field: 'draft.to', value }))],
      lifted: `${lifted.lifted}: sends saved draft ${leaf.value}`,
    });
  }
  return lifted;
}

/** Attributes an xpath target names (`//…[@content-desc='Send']`): the element is lifted by them like any other target. */
const XPATH_ATTRIBUTE = /@(content-desc|text|resource-id)\s*=\s*(?:'([^']*)'|"([^"]*)")/g;
const XPATH_FIELD = { 'content-desc': 'contentDesc', text: 'text', 'resource-id': 'resourceId' } as const;

function withXpathAttributes(gui: GuiAction): GuiAction {
  const target = gui.target;
  if (!target?.xpath || target.text || target.contentDesc || target.resourceId) return gui;
  const named: Partial<Record<'contentDesc' | 'text' | 'resourceId', string>> = {};
  for (const m of target.xpath.matchAll(XPATH_ATTRIBUTE)) named[XPATH_FIELD[m[1] as keyof typeof XPATH_FIELD]] ??= m[2] ?? m[3];
  return Object.keys(named).length > 0 ? Object.assign({}, gui, { target: Object.assign({}, target, named) }) : gui;
}

export function normalizeStep(request: ActionRequest, step: PlanStep, index: number, count: number, deps: NormalizeDeps): NormalizedStep {
  const { catalog, org, session } = deps;
  let lifted: Lifted;
  let track: (allowed: boolean) => void = () => {};
  let screenSnapshot: AgentEvent['screen'];
  if (step.channel === 'gui' && step.gui) {
    const gui = withXpathAttributes(step.gui);
    const screen = session.screen(request.device ?? `agent:${request.agent}`);
    if (gui.app) enterApp(screen, gui.app, catalog, gui.op === 'launch_app');
    const app = gui.app ?? screen.app ?? undefined;
    // A system dialog's buttons carry its package in their ids (com.android.permissioncontroller:id/…)
    // even when the request names the app that asked for it.
    const idApp = gui.target?.resourceId?.includes(':id/') ? gui.target.resourceId.slice(0, gui.target.resourceId.indexOf(':id/')) : undefined;
    const idKind = idApp && idApp !== app ? catalog.appKind(idApp) : undefined;
    const kind = idKind && DIALOG_KINDS.has(idKind) ? idKind : catalog.appKind(app);
    lifted = liftGui({ gui, app, kind, screen, catalog, org });
    screenSnapshot = screen.snapshot();
    const l = lifted;
    track = (allowed) => trackGui(gui, screen, kind, l, allowed, catalog);
  } else if (step.channel === 'api' && step.api) {
    lifted = withSavedDraft(liftHttp(step.api, catalog, org), [step.api.body, step.api.url.split(/[?#]/)[0].split('/')], session, org);
  } else if (step.channel === 'tool' && step.tool) {
    lifted = withSavedDraft(liftToolCall(step.tool, catalog, org), [step.tool.arguments], session, org);
  } else {
    throw new AgentFlowException({ code: 'invalid_request', message: `${step.channel} is required when channel is "${step.channel}"`, issues: [{ field: step.channel, message: 'missing' }] });
  }
  // Keys in canonical (sorted) order, here and in the objects it holds: the audit log then
  // serializes the event as it is, without a sorted copy (src/core/audit/clean-copy.ts).
  const id = deps.newId();
  const ts = deps.now();
  const event: AgentEvent = {
    action: step.channel === 'gui' ? step.gui!.op : step.channel === 'api' ? step.api!.method.toUpperCase() : step.tool!.name,
    agent: request.agent,
    altResources: lifted.altResources,
    app: lifted.app,
    channel: step.channel,
    device: request.device,
    effect: lifted.effect,
    id,
    impact: isHighImpact(lifted) ? 'high' : 'low',
    label: lifted.label,
    lifted: lifted.lifted,
    payload: lifted.payload,
    plan: request.channel === 'llm' ? { count, index, planner: request.llm?.planner } : undefined,
    policy: deps.policy,
    requestId: request.id,
    resource: lifted.resource,
    screen: screenSnapshot,
    secretField: lifted.secretField ?? false,
    session: request.session,
    sink: lifted.sink,
    target: step.channel === 'gui' ? sortedTarget(step.gui!.target) : lifted.host ? { host: lifted.host, url: lifted.url } : step.channel === 'tool' ? { tool: step.tool!.name } : undefined,
    targets: lifted.effect === 'send' && lifted.sink?.external ? withLinks(lifted.targets, lifted.payload) : lifted.targets,
    ts,
    v: 1,
    verb: lifted.verb,
  };
  return { event, lifted, track };
}
