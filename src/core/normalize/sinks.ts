// Building sinks: where an effect delivers content, and whether that is outside the org.
import type { AgentEvent, Sink, SinkKind } from '../event/agent-event';
import type { OrgFacts } from '../config/policy-config';

const EMAIL_ADDRESS = /[^\s,;<>"']+@[^\s,;<>"']+/g;
const WHOLE_EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** Whether a value (white space around it aside) is one e-mail address and nothing else. */
export function isEmailAddress(value: string): boolean {
  return WHOLE_EMAIL_ADDRESS.test(value.trim());
}

/** The sink a message to each messaging resource travels on (email → email, chat → chat …). */
export const MESSAGE_SINK_OF: Readonly<Record<string, SinkKind>> = { email: 'email', sms: 'sms', chat: 'chat', social: 'social' };

/** A file name or path of a photo or video (what travels as `photos`, not `files`). */
export const MEDIA_FILE = /\.(jpe?g|png|heic|heif|gif|webp|mp4|mov|3gp|mkv|dng)$/i;

/** Splits recipient field values into individual recipients. */
export function splitRecipients(values: string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    // A quoted local part ("ops@acme.example"@relay.io) is one address at the domain after the quotes.
    const emails = (value.includes('"') ? value.replace(/"[^"]*"@/g, 'quoted-local-part@') : value).match(EMAIL_ADDRESS);
    if (emails) out.push(...emails);
    else out.push(...value.split(/[,;\n]+/).map((v) => v.trim()).filter(Boolean));
  }
  return out;
}

export function messageSink(kind: SinkKind, recipients: string[], org: OrgFacts): Sink {
  const list = splitRecipients(recipients);
  const emails = list.filter((r) => r.includes('@'));
  // An email is internal only when every recipient is in an internal domain. SMS, chat and
  // social recipients have no domain and are always external (protocol.md §5).
  const external = kind === 'email' ? list.length === 0 || emails.length !== list.length || !emails.every((r) => org.isInternalEmail(r)) : true;
  const shown = list.length > 0 ? list.join(',') : 'unknown recipient';
  return { external, kind, label: `${kind}:${shown}`, recipients: list };
}

export function httpSink(host: string, org: OrgFacts): Sink {
  const external = !(org.isAllowedHost(host) || org.isInternalHost(host));
  return { external, host, kind: 'http', label: `http:${host}`, recipients: [host] };
}

/**
 * Who a sink delivers to, written the same however the recipient was spelled: phone numbers by
 * their last 9 digits (+1 773 555 0124 = (773) 555-0124), addresses in lower case. Sends to one
 * recipient over different channels (GUI, tool, API) share it, so a value split over them is seen.
 */
export function recipientKey(sink: Sink): string {
  let key = recipientKeys.get(sink);
  if (key === undefined) {
    const who = sink.recipients.map(recipientId);
    if (who.length > 1) who.sort();
    key = `${sink.kind === 'sms' || sink.kind === 'chat' || sink.kind === 'call' ? 'phone' : sink.kind}:${who.join(',')}`;
    recipientKeys.set(sink, key);
  }
  return key;
}

const recipientKeys = new WeakMap<Sink, string>();

/** A phone number (digits and + ( ) - . spaces, 7+ digits) by its last 9 digits; anything else in lower case. */
function recipientId(r: string): string {
  let digits = '';
  for (let i = 0; i < r.length; i++) {
    const c = r.charCodeAt(i);
    if (c >= 48 && c <= 57) digits += r[i];
    else if (c !== 32 && c !== 40 && c !== 41 && c !== 43 && c !== 45 && c !== 46 && !(c >= 9 && c <= 13)) return r.trim().toLowerCase();
  }
  return digits.length >= 7 ? digits.slice(-9) : r.trim().toLowerCase();
}

export function simpleSink(kind: SinkKind, external: boolean, what: string): Sink {
  return { external, kind, label: what ? `${kind}:${what}` : kind, recipients: what ? [what] : [] };
}

/** The namespace of a namespaced tool name: `stripe` of stripe.refunds.create, `gmail` of mcp__gmail__send_email. */
export function toolNamespace(name: string): string | null {
  // MCP clients prefix a server's tools: mcp__github__create_issue, github__create_issue, mcp_slack_post_message.
  const mcp = /^mcp__(.+?)__/.exec(name) ?? /^([A-Za-z][\w-]*?)__./.exec(name) ?? /^mcp[_-]([A-Za-z0-9]+)[_-]./i.exec(name);
  if (mcp) return mcp[1].toLowerCase();
  // ...or name them server.tool, server/tool, server:tool
  const at = name.search(/[./:]/);
  return at > 0 ? name.slice(0, at).toLowerCase() : null;
}

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu', 'ne', 'or']);

/** The name of a host's site: `stripe` of api.stripe.com, `bbc` of www.bbc.co.uk. */
export function siteName(host: string): string {
  const labels = host.toLowerCase().split('.');
  if (labels.length >= 3 && labels[labels.length - 1].length === 2 && SECOND_LEVEL.has(labels[labels.length - 2])) return labels[labels.length - 3];
  return labels.length >= 2 ? labels[labels.length - 2] : labels[0];
}

/** The service an event talks to: the site of its HTTP host, else its tool's namespace. */
export function serviceOf(event: Pick<AgentEvent, 'channel' | 'label' | 'target'>): string | null {
  if (event.target?.host) return siteName(event.target.host);
  if (event.channel !== 'tool') return null;
  const space = event.label.indexOf(' ');
  return toolNamespace(space > 0 ? event.label.slice(0, space) : event.label);
}

const NETWORK_TOOL = /(?:^|[\s;&|(`'"])(?:curl|wget|nc|ncat|netcat|socat|scp|rsync|sftp|ftp|telnet|xh|httpie|aria2c|ssh)(?=\s|$)/i;
const URL_HOST = /\b(?:https?|ftp|sftp|scp|wss?):\/\/(?:[^\s/@]+@)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i;
const REMOTE_PATH_HOST = /\b[\w.-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+):/i;
const SOCKET_HOST = /\b(?:nc|ncat|netcat|telnet|socat|ssh)\s+(?:-\S+\s+)*(?:[\w.-]+@)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})\b/i;

/** Where a shell command sends data over the network (curl, wget, nc … to a URL or host), if it does. */
export function shellNetworkSink(command: string, org: OrgFacts): Sink | null {
  if (!NETWORK_TOOL.test(command)) return null;
  const host = URL_HOST.exec(command)?.[1] ?? REMOTE_PATH_HOST.exec(command)?.[1] ?? SOCKET_HOST.exec(command)?.[1];
  return host ? httpSink(host.toLowerCase(), org) : null;
}

/**
 * The labels of a host before its last two when they look like data rather than a service's
 * name: a long number among them, or three or more with a long one (a DNS exfiltration name).
 * (One pass over the host's characters: it runs for every HTTP call and every sink it reaches.)
 */
export function subdomainData(host: string): string | null {
  // where the last two labels begin, counting the labels before them
  let dots = 0;
  let numeric = true;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c === 46) dots++;
    else if (c < 48 || c > 57) numeric = false;
  }
  if (dots < 3 || numeric) return null;
  let end = host.length;
  for (let seen = 0; seen < 2; end--) if (host.charCodeAt(end - 1) === 46) seen++;
  // (end is now the index of the dot before the last two labels)
  let labels = 1;
  let longLabel = false;
  let labelLength = 0;
  let digitRun = 0;
  for (let i = 0; i < end; i++) {
    const c = host.charCodeAt(i);
    if (c === 46) {
      labels++;
      labelLength = 0;
      digitRun = 0;
      continue;
    }
    if (++labelLength >= 8) longLabel = true;
    digitRun = c >= 48 && c <= 57 ? digitRun + 1 : 0;
    // (regional and service prefixes are names, not data: eu.api, us-east-1.s3)
    if (digitRun >= 6) return host.slice(0, end);
  }
  return labels >= 3 && longLabel ? host.slice(0, end) : null;
}

/** The definition of subdomainData (for tests). */
export function subdomainDataByLabels(host: string): string | null {
  const labels = host.split('.');
  if (labels.length < 4 || /^[\d.]+$/.test(host)) return null;
  const sub = labels.slice(0, -2);
  return sub.some((l) => /\d{6}/.test(l)) || (sub.length >= 3 && sub.some((l) => l.length >= 8)) ? sub.join('.') : null;
}

/** A host without the data labels prepended to it: the name its owner answers to. */
export function hostWithoutData(host: string): string {
  const carried = subdomainData(host);
  return carried ? host.slice(carried.length + 1) : host;
}
