// The event fields rules may test, with their getters. Unknown names are a validation error.
import type { AgentEvent } from '../event/agent-event';
import type { RuleContext } from './context';

export type FieldValue = string | number | boolean | null | readonly string[];
type Getter = (event: AgentEvent, ctx: RuleContext | null) => FieldValue;

export const joinValues = (parts: AgentEvent['payload']): string => parts.map((p) => p.value).join('\n');

const sinkState = (e: AgentEvent) => (e.sink === null ? 'none' : e.sink.external ? 'external' : 'internal');

export const FIELDS: Record<string, { get: Getter; values?: readonly string[]; doc: string }> = {
  channel: { get: (e) => e.channel, values: ['gui', 'api', 'tool'], doc: 'execution path (llm plan steps keep their own channel)' },
  action: { get: (e) => e.action, doc: 'gui op, HTTP method or tool name' },
  app: { get: (e) => e.app ?? null, doc: 'Android package' },
  effect: { get: (e) => e.effect, values: ['open', 'navigate', 'read', 'draft', 'write', 'send', 'http_write', 'share', 'call', 'payment', 'delete', 'install', 'uninstall', 'permission', 'settings', 'account', 'reset', 'shell'], doc: 'what the action commits' },
  resource: { get: (e) => e.resource, doc: 'scope resource' },
  verb: { get: (e) => e.verb, doc: 'scope verb' },
  impact: { get: (e) => e.impact, values: ['low', 'high'], doc: 'high for payments, deletes, installs, permissions, security settings, accounts, resets' },
  label: { get: (e) => e.label, doc: 'what was acted on' },
  device: { get: (e) => e.device ?? null, doc: 'device id' },
  session: { get: (e) => e.session, doc: 'session id' },
  agent: { get: (e) => e.agent, doc: 'agent id' },
  'agent.role': { get: (e) => e.policy.role, doc: 'role from the manifest' },
  'agent.mode': { get: (e) => e.policy.mode, values: ['HITL', 'HOTL', 'HATL'], doc: 'oversight mode' },
  'agent.default': { get: (e) => e.policy.defaultManifest, doc: 'true when no manifest exists for the agent' },
  sink: { get: sinkState, values: ['external', 'internal', 'none'], doc: 'where content goes' },
  'sink.kind': { get: (e) => e.sink?.kind ?? 'none', values: ['email', 'sms', 'chat', 'social', 'http', 'share', 'payment', 'local', 'shell', 'call', 'device', 'none'], doc: 'kind of sink' },
  'sink.host': { get: (e) => e.sink?.host ?? null, doc: 'HTTP host written to' },
  'sink.recipients': { get: (e) => e.sink?.recipients ?? [], doc: 'recipients' },
  payload: { get: (e, c) => c?.payloadText() ?? joinValues(e.payload), doc: 'content carried, as text' },
  targets: { get: (e, c) => c?.targetsText() ?? joinValues(e.targets), doc: 'recipients, payees, URLs, packages, paths' },
  'field.password': { get: (e) => e.secretField, doc: 'typing into a password/PIN field' },
  'screen.path': { get: (e) => e.screen?.path.join(' / ') ?? '', doc: 'screens navigated through in the current app' },
  plan: { get: (e) => e.plan !== undefined, doc: 'true for a step of an LLM plan' },
  'plan.planner': { get: (e) => e.plan?.planner ?? null, doc: 'planner model name' },
  'score.shell': { get: (_e, c) => c?.scores().shell ?? 0, doc: 'T3 destructive shell score 0..1' },
  'score.secret': { get: (_e, c) => c?.scores().secret ?? 0, doc: 'T3 secret content score 0..1' },
  'score.injection': { get: (_e, c) => c?.scores().injection ?? 0, doc: 'T3 prompt-injection marker score 0..1' },
  'score.max': { get: (_e, c) => c?.scores().max ?? 0, doc: 'largest T3 score' },
};
