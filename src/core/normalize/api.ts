// API lifting: method + host + path → effect and sink. Private hosts come from org.privateHosts,
// known service backends from rules/apps/hosts.json; everything else is `http`.
import type { Catalog } from '../catalog/catalog';
import type { OrgFacts } from '../config/policy-config';
import { CREDENTIAL_FIELD, type PayloadPart } from '../event/agent-event';
import { AgentFlowException } from '../protocol/errors';
import { decodedVariants, jsonLeaves, percentDecode } from '../provenance/canonical';
import { type Lifted, verbOf } from './lifted';
import { multipartFields } from './multipart';
import { deletingArgument } from './argument-deletes';
import { rpcOperation } from './rpc-operation';
import { TEMPLATE_VALUE } from '../secrets/token-formats';
import { httpSink, isEmailAddress, messageSink, simpleSink, subdomainData } from './sinks';

export interface HttpCall {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Parses a body that may be JSON text or a form-encoded string into a JSON-like value. */
export function parseBody(body: unknown, headers: Record<string, string> = {}): unknown {
  if (typeof body !== 'string') return body;
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return body;
    }
  }
  let contentType = '';
  for (const k in headers) if (k.length === 12 && k.toLowerCase() === 'content-type') contentType = String(headers[k]);
  const multipart = multipartFields(trimmed, contentType);
  if (multipart) return multipart;
  if (contentType.includes('x-www-form-urlencoded') || /^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)+$/.test(trimmed)) return formFields(trimmed);
  return body;
}

/** An application/x-www-form-urlencoded body as fields (repeated names joined with commas). */
export function formFields(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const k = formDecode(eq < 0 ? pair : pair.slice(0, eq));
    const v = eq < 0 ? '' : formDecode(pair.slice(eq + 1));
    form[k] = form[k] ? `${form[k]},${v}` : v;
  }
  return form;
}

/** '+' is a space; %XX escapes are decoded, malformed ones kept as written. */
function formDecode(s: string): string {
  const t = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  return t.includes('%') ? percentDecode(t) : t;
}

/** An API endpoint rather than a page: an api.* host, or an /api/, /v2/, /graphql or .json path. */
const API_ENDPOINT = /^api[.-]|\/api(\/|$)|\/v\d+(\/|$)|\/graphql|\/rest\/|\.json$/i;
/** Endpoints that hold where money is paid to: bank details, payout or direct-deposit accounts, beneficiaries. */
const BANK_DETAILS_PATH = /bank[-_]?(details|account)|\/(cuenta|cuenta[-_]?bancaria|conta[-_]?bancaria|dados[-_]?bancarios|datos[-_]?bancarios|bankverbindung|compte[-_]?bancaire|coordonnees[-_]?bancaires|rib|conto[-_]?corrente|iban)\/?$|payout[-_]?(method|account|details|destination)|\/payouts?\/?$|external[-_]?accounts?|direct[-_]?deposit|beneficiar|payment[-_]?(method|details)|salary[-_]?account/i;
/** An address nested under a recipient list (ToRecipients[0].Mailbox.EmailAddress). */
const RECIPIENT_PATH = /(^|\.)(to|cc|bcc|torecipients|ccrecipients|bccrecipients|recipients|attendees)(\[\d+\])?\./i;
const SENDER_PATH = /(^|\.)(from|sender|reply_?to)(\.|\[|$)/i;

/** Keys that route a bank payment to the payee's bank. */
const BANK_ROUTING_KEY = /^(routing|routing_?number|aba|sort_?code|bic|swift|bsb|ifsc|transit_?number)$/i;
const PLAIN_ACCOUNT_KEY = /^(account|acct|account_?num)$/i;

/** Splits a JSON-like value into recipients, payees, amounts and content by key names. */
export function classifyArguments(value: unknown, catalog: Catalog, skip: ReadonlySet<string> = new Set()) {
  const keys = catalog.argumentKeys;
  const recipients: PayloadPart[] = [];
  const payees: PayloadPart[] = [];
  const amounts: PayloadPart[] = [];
  const packages: PayloadPart[] = [];
  const paths: PayloadPart[] = [];
  const urls: PayloadPart[] = [];
  const commands: PayloadPart[] = [];
  const content: PayloadPart[] = [];
  // (a plain `account` next to a bank's routing or sort code is the payee's account number)
  const accounts: PayloadPart[] = [];
  let routed = false;
  for (const leaf of jsonLeaves(value)) {
    const key = leaf.key;
    const part = { field: leaf.path || 'body', value: leaf.value };
    if (skip.has(key)) continue;
    // (the sender's own address, `from` or `from.email`, is not whom the message goes to)
    if (key === 'from' || key === 'sender' || key === 'reply_to' || SENDER_PATH.test(leaf.path)) continue;
    if (keys.recipients.has(key) || (RECIPIENT_PATH.test(leaf.path) && isEmailAddress(leaf.value))) recipients.push(part);
    else if (keys.payee.has(key)) {
      payees.push(part);
      if (BANK_ROUTING_KEY.test(key)) routed = true;
    } else if (PLAIN_ACCOUNT_KEY.test(key)) accounts.push(part);
    else if (keys.amount.has(key)) amounts.push(part);
    else if (keys.package.has(key)) packages.push(part);
    else if (keys.url.has(key)) urls.push(part);
    else if (keys.command.has(key)) commands.push(part);
    else if (keys.path.has(key)) paths.push(part);
    else content.push(part);
  }
  (routed ? payees : content).push(...accounts);
  // A value written as a key (a phone number or an address keying a row: {"905325551487": "emre"}) travels too.
  if (value !== null && typeof value === 'object') dataKeys(value, '', content, 0);
  return { recipients, payees, amounts, packages, paths, urls, commands, content };
}

/** A key that is a value: six or more digits (a phone or account number) or an e-mail address. */
const DATA_LIKE_KEY = /^\+?[\d\s().-]*\d{3}[\d\s().-]*$|^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

function dataKeys(value: object, path: string, out: PayloadPart[], depth: number): void {
  if (depth > 8) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (value[i] !== null && typeof value[i] === 'object') dataKeys(value[i] as object, `${path}[${i}]`, out, depth + 1);
    return;
  }
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    const at = path ? `${path}.${k}` : k;
    if (k.length >= 6 && DATA_LIKE_KEY.test(k) && (k.includes('@') || k.replace(/\D/g, '').length >= 6)) out.push({ field: `${at}#key`, value: k });
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object') dataKeys(v, at, out, depth + 1);
  }
}

function parseUrl(url: string, field: string): URL {
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    if (!parsed.hostname) throw new Error('no host');
    return parsed;
  } catch {
    throw new AgentFlowException({ code: 'invalid_request', message: `${field}: "${url}" is not a valid URL`, issues: [{ field, message: 'not a valid URL', value: url }] });
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers that address or authenticate the call itself; any other header is content that travels. */
const SERVICE_HEADERS = new Set(['content-type', 'accept', 'user-agent', 'content-length']);
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key']);
const PRICING_ENDPOINT = /^(quotes?|estimates?|previews?|rates?|fees?|simulat(e|ion)s?|validat(e|ion)s?|calculat(e|ions?))$/i;
const DRAFT_PATH = /\/drafts?(\/(?!send$)[^/]+)?\/?$/i;
const MAILBOX_PATH = /mail|message|inbox|compose|\/users?\/|\/me\/|\/mailboxes\//i;
/** A delete verb glued to what it deletes, in lower case (pCloud's deletefolderrecursive, deletefile). */
const GLUED_DELETE = /^(delete|destroy|purge|trash|erase)[a-z]{3,}$/;
/** RPC operation words that delete (issueDelete, files.remove). */
const RPC_DELETE_WORDS = new Set(['delete', 'remove', 'destroy', 'purge', 'trash', 'erase']);
/** Endpoints that look things up by a filter (which may name the bin) rather than act on them. */
const SEARCH_SEGMENT = /^(search|query|list|find|filter|count|lookup)$/i;
const DELETE_ENDPOINT = /^(?:[\w-]+[._:])?(?:batch|bulk|mass)?[_-]?(delete|remove|trash|destroy|purge|erase|wipe)(?:[_-]?(batch|all|many|bulk|v\d+|permanently))*$/i;
const PAYMENT_PATH_WORDS = new Set(['pay', 'pays', 'payment', 'payments', 'payout', 'payouts', 'transfer', 'transfers', 'charge', 'charges', 'remit', 'remittance', 'remittances', 'withdraw', 'withdrawal', 'withdrawals', 'disburse', 'disbursement', 'disbursements', 'wire', 'wires', 'sendmoney', 'sendtransaction', 'refund', 'refunds', 'swap', 'swaps', 'bonifico', 'bonifici', 'ueberweisung', 'ueberweisungen', 'uberweisung', 'uberweisungen', 'transferencia', 'transferencias', 'virement', 'virements', 'przelew', 'przelewy', 'overboeking', 'overboekingen', 'pagamento', 'pagamentos', 'pagamenti', 'pago', 'pagos', 'zahlung', 'zahlungen', 'paiement', 'paiements', 'ricarica', 'ricariche', 'recarga', 'recargas']);

/** The key that names a device-management command, and the commands that erase the device. */
const DEVICE_COMMAND_KEY = /^(type|command|command_?type|action|request_?type|name)$/i;
const WIPE_COMMAND = /^(wipe|wipe_?device|device_?wipe|remote_?wipe|full_?wipe|factory_?reset|erase_?device|erase_?all|reset_?device|wipe_?data)$/i;
const EXEC_PATH_WORDS = new Set(['exec', 'execute', 'shell', 'run', 'runs', 'command', 'commands', 'cmd', 'script', 'scripts']);
/** Endpoints that make a link anyone can open. */
/** How a managed app is deployed, and the deployments that put it on the device without the user. */
const INSTALL_KEY = /^(install_?type|install_?mode|installation_?type|deployment_?type|install_?behavior)$/i;
const INSTALLS = /^(force_?install(ed)?|required_?for_?setup|preinstalled|kiosk|required|auto_?install|install|mandatory)$/i;
/** Device policies that decide whether unknown apps, debugging or app verification are allowed. */
const DEVICE_SECURITY_KEY = /^(untrusted_?apps_?policy|install_?unknown_?sources_?allowed|debugging_?features_?allowed|developer_?settings|usb_?debugging_?(allowed|enabled)?|adb_?enabled|google_?play_?protect_?verify_?apps|verify_?apps_?(enabled|policy)|unknown_?sources_?(allowed|enabled)?|allow_?unknown_?sources)$/i;
/** Values that keep such a policy closed. */
const KEEPS_SECURE = /^(false|0|disallow\w*|block\w*|deny|denied|disabled?|off|enforced|verify_?apps_?enforced|developer_?settings_?disabled|debugging_?features_?not_?allowed|untrusted_?apps_?policy_?unspecified)$/i;
const PUBLIC_LINK_PATH = /create_?shared_?link|shared_?links?(\/|$)|create_?link|createlink|public_?(url|link)/i;
/** The last path segment of an RPC-style call that executes what an earlier call prepared. */
const SUBMIT_SEGMENT = /^(submit|run|process|approve|execute|confirm|release|fund|pay|capture|charge|settle)$/i;

/** A body key that holds whom a message service writes to (invitedUserEmailAddress, guest_email, member). */
const ADDRESS_KEY = /(e-?mail(address)?|invitee|guest|member|user)(address)?$/i;

/** A body field that addresses a message (to, cc, bcc, recipients …), at any depth. */
const ADDRESSING_FIELD = /(^|[.[\]])(to|cc|bcc|recipients?|rcpt(_?to)?|envelope_?to|(to|cc|bcc)_?(addresses|recipients))([.[\]]|$)/i;

/** The parts of several lists in one new list (most of them are empty). */
function joinedParts(...lists: PayloadPart[][]): PayloadPart[] {
  const out: PayloadPart[] = [];
  for (const list of lists) for (let i = 0; i < list.length; i++) out.push(list[i]);
  return out;
}

export function liftHttp(call: HttpCall, catalog: Catalog, org: OrgFacts, field = 'api.url'): Lifted {
  const url = parseUrl(call.url, field);
  const host = url.hostname.toLowerCase();
  const method = call.method.toUpperCase();
  const privateLabel = org.privateHostLabel(host);
  const backend = catalog.hosts.get(host);
  const resource = privateLabel ?? backend?.resource ?? 'http';
  const body = parseBody(call.body, call.headers);
  const args = classifyArguments(body, catalog);
  const urlParts: PayloadPart[] = [];
  const pathname = url.pathname;
  if (pathname.length > 1) urlParts.push({ field: 'url.path', value: pathname.includes('%') ? decodeURIComponentSafe(pathname) : pathname });
  if (url.search.length > 1) for (const [k, v] of url.searchParams) urlParts.push({ field: `url.query.${k}`, value: v });
  // Labels prepended to a domain carry data to whoever runs its name servers (447100923318.meilintan.r7.dnslog-relay.com).
  const carried = subdomainData(host);
  if (carried) urlParts.push({ field: 'url.host', value: carried });
  // Custom headers travel too; credentials for the called service itself are not content.
  const headers = call.headers ?? {};
  // (their credentials are carried too, as credentials: a token observed on the device and put
  // in a Cookie for another host leaves with it, but T3 does not score a call's own API key)
  for (const k in headers) {
    const lower = k.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower)) urlParts.push({ field: `${CREDENTIAL_FIELD}header.${k}`, value: String(headers[k]) });
    else if (!SERVICE_HEADERS.has(lower)) urlParts.push({ field: `header.${k}`, value: String(headers[k]) });
  }
  const label = `${method} ${host}${pathname}`;
  const href = url.toString();
  // A known service's API is also plain HTTP; a GET of any other public page is also browsing the
  // web — but not a GET of an API endpoint (api.coingecko.com/api/v3/…): that needs `http`.
  // (an agent granted a private host's label — idp.*, scm.* — may act there, whatever the action is: a
  // role given on the org's GitHub is covered by scm.*, and still asks as the grant it is)
  const altResources = privateLabel ? [privateLabel] : backend ? ['http'] : READ_METHODS.has(method) && !API_ENDPOINT.test(`${host}${pathname}`) ? ['web'] : undefined;
  // (Fields listed before the spread: a literal that spreads first and then adds keys is ~100× slower in V8.)
  const lift = (rest: Omit<Lifted, 'host' | 'url' | 'label'>): Lifted => ({ host, url: href, label, altResources, ...rest });
  // (a link in the body carries what its query holds: {actions: [{url: "…?mlat=59.91&mlon=10.74"}]})
  const contentParts = joinedParts(args.content, args.amounts, args.packages, args.paths, args.commands, args.urls, urlParts);

  // A GraphQL query or an RPC getter POSTed (GetRiskScore, alipay.trade.query) reads; what it
  // sends along (variables, parameters) is what a GET's query string would be.
  const rpc = rpcOperation(body, call.headers);
  if (rpc?.read && !READ_METHODS.has(method)) {
    return lift({ effect: 'read', resource, verb: 'read', lifted: `${rpc.how} ${rpc.name} is a read`, sink: privateLabel ? null : httpSink(host, org), payload: [...urlParts, ...contentParts], targets: [] });
  }
  if (READ_METHODS.has(method)) {
    return lift({ effect: 'read', resource, verb: 'read', lifted: `HTTP ${method} is a read`, sink: privateLabel ? null : httpSink(host, org), payload: urlParts, targets: [] });
  }
  if (method === 'DELETE') {
    return lift({ effect: 'delete', resource, verb: verbOf('delete'), lifted: `HTTP DELETE on ${resource}`, sink: httpSink(host, org), payload: urlParts, targets: [{ field: 'url', value: href }, ...pathIds(pathname)] });
  }
  // Granting access on an identity or code service — a tenant-wide OAuth consent, a role
  // assignment, a repository collaborator, a deploy key — grants a permission, whatever else the
  // service does (Graph also sends mail); deactivating a sign-in policy changes a security setting.
  const granted = accessGrantPath(method, pathname, body);
  if (granted) {
    return lift({ effect: 'permission', resource: 'permissions', verb: verbOf('permission'), lifted: `HTTP ${method} ${granted} on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [{ field: 'url', value: href }] });
  }
  if (POLICY_SWITCH.test(pathname)) {
    return lift({ effect: 'settings', resource: 'settings', highImpact: true, verb: verbOf('settings'), lifted: `HTTP ${method} switching a policy on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [{ field: 'url', value: href }] });
  }
  const recipientValues = args.recipients.map((r) => r.value);
  // Creating or updating a message draft (…/drafts, …/drafts/{id}) delivers nothing yet; …/drafts/send does.
  // (on a message service, or under a mailbox's path: a report's …/reports/draft on some API is that API's record)
  if (DRAFT_PATH.test(pathname) && (backend?.write === 'send' || MAILBOX_PATH.test(pathname))) {
    return lift({ effect: 'draft', resource: backend?.resource ?? 'email', verb: 'write', lifted: `HTTP ${method} saving a draft on ${host}`, sink: null, payload: contentParts, targets: args.recipients.length > 0 ? args.recipients : mimeRecipients(args.content).map((value) => ({ field: 'raw', value })) });
  }
  // Outside known mail services, only explicit addressing (to/cc/bcc/recipients) makes a POST a
  // mail send; an `email` field in a webhook body is data.
  const emailRecipients = args.recipients.filter((r) => ADDRESSING_FIELD.test(r.field) && r.value.includes('@'));
  // Any API whose endpoint pays, transfers or pays out an amount moves money, known service or not.
  // (an RPC call names its operation in the body — Alipay's gateway.do {method: "alipay.fund.trans.uni.transfer"},
  // a GraphQL mutation createTransfer — and its words count as the path's)
  const pathWords = pathname.toLowerCase().split(/[^a-z]+/);
  if (rpc) pathWords.push(...rpc.words, rpc.words.slice(-2).join(''));
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  // ...and so does submitting or approving a prepared payroll, payout or transfer (…/payrolls/{id}/submit).
  const submitsPayment = SUBMIT_SEGMENT.test(lastSegment) && pathWords.some((w) => PAYMENT_PATH_WORDS.has(w) || w === 'payroll' || w === 'payrolls');
  // (a transaction created with an amount for a bank account — Mercury's …/transactions {routingNumber, accountNumber, amount} — sends it)
  const createsTransfer = args.amounts.length > 0 && args.payees.length > 0 && pathWords.some((w) => w === 'transaction' || w === 'transactions');
  const paysOut = (args.amounts.length > 0 && pathWords.some((w) => PAYMENT_PATH_WORDS.has(w))) || submitsPayment || createsTransfer;
  // A remote-execution endpoint (…/runbooks/exec, …/devices/{id}/shell) runs the command it is given.
  if (args.commands.length > 0 && pathWords.some((w) => EXEC_PATH_WORDS.has(w))) {
    return lift({ effect: 'shell', resource: 'device', verb: 'exec', lifted: `HTTP ${method} running a command through ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: [...args.commands, ...args.content], targets: [{ field: 'url', value: href }] });
  }
  // The body's leaves, read once for the checks below that look at its keys.
  const leaves = body !== undefined && typeof body === 'object' ? jsonLeaves(body) : [];
  // A device-management command that wipes the device ({"type": "WIPE"} to …/devices/{id}/commands) resets it.
  if (leaves.some((l) => DEVICE_COMMAND_KEY.test(l.key) && WIPE_COMMAND.test(l.value.trim()))) {
    return lift({ effect: 'reset', resource: 'device', verb: 'reset', lifted: `HTTP ${method} sending a wipe command through ${host}`, sink: null, payload: contentParts, targets: [{ field: 'url', value: href }] });
  }
  // A device-management policy that force-installs packages (Android Management API
  // {applications: [{packageName, installType: FORCE_INSTALLED}]}) installs them on every device it
  // governs; one that opens the devices to unknown sources or debugging changes their security settings.
  const installs = args.packages.length > 0 && leaves.some((l) => INSTALL_KEY.test(l.key) && INSTALLS.test(l.value.trim()));
  if (installs) {
    return lift({ effect: 'install', resource: 'apps', verb: verbOf('install'), lifted: `HTTP ${method} installing ${args.packages.map((p) => p.value).join(', ')} through ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [...args.packages, { field: 'url', value: href }] });
  }
  const loosened = leaves.filter((l) => DEVICE_SECURITY_KEY.test(l.key) && !KEEPS_SECURE.test(l.value.trim()));
  if (loosened.length > 0) {
    return lift({ effect: 'settings', resource: 'settings', highImpact: true, verb: verbOf('settings'), lifted: `HTTP ${method} setting ${loosened.map((l) => `${l.key}: ${l.value}`).join(', ')} through ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [...loosened.map((l) => ({ field: l.path, value: l.value })), { field: 'url', value: href }] });
  }
  // Creating a shared or public link to a file (Dropbox create_shared_link, Graph createLink) publishes it to anyone with the link.
  if (PUBLIC_LINK_PATH.test(pathname)) {
    // (what it opens is the file the call addresses: a drive's files or photos)
    const label = /photo|image|media/i.test(pathname) ? 'photos' : 'files';
    const item = { field: 'attachment', value: `content://agentflow/${label}/${encodeURIComponent(pathname)}` };
    return lift({ effect: 'share', resource, verb: 'send', lifted: `HTTP ${method} creating a shared link on ${host}`, sink: simpleSink('share', true, 'public link'), payload: [...contentParts, item], targets: [{ field: 'url', value: href }] });
  }
  // An RPC-style endpoint whose last path segment deletes (files/delete_v2, messages.remove,
  // deletefolderrecursive) deletes, and so does a GraphQL mutation or RPC method that does
  // (issueDelete), or a body that says so ({action: "destroy"}, {trashed: true}, a $batch of DELETEs).
  const deleting = SEARCH_SEGMENT.test(lastSegment) ? null : deletingArgument(leaves);
  const rpcDeletes = rpc !== null && !rpc.read && rpc.words.some((w) => RPC_DELETE_WORDS.has(w));
  if (DELETE_ENDPOINT.test(lastSegment) || GLUED_DELETE.test(lastSegment) || rpcDeletes || deleting) {
    const how = deleting ? `a body that deletes (${deleting.path}: ${deleting.value})` : rpcDeletes ? `${rpc!.how} ${rpc!.name}` : `the delete endpoint ${pathname}`;
    return lift({ effect: 'delete', resource, verb: verbOf('delete'), lifted: `HTTP ${method} to ${how}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [...args.paths, ...args.content, { field: 'url', value: href }] });
  }
  // A quote, an estimate or a fee preview (Wise …/quotes) prices a payment; it moves nothing.
  const prices = PRICING_ENDPOINT.test(lastSegment);
  // A payment service's other endpoints (customers, dispute evidence, webhooks) move no money.
  // (an amount for a payee or recipient in the body moves it whatever the path: coinbase …/transactions {to, amount})
  const movesMoney = paysOut || (args.amounts.length > 0 && args.payees.length + args.recipients.length > 0) || pathWords.some((w) => catalog.toolWords.money.has(w) || w === 'capture' || w === 'captures');
  if (((backend?.write === 'payment' && movesMoney) || paysOut) && !prices) {
    return lift({ effect: 'payment', resource: 'payments', verb: verbOf('payment'), lifted: backend ? `HTTP ${method} to payment service ${host}` : `HTTP ${method} to a payment endpoint of ${host}`, sink: simpleSink('payment', true, [...args.payees, ...args.recipients].map((p) => p.value).join(',') || host), payload: args.content, targets: [...args.payees, ...args.recipients, ...args.amounts, { field: 'url', value: href }] });
  }
  // A message service's contact lists (SendGrid /marketing/contacts, Mailgun /lists/{id}/members)
  // store the people in the body; nothing is delivered to them: that is an upload of their data.
  // An endpoint that resets or changes a password (Graph …/methods/{id}/resetPassword) changes an account, on any service.
  if (PASSWORD_ENDPOINT.test(lastSegment)) {
    return lift({ effect: 'account', resource: 'accounts', verb: verbOf('account'), lifted: `HTTP ${method} to the password endpoint ${pathname}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [{ field: 'url', value: href }] });
  }
  // A user's sign-in itself — its factors, sessions, verification codes, its sign-out everywhere —
  // is changed by an identity provider's user endpoints (Okta …/lifecycle/reset_factors, Graph
  // …/revokeSignInSessions, Google Admin …/twoStepVerification/turnOff, Auth0 …/multifactor/…).
  const signIn = USER_PATH.test(pathname) ? SIGN_IN_ENDPOINT.exec(pathname) : null;
  if (signIn) {
    return lift({ effect: 'account', resource: 'accounts', verb: verbOf('account'), lifted: `HTTP ${method} to the sign-in endpoint …/${signIn[1]} of a user on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [{ field: 'url', value: href }] });
  }
  const uploadsContacts = backend?.write === 'send' && CONTACT_LIST_PATH.test(pathname);
  // Moving, copying, labelling or flagging a message on its service (Graph …/messages/{id}/move,
  // Gmail …/modify) files it where it is; it delivers nothing.
  const filesAMessage = backend?.write === 'send' && MESSAGE_FILING_SEGMENT.test(lastSegment);
  if (!uploadsContacts && !filesAMessage && (backend?.write === 'send' || (emailRecipients.length > 0 && !privateLabel))) {
    const kind = backend ? (catalog.kindInfo(catalog.kindOfResource(backend.resource)).sink ?? 'email') : 'email';
    // A message's own headers name its recipients when the API takes a raw RFC 822 message (Gmail's `raw`).
    // ...or a message service's other addressing (Graph /invitations: invitedUserEmailAddress) names them.
    const addressed = backend?.write === 'send' && recipientValues.length === 0 ? args.content.filter((p) => ADDRESS_KEY.test(p.field) && isEmailAddress(p.value)) : [];
    const recipients = recipientValues.length > 0 ? recipientValues : addressed.length > 0 ? addressed.map((p) => p.value.trim()) : mimeRecipients(args.content);
    // A message that names no recipient goes where its endpoint is configured to deliver (a
    // webhook into the org's own channel): when the org allows that host, it does not leave.
    const sink = recipients.length === 0 && org.isAllowedHost(host) ? Object.assign(httpSink(host, org), { kind }) : messageSink(kind, recipients, org);
    // The endpoint is a target too: a webhook URL is where the message goes.
    return lift({ altResources: privateLabel ? undefined : ['http'], effect: 'send', resource: backend?.resource ?? 'email', verb: 'send', lifted: `HTTP ${method} delivering a message via ${host}`, sink, payload: contentParts, targets: [...args.recipients, ...addressed, { field: 'url', value: href }] });
  }
  // Setting a user's second factor or password, or changing its sign-in address, changes an account, on any API.
  // (A whole record written back — a CRM account with its name, owner, phone and revenue — is a sync, not a sign-in change.)
  // (Okta updates a user with a POST to the user itself: …/users/{id})
  const changesUser = (method === 'PATCH' || method === 'PUT' || (method === 'POST' && ONE_USER_PATH.test(pathname))) && USER_PATH.test(pathname) && leaves.length <= SIGN_IN_CHANGE_MAX_FIELDS;
  // (a template's placeholder, "password": "${DB_PASSWORD}", sets nothing)
  const accountKeys = leaves.filter((l) => (ACCOUNT_SECURITY_KEY.test(l.key) || (changesUser && SIGN_IN_KEY.test(l.key))) && !TEMPLATE_VALUE.test(l.value));
  // Changing where money is paid to (salary bank details, a payout account) changes the account that receives it.
  // (on such an endpoint a plain `account` or `routing` key is the bank account, not an account name)
  const bankPath = BANK_DETAILS_PATH.test(pathname);
  const bankKeys = bankPath ? leaves.filter((l) => BANK_KEY.test(l.key) && !args.payees.some((p) => p.field === l.path)).map((l) => ({ field: l.path, value: l.value })) : [];
  if (bankPath && (args.payees.length > 0 || bankKeys.length > 0)) {
    return lift({ effect: 'account', resource: 'accounts', verb: verbOf('account'), lifted: `HTTP ${method} changing the bank details on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [...args.payees, ...bankKeys, { field: 'url', value: href }] });
  }
  // Opening a repository, a bucket or a folder to everyone, or making someone an administrator,
  // grants access: GitHub PATCH /repos/… {private: false}, Google Admin …/users/{id}/makeAdmin.
  const grant = accessGrant(method, pathname, leaves);
  if (grant) {
    return lift({ effect: 'permission', resource: 'permissions', verb: verbOf('permission'), lifted: `HTTP ${method} ${grant} on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [{ field: 'url', value: href }, ...leaves.filter((l) => isAccessKey(l.key)).map((l) => ({ field: l.path, value: l.value }))] });
  }
  if (accountKeys.length > 0) {
    return lift({ effect: 'account', resource: 'accounts', verb: verbOf('account'), lifted: `HTTP ${method} changing ${accountKeys.map((l) => l.key).join(', ')} of an account on ${host}`, sink: privateLabel ? null : httpSink(host, org), payload: contentParts, targets: [...accountKeys.map((l) => ({ field: l.path, value: l.value })), { field: 'url', value: href }] });
  }
  if (privateLabel) {
    return lift({ effect: 'write', resource, verb: 'write', lifted: `HTTP ${method} to private host (${privateLabel})`, sink: null, payload: contentParts, targets: [] });
  }
  return lift({ effect: 'http_write', resource, verb: 'write', lifted: `HTTP ${method} to ${host}`, sink: httpSink(host, org), payload: [...contentParts, ...args.recipients, ...args.payees], targets: [{ field: 'url', value: href }] });
}

/** The last path segment of a message service's endpoints that file a message rather than deliver it. */
const MESSAGE_FILING_SEGMENT = /^(move|copy|archive|unarchive|modify|batchModify|labels?|flag|unflag|markAsRead|markAsUnread|mark_?read|mark_?unread|star|unstar|snooze|pin|unpin|mute|unmute|categorize|untrash)$/i;

/** Paths of a message service that hold lists of people rather than deliver to them. */
const CONTACT_LIST_PATH = /\/(contacts|audiences|lists|members|subscribers|segments)(\/|$)/i;
/** Keys of a bank account's details. */
const BANK_KEY = /^(account|acct|account_?number|routing|routing_?number|aba|sort_?code|bsb|iban|swift|bic|account_?holder|bank_?code|cuenta|numero_?(de_?)?cuenta|conta|numero_?(da_?)?conta|konto|kontonummer|compte|numero_?(de_?)?compte|rib|conto|clabe|cbu)$/i;
const PASSWORD_ENDPOINT = /^(?:[\w-]+[._:])?(reset|change|update|set|force)[_-]?password$/i;
const ACCOUNT_SECURITY_KEY = /^(mfa|mfa_?enabled|two_?factor(_?(enabled|auth))?|2fa(_?enabled)?|totp(_?enabled)?|otp_?enabled|password|new_?password|passwd|recovery_?(email|phone|codes?)|security_?(questions?|answers?)|backup_?codes?)$/i;
const USER_PATH = /\/(users?|accounts?|members?|profiles?|me)(\/|$)/i;
/** Endpoints that make someone an administrator. */
const ADMIN_GRANT_PATH = /\/(make_?admin|grant_?admin|add_?admin)(\/|$)/i;
/** What is shared with everyone when it is opened: code, storage, files and their folders. */
const SHAREABLE_PATH = /\/(repos|repositories|projects|buckets|files|folders|drives|documents|spreadsheets|sites)(\/|$)/i;
/** Body keys that say who may see a thing, and the values that open it to everyone. */
const VISIBILITY_KEY = /^(visibility|access|access_?level|acl|public)$/i;
const OPEN_TO_ALL = /^(public|public-read|anyone|everyone|true)$/i;
/** Body keys that give someone a role, and the roles that administer. */
const ROLE_KEY = /^roles?$/i;
const ADMIN_ROLE = /^(admin|administrator|owner|super_?admin|org_?admin)$/i;
/** The keys of a grant that say what it grants (targets of the decision). */
function isAccessKey(key: string): boolean {
  return key === 'private' || VISIBILITY_KEY.test(key) || ROLE_KEY.test(key);
}

/** The ids a path addresses (…/files/1Hk4PqW8sYzT0vRm): what a delete there removes, which a message may have named. */
function pathIds(pathname: string): PayloadPart[] {
  const ids: PayloadPart[] = [];
  // (a shorter one counts when it has three digits or more: a patient's or an order's number, PT-4471)
  for (const segment of pathname.split('/')) if ((segment.length >= 8 || (segment.length >= 5 && /\d{3}/.test(segment))) && /\d/.test(segment) && /[a-z]/i.test(segment) && !/^v\d+(\.\d+)?$/i.test(segment)) ids.push({ field: 'url.id', value: segment });
  return ids;
}

/** Endpoints that grant access to whom they name: consents, role assignments, collaborators. */
const GRANT_PATH = /\/(oauth2PermissionGrants|appRoleAssignments|appRoleAssignedTo|roleAssignments|role_?assignments|roleAssignmentScheduleRequests|collaborators|delegates|admins)(\/|$)|\/users\/[^/]+\/roles\/?$/i;
/** A repository's or account's keys: adding a public key lets its holder in. */
const KEYS_PATH = /\/(keys|deploy_?keys|ssh_?keys|gpg_?keys)\/?$/i;
const PUBLIC_KEY = /^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-|sk-(ssh|ecdsa)-|-----BEGIN (PGP )?PUBLIC KEY)/;
/** Switching a sign-in or security policy on or off (Okta …/policies/{id}/lifecycle/deactivate). */
const POLICY_SWITCH = /\/policies\/[^/]+\/(lifecycle\/)?(deactivate|activate|disable|enable)\/?$/i;

function accessGrantPath(method: string, pathname: string, body: unknown): string | null {
  if (method !== 'POST' && method !== 'PATCH' && method !== 'PUT') return null;
  if (GRANT_PATH.test(pathname)) return 'granting access';
  if (method === 'POST' && KEYS_PATH.test(pathname) && body !== null && typeof body === 'object' && jsonLeaves(body).some((l) => PUBLIC_KEY.test(l.value.trim()))) return 'adding a key that grants access';
  return null;
}

function accessGrant(method: string, pathname: string, leaves: ReadonlyArray<{ key: string; value: string }>): string | null {
  if (method !== 'POST' && method !== 'PATCH' && method !== 'PUT') return null;
  if (ADMIN_GRANT_PATH.test(pathname) || leaves.some((l) => ROLE_KEY.test(l.key) && ADMIN_ROLE.test(l.value))) return 'making an administrator';
  if (method !== 'POST' && SHAREABLE_PATH.test(pathname) && leaves.some((l) => (l.key === 'private' && l.value === 'false') || (VISIBILITY_KEY.test(l.key) && OPEN_TO_ALL.test(l.value)))) return 'opening it to everyone';
  return null;
}

/** A change of a sign-in address touches that and little else. */
const SIGN_IN_CHANGE_MAX_FIELDS = 3;
const SIGN_IN_KEY = /^(email|login|login_?email|username|phone|phone_?number|mobile_?phone|primary_?phone|second_?email|secondary_?email|alternate_?email|alt_?email|backup_?email|recovery_?email)$/i;
/** One user addressed by its id (…/users/00u8k2p1zqT5hV3a4x7), not the collection a POST creates in. */
const ONE_USER_PATH = /\/(users?|accounts?|members?|profiles?)\/[^/]+\/?$/i;
/** Sub-resources of a user that are how it signs in: factors, methods, sessions, codes, sign-out. */
const SIGN_IN_ENDPOINT = /\/((?:reset_?|enroll_?)?factors?|mfa|multi_?factor|authentication|(?:phone|e-?mail|password|fido2|sms|voice|software_?oath|microsoft_?authenticator|temporary_?access_?pass|windows_?hello\w*|sign_?in|auth\w*)_?methods|two_?step_?verification|2sv|verification_?codes|backup_?codes|recovery_?codes|passkeys?|webauthn|credentials|revoke_?sign_?in_?sessions|invalidate_?all_?refresh_?tokens|sign_?out|log_?out|sessions|lifecycle\/(?:reset_password|expire_password|reset_factors|unlock|suspend|unsuspend|deactivate|activate|reactivate)|invalidate[\w-]*)(?:\/|$)/i;

const MIME_RECIPIENTS = /^(?:to|cc|bcc):[ \t]*(.+)$/gim;

/** Recipients in the To/Cc/Bcc headers of a MIME message carried in a field, plain or base64(url)-encoded. */
export function mimeRecipients(parts: readonly PayloadPart[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    for (const text of decodedVariants(part.value, 1)) {
      if (!/^(?:to|cc|bcc):/im.test(text)) continue;
      for (const m of text.matchAll(MIME_RECIPIENTS)) out.push(m[1].trim());
      if (out.length > 0) return out;
    }
  }
  return out;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
