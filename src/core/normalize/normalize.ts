// Normalization: every ActionRequest — all four channels — becomes AgentEvents (an LLM plan
// becomes one per step, in order). Structural problems are reported with the field named.
import type { Catalog } from '../catalog/catalog';
import type { OrgFacts } from '../config/policy-config';
import type { AgentEvent, PolicyContext } from '../event/agent-event';
import { AgentFlowException } from '../protocol/errors';
import type { ActionRequest, PlanStep } from '../protocol/schema';
import type { SessionState } from '../session/session-state';
import { liftHttp } from './api';
import { liftGui, trackGui } from './gui';
import { isHighImpact, type Lifted } from './lifted';
import { liftTool } from './tool';
import { stepIssues } from './validate';

/** Apps that only show system dialogs over whatever app asked for them. */
export const DIALOG_KINDS: ReadonlySet<string> = new Set(['installer', 'permissions']);

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
  return [{ channel: request.channel, gui: request.gui, api: request.api, tool: request.tool } as PlanStep];
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

export function normalizeStep(request: ActionRequest, step: PlanStep, index: number, count: number, deps: NormalizeDeps): NormalizedStep {
  const { catalog, org, session } = deps;
  let lifted: Lifted;
  let track: (allowed: boolean) => void = () => {};
  let screenSnapshot: AgentEvent['screen'];
  if (step.channel === 'gui' && step.gui) {
    const gui = step.gui;
    const screen = session.screen(request.device ?? `agent:${request.agent}`);
    if (gui.app) screen.switchTo(gui.app, DIALOG_KINDS.has(catalog.appKind(gui.app)));
    const app = gui.app ?? screen.app ?? undefined;
    const kind = catalog.appKind(app);
    lifted = liftGui({ gui, app, kind, screen, catalog, org });
    screenSnapshot = screen.snapshot();
    const l = lifted;
    track = (allowed) => trackGui(gui, screen, kind, l, allowed, catalog);
  } else if (step.channel === 'api' && step.api) {
    lifted = liftHttp(step.api, catalog, org);
  } else if (step.channel === 'tool' && step.tool) {
    lifted = liftTool(step.tool, catalog, org);
  } else {
    throw new AgentFlowException({ code: 'invalid_request', message: `${step.channel} is required when channel is "${step.channel}"`, issues: [{ field: step.channel, message: 'missing' }] });
  }
  const event: AgentEvent = {
    v: 1,
    id: deps.newId(),
    requestId: request.id,
    session: request.session,
    agent: request.agent,
    device: request.device,
    channel: step.channel,
    plan: request.channel === 'llm' ? { planner: request.llm?.planner, index, count } : undefined,
    action: step.channel === 'gui' ? step.gui!.op : step.channel === 'api' ? step.api!.method.toUpperCase() : step.tool!.name,
    app: lifted.app,
    target: step.channel === 'gui' ? { ...step.gui!.target } : lifted.host ? { url: lifted.url, host: lifted.host } : step.channel === 'tool' ? { tool: step.tool!.name } : undefined,
    label: lifted.label,
    effect: lifted.effect,
    resource: lifted.resource,
    altResources: lifted.altResources,
    verb: lifted.verb,
    impact: isHighImpact(lifted) ? 'high' : 'low',
    lifted: lifted.lifted,
    sink: lifted.sink,
    payload: lifted.payload,
    targets: lifted.targets,
    secretField: lifted.secretField ?? false,
    screen: screenSnapshot,
    policy: deps.policy,
    ts: deps.now(),
  };
  return { event, lifted, track };
}
