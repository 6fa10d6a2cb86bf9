// AgentEvent: the one normalized, versioned shape every pending action becomes, whatever
// channel it arrived on. The gate decides on AgentEvents only.
import type { Channel, Mode, Target } from '../protocol/schema';

/** What an action commits when it runs. */
export type Effect =
  | 'open' // launch an app
  | 'navigate' // non-committing taps, scrolls, keys, back/home
  | 'read' // read_screen, HTTP GET, list/query tools
  | 'draft' // typing into a field, clearing it: nothing has left yet
  | 'write' // create/edit data on the device or a private host
  | 'send' // deliver content to someone else (email, sms, chat, social, http with recipients)
  | 'http_write' // POST/PUT/PATCH/DELETE to a host
  | 'share' // share sheet, upload
  | 'call' // phone call
  | 'payment'
  | 'delete'
  | 'install'
  | 'uninstall'
  | 'permission'
  | 'settings'
  | 'account'
  | 'reset'
  | 'shell';

export const HIGH_IMPACT_EFFECTS: ReadonlySet<Effect> = new Set(['payment', 'delete', 'install', 'uninstall', 'permission', 'account', 'reset']);

export type SinkKind = 'email' | 'sms' | 'chat' | 'social' | 'http' | 'share' | 'payment' | 'local' | 'shell' | 'call' | 'device';

export interface Sink {
  kind: SinkKind;
  /** Recipients (addresses, phone numbers, chat names, hosts) the content goes to. */
  recipients: string[];
  /** For HTTP: the host written to. */
  host?: string;
  /** True when content leaves the organisation (see protocol.md §5 clarifications). */
  external: boolean;
  /** Short name used in decisions' flows, e.g. `email:bob@x.io`, `http:hooks.zapier.com`. */
  label: string;
}

/** One piece of content an event carries, with the field it sits in. */
export interface PayloadPart {
  field: string;
  value: string;
}

/**
 * Fields under this prefix are the credentials a call authenticates with (its Authorization or
 * Cookie header): provenance follows them, T3 content scoring does not score them.
 */
export const CREDENTIAL_FIELD = 'credential.';

export function isCredentialPart(part: PayloadPart): boolean {
  return part.field.startsWith(CREDENTIAL_FIELD);
}

export interface ScreenContextSnapshot {
  app: string | null;
  /** Labels of the screens/items navigated through since the app was opened (most recent last). */
  path: string[];
  /** In a browser: the host it was last sent to from its address bar. */
  site?: string;
}

export interface PolicyContext {
  role: string;
  scopes: string[];
  mode: Mode;
  /** True when the agent has no manifest and the default manifest applies. */
  defaultManifest: boolean;
}

export interface AgentEvent {
  v: 1;
  id: string;
  requestId?: string;
  session: string;
  agent: string;
  device?: string;
  channel: Exclude<Channel, 'llm'>;
  /** Set when the event is one step of an LLM plan. */
  plan?: { planner?: string; index: number; count: number };
  /** GUI op, HTTP method or tool name. */
  action: string;
  /** Android package the action happens in. */
  app?: string;
  target?: Target & { url?: string; host?: string; tool?: string };
  /** Human label of what was acted on (button text, URL, tool name). */
  label: string;
  effect: Effect;
  /** Scope resource (protocol.md §4), e.g. `email`, `payments`, `payroll`. */
  resource: string;
  /** Other resources whose scopes also cover this action (an API call to a mail service is
   * `email.send`, and `http.*` covers it too; a GET of a public page is also `web`). */
  altResources?: readonly string[];
  /** Scope verb: read | write | send | delete | pay | install | uninstall | grant | exec | reset. */
  verb: string;
  impact: 'low' | 'high';
  /** Why the effect was chosen, e.g. `button "Send" in chat app`. */
  lifted: string;
  sink: Sink | null;
  /** Content the action carries (typed text, message bodies, HTTP bodies, tool arguments). */
  payload: PayloadPart[];
  /** Steering-sensitive fields: recipients, amounts, URLs, packages, paths, settings keys. */
  targets: PayloadPart[];
  /** For typing: whether the field is a password/PIN field. */
  secretField: boolean;
  screen?: ScreenContextSnapshot;
  policy: PolicyContext;
  /** Milliseconds since epoch from the injected clock. */
  ts: number;
}
