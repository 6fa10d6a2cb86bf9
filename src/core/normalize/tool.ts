// Tool lifting: the catalog for common tool names, then a generic fallback by the words of the
// name and the shape of the arguments, so an unknown `crm_push_lead(to, text)` is still a send.
import type { Catalog } from '../catalog/catalog';
import type { ToolEffect } from '../catalog/schema';
import { idWords } from '../catalog/words';
import type { OrgFacts } from '../config/policy-config';
import type { PayloadPart } from '../event/agent-event';
import type { ToolAction } from '../protocol/schema';
import { CJK_CHAR, foldDiacritics, jsonLeaves } from '../provenance/canonical';
import { deletingArgument } from './argument-deletes';
import { classifyArguments, liftHttp, mimeRecipients } from './api';
import { isHighImpact, type Lifted, verbOf } from './lifted';
import { forwardedTo, isCallForwardingCode } from './screen-words';
import { httpSink, isEmailAddress, MESSAGE_SINK_OF, messageSink, shellNetworkSink, simpleSink, toolNamespace } from './sinks';

/** Nouns that make a name a query about money or messages, not the act (get_transfer_status, payment_history). */
const QUERY_NOUNS = new Set(['status', 'history', 'histories', 'list', 'details', 'detail', 'info', 'balance', 'balances', 'summary', 'statement', 'statements', 'receipt', 'receipts', 'report', 'reports', 'log', 'logs']);
/** Tool-name words that price or preview a payment rather than make it. */
const PRICING_WORDS = new Set(['quote', 'quotes', 'estimate', 'estimates', 'preview', 'previews', 'simulate', 'simulation', 'calculate', 'calculator', 'cotizacion', 'cotizar', 'angebot']);
/** What a charge is paid with: a card, a funding source, a wallet. */
const INSTRUMENT_KEY = /^(card|card_?id|card_?token|tarjeta|karte|carte|cartao|cartão|funding|funding_?source|source_?of_?funds|payment_?method|payment_?source|payment_?instrument|sumber|sumber_?dana|from_?wallet|wallet_?id|paid_?with|pay_?with)$/;
/** What is bought: a store item or a plan with its price. */
const PURCHASED_KEY = /^(sku|product_?id|item_?sku|in_?app_?product|price_?micros|amount_?micros|plan_?id)$/;
/** A flag that tells a call to carry out what it prepared (ausfuehren: true, confirm: true, cobro_automatico: true). */
const GO_AHEAD_KEY = /^(execute|ausfuehren|ausführen|ejecutar|executar|eseguire|confirm|confirmed|commit|submit|capture|auto_?charge|cobro_?automatico|auto_?pay|autopay|auto_?renew)$/;
function goesAhead(leaf: { key: string; value: string }): boolean {
  return GO_AHEAD_KEY.test(leaf.key) && /^(true|1|yes|si|sí|ja)$/i.test(leaf.value.trim());
}
/** Where released funds go, and the shapes of wallet addresses (Tron, Ethereum, Bitcoin). */
const PAYOUT_KEY = /^(payout_?(address|wallet|to)|withdraw(al)?_?(address|to)|release_?to|receiver|receiving_?address|to_?address|destination_?address|wallet_?address)$/;
const CRYPTO_ADDRESS = /^(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40}|(bc1|tb1)[0-9a-z]{20,80}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;
/** Verbs that say only that something is run (execute_task, run_workflow), unlike shell, terminal, adb. */
const GENERIC_RUN = new Set(['execute', 'exec', 'run', 'do', 'perform', 'ejecutar', 'executer', 'ausfuehren', 'eseguire', 'executar']);
/** Tools that copy to the device clipboard (clipboard_set, setPasteboard, 剪贴板). */
const CLIPBOARD = /clipboard|pasteboard|剪贴板|剪貼簿|クリップボード|클립보드/i;
const QUERY_ARGUMENT = /(^|\.)(query|sql|statement|stmt|q)$/i;
const DESTRUCTIVE_SQL = /(^|;)\s*(drop\s+(table|database|schema|view|index)|truncate(\s+table)?\s|delete\s+from\s)/i;
/** Names whose verb only reads: get, query, list, search, fetch, read, select, lookup, find, retrieve, open. */
const READ_NAME = /(^|[._\-\s]|[a-z](?=[A-Z]))(get|query|list|search|fetch|read|select|lookup|find|retrieve|open|browse|view)([._\-\s]|[A-Z]|$)/;

/** The first web address among a tool's arguments, at any depth (a base URL joined with its path). */
function firstWebAddress(args: Record<string, unknown>): string | undefined {
  for (const leaf of jsonLeaves(args)) {
    if (!/^https?:\/\//i.test(leaf.value.trim())) continue;
    const path = typeof args.path === 'string' && /^baseurl$/i.test(leaf.key) ? args.path : '';
    return leaf.value.trim().replace(/\/$/, '') + path;
  }
  return undefined;
}
const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/i;
const EFFECT_ORDER: ToolEffect[] = ['payment', 'uninstall', 'install', 'reset', 'delete', 'permission', 'shell', 'send', 'call', 'write', 'read'];

/** The catalog's tool words written in CJK (found inside names that have no separators), per catalog. */
const CJK_TOOL_WORDS = new WeakMap<Catalog, string[]>();

function cjkToolWords(catalog: Catalog): string[] {
  let words = CJK_TOOL_WORDS.get(catalog);
  if (!words) {
    words = [...catalog.toolWords.verbs.keys(), ...catalog.toolWords.resources.keys()].filter((w) => CJK_CHAR.test(w));
    CJK_TOOL_WORDS.set(catalog, words);
  }
  return words;
}

interface ToolClass {
  resource: string;
  effect: ToolEffect;
  method?: string;
  how: string;
  named?: string;
  /** An off-device service the tool writes to (a SaaS namespace like jira./notion., or a storage service). */
  service?: string;
  /** The URL a webhook tool posts to (whatever its argument is called). */
  url?: string;
}

function classifyName(name: string, args: Record<string, unknown>, catalog: Catalog): ToolClass {
  const known = catalog.tools.tools[name] ?? catalog.tools.tools[name.toLowerCase()];
  if (known) return { resource: known.resource, effect: known.effect, method: known.method, how: `catalog tool ${name}` };
  // Two-word names of one thing (call_log, phone_book, address_book) count as one word; plurals
  // count as their singular (stripe_transfers_create).
  const known2 = (w: string) => catalog.toolWords.resources.has(w) || catalog.toolWords.verbs.has(w);
  const words: string[] = [];
  // Names written in Chinese or Japanese have no separators: their known words are found inside (转账工具 → 转账).
  // (accents are dropped first: Datei_löschen is datei, loschen — not datei, l, schen)
  const plain = foldDiacritics(name);
  const raws = CJK_CHAR.test(name) ? [...idWords(plain), ...cjkToolWords(catalog).filter((w) => name.includes(w))] : idWords(plain);
  for (const raw of raws) {
    const w = known2(raw) ? raw : singular(raw, known2);
    const joined = words.length > 0 ? words[words.length - 1] + w : '';
    // (and two-word verbs: sign_out, log_out)
    if (joined && (catalog.toolWords.resources.has(joined) || catalog.toolWords.verbs.has(joined))) words[words.length - 1] = joined;
    else words.push(w);
  }
  // The first word of the name that names a specific resource wins (gmail.list_messages is
  // email); generic ones (device, http, browser) only when nothing more specific is named.
  const generic = new Set(catalog.tools.genericResources);
  let resource: string | null = null;
  let fallback: string | null = null;
  for (const word of words) {
    const res = catalog.toolWords.resources.get(word);
    if (!res) continue;
    if (!generic.has(res)) {
      resource = res;
      break;
    }
    fallback ??= res;
  }
  // A resource URI names what is read or written when the name does not (mcp resources/read
  // {uri: "sms://inbox"}, {uri: "content://com.android.contacts/…"}).
  if (resource === null) resource = uriResource(args, catalog, generic);
  // (a wallet the catalog does not know is named like one: instapay_history, gopay_balance)
  if (resource === null && words.some((w) => PAY_SERVICE_WORD.test(w))) resource = 'payments';
  resource ??= fallback;
  // A word that is a verb names the action; a plural that is only a verb in the singular names
  // what is acted on: stripe.charges.retrieve reads, stripe.refunds.create pays.
  const verbs = new Set<string>();
  const nounVerbs = new Set<string>();
  for (const w of words) {
    const exact = catalog.toolWords.verbs.get(w);
    if (exact) verbs.add(exact);
    else {
      const noun = catalog.toolWords.verbs.get(singular(w, (x) => catalog.toolWords.verbs.has(x)));
      if (noun) nounVerbs.add(noun);
    }
  }
  let effect = EFFECT_ORDER.find((e) => verbs.has(e)) ?? null;
  if (effect === null) effect = EFFECT_ORDER.find((e) => nounVerbs.has(e)) ?? null;
  // (unless it is handed prose to publish: mastodon_post_status {status: "…"} posts a status)
  if (effect !== null && effect !== 'read' && verbs.has('read') && words.some((w) => QUERY_NOUNS.has(w)) && !(effect === 'send' && handsOverProse(args))) effect = 'read';
  else if ((effect === 'write' || effect === 'send') && nounVerbs.has('payment')) effect = 'payment';
  // Creating a payment, charge, transfer or refund moves money (stripe.paymentIntents.create).
  if (effect === 'write' && words.some((w) => catalog.toolWords.money.has(w))) effect = 'payment';
  // The shape counts at any depth (a JSON string argument included): {action: '{"op":"shell","cmd":…}'}.
  const leaves = jsonLeaves(args);
  const keys = new Set(Object.keys(args).map((k) => k.toLowerCase()));
  for (const leaf of leaves) if (leaf.key) keys.add(leaf.key);
  // A generic tool (do_action, execute_task, run_workflow) names its effect in an action/op
  // argument; without a command to run, "execute" says nothing of its own.
  if (effect === 'shell' && !words.some((w) => catalog.toolWords.verbs.get(w) === 'shell' && !GENERIC_RUN.has(w)) && ![...keys].some((k) => catalog.argumentKeys.command.has(k))) effect = null;
  if (!effect) {
    for (const leaf of leaves) {
      // (a JSON-RPC call's method names it too: {method: "settings.set"}; an HTTP method does not)
      if (!ACTION_KEYS.has(leaf.key) && !(leaf.key === 'method' && !HTTP_METHOD.test(leaf.value.trim()))) continue;
      const valueWords = idWords(leaf.value);
      const named = valueWords.map((w) => catalog.toolWords.verbs.get(w) ?? catalog.toolWords.verbs.get(singular(w, known2)));
      effect = EFFECT_ORDER.find((e) => named.includes(e)) ?? null;
      if (effect) {
        // ...and what it acts on, when the name said nothing more specific (device_rpc {method: "settings.set"})
        const acted = valueWords.map((w) => catalog.toolWords.resources.get(w)).find((r) => r !== undefined && !generic.has(r));
        if (acted && (resource === null || generic.has(resource))) resource = acted;
        break;
      }
    }
  }
  // A batch or update tool whose arguments delete ({operation: "trash"}, {操作: "削除"}, addLabelIds: ["TRASH"]) deletes.
  if ((effect === null || effect === 'write') && deletingArgument(leaves)) effect = 'delete';
  const has = (set: ReadonlySet<string>) => [...keys].some((k) => set.has(k));
  const ak = catalog.argumentKeys;
  // Setting a service's security setting (slack_admin_set_team_setting {setting: "two_factor_auth_required"})
  // changes a security setting, wherever it lives.
  if ((effect === 'write' || effect === 'send') && resource !== 'settings' && words.some((w) => catalog.toolWords.resources.get(w) === 'settings') && !has(ak.recipients)) {
    const named = leaves.filter((l) => ak.setting.has(l.key)).map((l) => l.value).join(' ');
    if (named && catalog.sensitiveSetting(named)) {
      effect = 'settings';
      resource = 'settings';
    }
  }
  // Argument shape decides what the name does not.
  // A URL argument makes it an HTTP request (what it carries may be in the query), unless the
  // tool delivers a message to recipients that merely contains a link.
  // (A content:// or file:// uri names something on the device, not a web request.)
  // A webhook is an HTTP POST to its URL, whatever the tool calls running it (execute, trigger).
  if (words.includes('webhook') || keys.has('webhook_url') || keys.has('webhookurl')) {
    const hook = Object.entries(args).find(([k, v]) => /^(webhook(_?url)?|url|uri|endpoint|hook_?url)$/i.test(k) && typeof v === 'string');
    if (hook) return { resource: 'http', effect: 'http', method: 'POST', how: `tool ${name}: webhook → HTTP POST`, named: resource ?? undefined, url: hook[1] as string };
  }
  const webUrl = Object.entries(args).some(([k, v]) => ak.url.has(k.toLowerCase()) && typeof v === 'string' && !DEVICE_URI.test(v.trim()));
  // An unknown tool given a web address anywhere (destination.url, target) sends to it (exports, backups).
  // (so does one that only says it posts or sends, to no recipient: net.httpPost {target: {url}})
  if (!webUrl && (effect === null || effect === 'read' || effect === 'send') && !Object.keys(args).some((k) => ak.recipients.has(k.toLowerCase()))) {
    const where = leaves.find((l) => HTTP_URL.test(l.value.trim()) && !CONTENT_KEY.test(l.key) && !ACTION_KEYS.has(l.key));
    // (a read that hands over nothing but the address is a GET; records, files or options beside it are posted)
    const onlyAddress = Object.keys(args).length === 1;
    if (where) return { resource: 'http', effect: 'http', method: effect === 'read' && onlyAddress ? 'GET' : undefined, how: `tool ${name}: sends to ${where.path} → HTTP`, named: resource ?? undefined, url: where.value.trim() };
  }
  if (webUrl && !has(ak.recipients) && effect !== 'install' && effect !== 'delete' && effect !== 'payment') {
    return { resource: 'http', effect: 'http', method: effect === 'read' ? 'GET' : undefined, how: `tool ${name}: url argument → HTTP`, named: resource ?? undefined };
  }
  if (!effect && has(ak.command)) effect = 'shell';
  // A quote, an estimate, a preview or a summary prices or reports a payment; it moves nothing
  // (swap_quote {from, to, amount}, dutch_pay_summary), unless it is told to go ahead.
  // (a summary given a sum to pay — pay_statement {amount} — still pays it)
  const reports = (words.some((w) => PRICING_WORDS.has(w)) || (words.some((w) => QUERY_NOUNS.has(w)) && !has(ak.amount))) && !leaves.some(goesAhead);
  if (effect === 'payment' && reports) effect = 'read';
  if (!effect && !reports && has(ak.amount) && (has(ak.payee) || has(ak.recipients))) effect = 'payment';
  // ...and so does a tool named for a payment that is given an amount (bank_payment_to_payee {amount}).
  if (!effect && has(ak.amount) && words.some((w) => w === 'payment' || w === 'payments')) effect = 'payment';
  // Whatever it is called, a call given a sum and what pays it — a card or funding source, an
  // item bought, a go-ahead flag — charges it (activar_prueba {importe, tarjeta}, card_reload
  // {amount, funding}, unlock_feature {sku, price_micros}, ledger_reconcile {betrag, ausfuehren: true}).
  if ((effect === null || effect === 'write') && !reports && has(ak.amount) && ([...keys].some((k) => INSTRUMENT_KEY.test(k) || PURCHASED_KEY.test(k)) || leaves.some(goesAhead))) effect = 'payment';
  // ...and so does releasing funds to a wallet address (escrow_finalize {payout_address: "TQ7x…"}).
  if ((effect === null || effect === 'write') && !reports && leaves.some((l) => PAYOUT_KEY.test(l.key) && CRYPTO_ADDRESS.test(l.value.trim()))) effect = 'payment';
  if (!effect && has(ak.recipients) && [...keys].some((k) => CONTENT_KEY.test(k))) effect = 'send';
  if (effect === 'send' && resource === null) resource = [...keys].some((k) => k.includes('email') || k === 'subject' || k === 'cc' || k === 'bcc') ? 'email' : keys.has('phone') || keys.has('number') ? 'sms' : 'chat';
  // Sending from a wallet or bank ("paypal_send_money", "wallet_send") moves money.
  if (effect === 'send' && resource === 'payments' && has(ak.amount)) effect = 'payment';
  // Making an app the default for a role (apps_set_default_role {role: android.app.role.SMS},
  // set_default_sms_app) hands it that role's access, as choosing it in Settings does.
  if ((effect === 'write' || effect === null) && (words.includes('role') || (words.includes('default') && words.some((w) => DEFAULT_ROLE_WORDS.has(w))))) {
    effect = 'permission';
    resource = 'permissions';
  }
  if (effect === 'payment') resource = 'payments';
  if (effect === 'install' || effect === 'uninstall') resource = 'apps';
  if (effect === 'shell') resource = 'device';
  if (resource === 'settings' && (effect === 'write' || effect === null)) effect = 'settings';
  // Device administration (device_admin.wipe_data, device_admin.get_policies) manages the device
  // itself: reading its policies reads the device and a wipe resets it; other calls grant or use
  // the admin permission.
  if (resource === 'permissions' && (effect === 'read' || effect === 'reset') && words.includes('deviceadmin')) resource = 'device';
  if (resource === 'permissions' && effect !== 'read') effect = 'permission';
  const how = `tool ${name}: by name words [${words.join(', ')}] and arguments`;
  // A write to an off-device service leaves the device: a storage service named anywhere in the
  // name (s3.put_object, upload_to_dropbox), or a vendor namespace that names no resource of the
  // device (jira.create_issue, notion.pages.create).
  if ((effect === 'write' || (effect === 'send' && !has(ak.recipients))) && (resource === null || resource === 'files')) {
    const namespace = toolNamespace(name);
    const storage = words.find((w) => catalog.toolWords.cloud.has(w));
    const vendor = resource === null && namespace !== null && !catalog.toolWords.resources.has(namespace) && !catalog.toolWords.verbs.has(namespace) ? namespace : undefined;
    const service = storage ?? vendor;
    if (service) return { resource: resource ?? 'files', effect: 'send', how: `${how}: writes to ${service}, off the device`, service };
  }
  return { resource: resource ?? 'device', effect: effect ?? 'read', how };
}

const RESOURCE_URI = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)/i;

/** The resource a `uri` argument's scheme (sms://) or content provider (content://com.android.contacts) names. */
function uriResource(args: Record<string, unknown>, catalog: Catalog, generic: ReadonlySet<string>): string | null {
  const uri = args.uri ?? args.resource_uri ?? args.resourceUri;
  const m = typeof uri === 'string' ? RESOURCE_URI.exec(uri.trim()) : null;
  if (!m) return null;
  const scheme = m[1].toLowerCase();
  const named = scheme === 'content' ? idWords(m[2]) : [scheme];
  for (const word of named) {
    const res = catalog.toolWords.resources.get(word);
    if (res && !generic.has(res)) return res;
  }
  return null;
}

/** A content argument (text, status, message …) holding a sentence: something to publish or send. */
function handsOverProse(args: Record<string, unknown>): boolean {
  return Object.entries(args).some(([k, v]) => CONTENT_KEY.test(k.toLowerCase()) && typeof v === 'string' && v.trim().split(/\s+/).length >= 3);
}

const NOTIFICATION_CHANNEL = /(^|\.)channel(_?id)?$/i;

const DRAFT_TOOL = /(^|[^a-z])drafts?([^a-z]|$)/i;

/** Resources whose writes store records on the device (settings, contacts, notes …), notifying nobody. */
const LOCAL_RECORD_RESOURCES = new Set(['settings', 'device', 'apps', 'contacts', 'notes', 'files', 'photos']);

const DEVICE_URI = /^(content|file|android\.resource):|^\/|^(?!(?:https?|wss?|ftps?|sftp):)[a-z][a-z0-9+.-]*:\/\//i;

/** Arguments that carry what a message says, in the languages tool authors use. */
const CONTENT_KEY = /^(text|message|body|content|subject|msg|caption|html|blocks|status|texte|texto|mensaje|mensagem|nachricht|inhalt|contenido|conteudo|corps|cuerpo|messaggio|testo|内容|消息|正文|文本|附言)$/;
/** Arguments of generic tools that say what to do. */
/** What an app can be made the default of: a role, its handler. */
const DEFAULT_ROLE_WORDS = new Set(['app', 'apps', 'handler', 'sms', 'dialer', 'phone', 'browser', 'launcher', 'home', 'assistant', 'wallet', 'payment', 'keyboard', 'ime']);
const HTTP_METHOD = /^(get|post|put|patch|delete|head|options)$/i;
const ACTION_KEYS = new Set(['action', 'op', 'operation', 'intent', 'verb', 'task', 'type']);

/** The singular of a tool-name word when only that is known: transfers → transfer, payouts → payout. */
function singular(word: string, known: (w: string) => boolean): string {
  if (word.length > 3 && word.endsWith('s') && known(word.slice(0, -1))) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('es') && known(word.slice(0, -2))) return word.slice(0, -2);
  return word;
}

const ADDRESSING = new Set(['url', 'uri', 'endpoint', 'method', 'headers', 'webhook', 'webhook_url', 'webhookurl', 'hook_url', 'hookurl']);

/** The arguments of an HTTP tool other than where and how it calls, or undefined when there are none. */
function nonAddressing(args: Record<string, unknown>): Record<string, unknown> | undefined {
  let rest: Record<string, unknown> | undefined;
  for (const k in args) if (!ADDRESSING.has(k.toLowerCase())) (rest ??= {})[k] = args[k];
  return rest;
}

const EMPTY_PARTS: ReturnType<typeof classifyArguments> = { recipients: [], payees: [], amounts: [], packages: [], paths: [], urls: [], commands: [], content: [] };


/** Tool names about forwarding mail or about inbox rules and filters (which may forward). */
const FORWARDING_NAME = /forward|redirect|filter|inbox_?rule|mail_?rule|message_?rule/i;
/** GSM codes that set call forwarding (unconditional 21, no answer 61, unreachable 62, busy 67, all 002/004). */
const ONE_MESSAGE_KEY = /^((message|msg|mail|email|thread|conversation)_?ids?|ids?)$/i;
/** Argument keys that name where mail is forwarded or redirected to. */
const FORWARD_KEY = /^(forward(ing)?(_?(to|address|email|addresses))?|forwardto|redirect_?to|redirectto|auto_?forward(_?to)?|forward_?as_?attachment_?to)$/i;

/** E-mail addresses under a forwarding key, at any depth (action.forward, forwardTo[0].emailAddress.address). */
function forwardingAddresses(args: Record<string, unknown>): PayloadPart[] {
  const out: PayloadPart[] = [];
  for (const leaf of jsonLeaves(args)) {
    const path = leaf.path.split(/[.[\]]+/).filter(Boolean);
    if (path.some((segment) => FORWARD_KEY.test(segment)) && isEmailAddress(leaf.value)) out.push({ field: leaf.path, value: leaf.value.trim() });
  }
  return out;
}

const ACCOUNT_ACTION_NAME = /link[_-]?(a[_-]?)?(device|desktop|computer|companion|web)|(terminate|revoke|end|kill)[_-]?(all[_-]?)?(other[_-]?)?sessions?|sign[_-]?out[_-]?(everywhere|all)|log[_-]?out[_-]?(everywhere|all)|passkeys?|recovery[_-]?(email|phone)|(disable|enable|turn[_-]?off|turn[_-]?on|remove|reset)[_-]?(2fa|mfa|two[_-]?factor|2sv)|update[_-]?account|account[_-]?(update|edit|change|modify)|change[_-]?(password|email)|enroll[_-]?factor|factors?[_-]?(enroll|create|add)/i;
const ACCOUNT_ACTION_VERB = /link|terminate|revoke|delete|remove|disable|enable|update|change|enroll|add|create|set|turn/i;

/** Envelopes that call another tool: MCP's tools/call {name, arguments}, call_tool, invoke_tool. */
const CALL_ENVELOPE = /^(mcp[._/]|openai[._/])?(tools[._/]call|call[._]?tool|invoke[._]?tool|run[._]?tool|execute[._]?tool|use[._]?tool|function[._]?call|call[._]?function|tool[._]?router[._]invoke)$/i;

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A namespaced runner (banking.run, alipay.执行, tool_proxy.invoke, device__execute) calls what its arguments name. */
const RUNNER = /^(run|run_?action|run_?tool|execute|exec|invoke|invoke_?tool|call|call_?tool|dispatch|perform|执行|調用|调用|実行|ejecutar|executar|ausfuehren|ausführen|eseguire|exécuter|executer)$/i;
/** Keys that name the tool or action a runner calls, and keys that hold what it passes. */
const CALLED_KEYS = ['name', 'tool', 'tool_name', 'toolName', 'target', 'function', 'action', 'operation', 'op', '操作', '动作', 'acción', 'accion', 'aktion', 'azione', 'ação', 'acao'];
const PASSED_KEYS = ['arguments', 'args', 'input', 'tool_input', 'params', 'parameters', 'payload', 'data', 'datos', 'dados', 'daten', 'donnees', 'données', '参数', '数据', '引数'];

/** A tool name's namespace and last part: banking.run → banking, run; device__execute → device, execute. */
function nameParts(name: string): { namespace: string | null; last: string } {
  const parts = name.split(/\.|__|\//).filter(Boolean);
  return { namespace: parts.length > 1 ? parts.slice(0, -1).join('.') : null, last: parts[parts.length - 1] ?? name };
}

/** The tool an envelope calls, with the arguments it passes; null when it is not one. */
function envelopedTool(tool: ToolAction): ToolAction | null {
  const args = (tool.arguments ?? {}) as Record<string, unknown>;
  const { namespace, last } = nameParts(tool.name);
  const envelope = CALL_ENVELOPE.test(tool.name) || (namespace !== null && RUNNER.test(last)) || RUNNER.test(tool.name);
  if (!envelope) return null;
  const nameKey = CALLED_KEYS.find((k) => typeof args[k] === 'string' && (args[k] as string).trim() !== '');
  if (!nameKey) return null;
  let name = (args[nameKey] as string).trim();
  // (an MCP proxy names the server too: {server: "gmail", tool: "send_message"}; a runner's action is its namespace's: banking.run {acción: "transferir"})
  if (typeof args.server === 'string' && args.server.trim() !== '') name = `${args.server.trim()}.${name}`;
  else if (namespace !== null && !/[._/]/.test(name) && !CALL_ENVELOPE.test(tool.name)) name = `${namespace}.${name}`;
  const passedKey = PASSED_KEYS.find((k) => args[k] !== undefined);
  const given = passedKey ? args[passedKey] : Object.fromEntries(Object.entries(args).filter(([k]) => k !== nameKey && k !== 'server'));
  // (OpenAI-style function calls carry their arguments as a JSON string; a command runner, its words: {action: "settings", args: ["put", "secure", …]})
  const parsed = typeof given === 'string' ? parseObject(given) : given;
  const inner = Array.isArray(parsed) && parsed.every((w) => typeof w === 'string') ? { command: [args[nameKey], ...parsed].join(' ') } : parsed;
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return null;
  return { name, arguments: inner as Record<string, unknown> };
}

/** Keys under which a batch tool lists the calls it makes ({calls: [{tool, args}, …]}). */
const BATCH_KEYS = ['calls', 'requests', 'operations', 'batch', 'actions', 'steps'];

/** The calls a batch tool makes (workspace.bulk {calls: [{tool: "drive__upload", args: {…}}]}), or null. */
function batchedTools(tool: ToolAction): ToolAction[] | null {
  const args = (tool.arguments ?? {}) as Record<string, unknown>;
  for (const key of BATCH_KEYS) {
    const list = args[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const calls: ToolAction[] = [];
    for (const item of list) {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
      const entry = item as Record<string, unknown>;
      const name = entry.tool ?? entry.name ?? entry.tool_name;
      const passed = entry.args ?? entry.arguments ?? entry.params ?? entry.input ?? {};
      const inner = typeof passed === 'string' ? parseObject(passed) : passed;
      if (typeof name !== 'string' || inner === null || typeof inner !== 'object' || Array.isArray(inner)) return null;
      calls.push({ name, arguments: inner as Record<string, unknown> });
    }
    return calls;
  }
  return null;
}

/** How much an effect commits, to pick the call of a batch that the gate must decide on. */
const EFFECT_WEIGHT: Partial<Record<Lifted['effect'], number>> = { reset: 9, payment: 9, delete: 8, install: 8, uninstall: 8, permission: 8, account: 8, settings: 7, shell: 7, send: 6, share: 6, http_write: 5, write: 3, draft: 2 };

/** A payment service's name as a tool name word: instapay, gopay, paypay, easypaisa. */
const PAY_SERVICE_WORD = /^[a-z]{2,}(?:pay|paisa|cash|wallet)$/;

/** A notes folder in a device path. */
const NOTES_FOLDER = /\/(?:notes|notizen|notas|note|memos?|メモ|笔记|備忘錄|备忘录|메모)\//i;

/**
 * A tool call lifted, with the scopes that also cover it: a tool that reads the public web
 * (web_search {query}, bing_search) calls a search engine's API, so the `web` and `http` scopes
 * cover it as they cover a GET of a public page.
 */
export function liftToolCall(tool: ToolAction, catalog: Catalog, org: OrgFacts): Lifted {
  const lifted = liftTool(tool, catalog, org);
  if (lifted.effect === 'read' && (lifted.resource === 'browser' || lifted.resource === 'web') && lifted.sink === null) {
    const extra = ['web', 'http'].filter((r) => r !== lifted.resource && !lifted.altResources?.includes(r));
    if (extra.length > 0) lifted.altResources = [...(lifted.altResources ?? []), ...extra];
  }
  // (and a file kept in a notes folder, /sdcard/Documents/notes/…, is a note: a notes scope covers writing and reading it)
  if (lifted.resource === 'files' && (lifted.effect === 'write' || lifted.effect === 'read') && jsonLeaves(tool.arguments ?? {}).some((l) => NOTES_FOLDER.test(l.value)) && !lifted.altResources?.includes('notes')) {
    lifted.altResources = [...(lifted.altResources ?? []), 'notes'];
  }
  return lifted;
}

export function liftTool(tool: ToolAction, catalog: Catalog, org: OrgFacts, depth = 0): Lifted {
  // An envelope is lifted as the tool it calls (a few levels deep at most).
  const inner = depth < 3 ? envelopedTool(tool) : null;
  if (inner) {
    const lifted = liftTool(inner, catalog, org, depth + 1);
    lifted.label = `${tool.name} ${lifted.label}`;
    lifted.lifted = `${tool.name} calls ${inner.name}: ${lifted.lifted}`;
    return lifted;
  }
  // A batch is decided by the call in it that commits the most (a delete or an upload among reads),
  // carrying what all its calls carry.
  const batch = depth < 3 ? batchedTools(tool) : null;
  if (batch) {
    const lifts = batch.map((call) => liftTool(call, catalog, org, depth + 1));
    const weight = (l: Lifted) => (EFFECT_WEIGHT[l.effect] ?? 0) + (isHighImpact(l) ? 10 : 0);
    const top = lifts.reduce((a, b) => (weight(b) > weight(a) ? b : a));
    top.payload = lifts.flatMap((l) => l.payload);
    top.label = `${tool.name} ${top.label}`;
    top.lifted = `${tool.name} batches ${batch.length} call${batch.length > 1 ? 's' : ''}: ${top.lifted}`;
    return top;
  }
  const args = tool.arguments ?? {};
  const named = classifyName(tool.name, args, catalog);
  // A tool named after an org's private system (hr_lookup_employee, crm_export) acts on it.
  const privateWord = named.resource === 'device' || named.resource === 'http' ? idWords(tool.name).find((w) => org.privateLabels.has(w)) : undefined;
  const cls = privateWord && named.effect !== 'http' ? Object.assign({}, named, { resource: privateWord }) : named;
  // (An HTTP tool classifies its body itself, below.)
  const parts = cls.effect === 'http' ? EMPTY_PARTS : classifyArguments(args, catalog);
  const label = tool.name;
  // Setting up automatic forwarding (email_set_forwarding {forward_to}, an inbox rule that
  // forwards) sends every later message to that address: a high-impact change of the mail
  // account, whose target is the address.
  // (forwarding one message, forward_message {message_id, forward_to}, is a send of that message)
  // (or a settings tool handed a forwarding address: gmail_settings_update {forwardingAddress})
  const forwardTo = cls.effect !== 'http' && (FORWARDING_NAME.test(tool.name) || Object.keys(args).some((k) => FORWARD_KEY.test(k))) && !Object.keys(args).some((k) => ONE_MESSAGE_KEY.test(k)) ? forwardingAddresses(args) : [];
  if (forwardTo.length > 0) {
    return { label, effect: 'settings', resource: 'email', verb: 'write', highImpact: true, lifted: `${cls.how}: automatic mail forwarding`, sink: null, payload: [], targets: forwardTo };
  }
  // Posting a notification on the device (notifications_post {channel, title, text}) shows it to
  // the phone's own user: a local write, its channel an Android notification channel, nobody's address.
  if (cls.resource === 'notifications' && cls.effect === 'send' && parts.recipients.every((r) => NOTIFICATION_CHANNEL.test(r.field))) {
    return { label, effect: 'write', resource: 'notifications', verb: 'write', lifted: `${cls.how}: notification on the device`, sink: simpleSink('local', false, 'notifications'), payload: [...parts.content, ...parts.paths], targets: [] };
  }
  // Linking a device to an account, ending its sessions, passkeys, second factors and recovery
  // addresses change who can sign in (whatsapp_link_device, telegram_terminate_session, passkeys_delete).
  if (cls.effect !== 'http' && ACCOUNT_ACTION_NAME.test(tool.name) && !(READ_NAME.test(tool.name) && !ACCOUNT_ACTION_VERB.test(tool.name))) {
    return { label, effect: 'account', resource: 'accounts', altResources: cls.resource !== 'accounts' && cls.resource !== 'device' ? [cls.resource] : undefined, verb: verbOf('account'), lifted: `${cls.how}: account security change`, sink: null, payload: [], targets: [...parts.recipients, ...parts.content] };
  }
  // A forwarding code dialled or handed to any tool (phone_call {number: "**21*+44…#"},
  // telephony_send_ussd {code: "*62*+49…#"}) diverts the phone's calls: the security-relevant call
  // forwarding setting, whose target is the number calls go to.
  const dialled = cls.effect === 'http' ? [] : jsonLeaves(args).filter((l) => isCallForwardingCode(l.value));
  if (dialled.length > 0) {
    return { label, effect: 'settings', resource: 'settings', verb: 'write', highImpact: true, lifted: `${cls.how}: call forwarding code`, sink: null, payload: [], targets: dialled.map((l) => ({ field: l.path, value: forwardedTo(l.value) })) };
  }
  switch (cls.effect) {
    case 'http': {
      // (the address may sit under another name or deeper: href, target.url, baseUrl + path)
      const url = cls.url ?? String(args.url ?? args.uri ?? args.endpoint ?? firstWebAddress(args) ?? '');
      // Without a body argument, everything but the addressing is what the request carries (form fields, files, content).
      const body = args.body ?? args.data ?? args.json ?? nonAddressing(args);
      // A tool named for reading (salesforce.query, odata.get, web.open_and_read) reads unless it says otherwise.
      const method = String(args.method ?? cls.method ?? (READ_NAME.test(tool.name) ? 'GET' : body !== undefined ? 'POST' : 'GET'));
      const headers = (typeof args.headers === 'object' && args.headers !== null ? args.headers : {}) as Record<string, string>;
      const lifted = liftHttp({ method, url, body, headers }, catalog, org, 'tool.arguments.url');
      // A scope on what the tool's name says it is (browser, files …) covers it too; but `http`
      // never covers an org's private host (protocol.md §4), whatever the tool is called.
      const named = cls.named && cls.named !== lifted.resource && !(cls.named === 'http' && org.privateLabels.has(lifted.resource)) ? [cls.named] : [];
      const altResources = [...(lifted.altResources ?? []), ...named];
      // liftHttp's result is this call's own object: relabel it in place.
      lifted.altResources = altResources.length > 0 ? altResources : undefined;
      lifted.label = `${tool.name} ${lifted.label}`;
      lifted.lifted = `${cls.how}; ${lifted.lifted}`;
      return lifted;
    }
    case 'send': {
      // (A share or invite to e-mail addresses only, drive_share_file {email}, is mail to them.)
      const byMail = parts.recipients.length > 0 && parts.recipients.every((r) => isEmailAddress(r.value));
      if (cls.service && !byMail) {
        // What goes to a storage or SaaS service leaves the device; a service whose API host the org allows is allowed.
        const host = org.allowedHostOf(cls.service);
        const sink = host ? httpSink(host, org) : simpleSink('http', true, cls.service);
        return { label, effect: 'send', resource: cls.resource, verb: 'send', lifted: cls.how, sink, payload: [...parts.content, ...parts.paths, ...parts.urls, ...parts.amounts, ...parts.recipients], targets: [...parts.urls] };
      }
      const sinkKind = MESSAGE_SINK_OF[cls.resource] ?? (byMail ? 'email' : 'chat');
      // A raw RFC 822 message (Gmail's `raw`) names its recipients in its own headers.
      const recipients = parts.recipients.length > 0 ? parts.recipients.map((r) => r.value) : sinkKind === 'email' ? mimeRecipients(parts.content) : [];
      return { label, effect: 'send', resource: MESSAGE_SINK_OF[cls.resource] ? cls.resource : 'chat', verb: 'send', lifted: `${cls.how}: ${sinkKind} send`, sink: messageSink(sinkKind, recipients, org), payload: [...parts.content, ...parts.paths, ...parts.urls, ...parts.amounts], targets: parts.recipients };
    }
    case 'payment':
      return { label, effect: 'payment', resource: 'payments', verb: verbOf('payment'), lifted: `${cls.how}: payment`, sink: simpleSink('payment', true, [...parts.payees, ...parts.recipients].map((p) => p.value).join(',') || 'payee'), payload: parts.content, targets: [...parts.payees, ...parts.recipients, ...parts.amounts] };
    case 'install':
    case 'uninstall':
      return { label, effect: cls.effect, resource: 'apps', verb: verbOf(cls.effect), lifted: `${cls.how}: ${cls.effect}`, sink: null, payload: parts.content, targets: [...parts.packages, ...parts.urls, ...parts.paths] };
    case 'delete':
      return { label, effect: 'delete', resource: cls.resource, verb: 'delete', lifted: `${cls.how}: delete`, sink: null, payload: parts.content, targets: [...parts.paths, ...parts.content] };
    case 'shell': {
      const payload = [...commandLines(parts.commands, tool.name), ...parts.content, ...parts.paths];
      // curl/wget/nc to a host delivers what the command carries to that host.
      const network = shellNetworkSink(payload.map((p) => p.value).join(' '), org);
      return { label, effect: 'shell', resource: 'device', verb: 'exec', lifted: `${cls.how}: shell command${network ? ` sending to ${network.label}` : ''}`, sink: network ?? simpleSink('shell', false, 'device'), payload, targets: [] };
    }
    case 'settings': {
      // The tool's own name says what it changes too ("set_developer_options").
      const text = [tool.name, ...Object.entries(args).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)].join(' ');
      const sensitive = catalog.sensitiveSetting(text);
      const values = Object.entries(args).map(([k, v]) => ({ field: k, value: typeof v === 'string' ? v : JSON.stringify(v) }));
      return { label, effect: 'settings', resource: 'settings', verb: 'write', highImpact: sensitive, lifted: `${cls.how}: ${sensitive ? 'security-relevant ' : ''}settings change`, sink: null, payload: [], targets: values };
    }
    case 'permission':
      return { label, effect: 'permission', resource: 'permissions', verb: 'grant', lifted: `${cls.how}: permission grant`, sink: null, payload: [], targets: [...parts.packages, ...parts.content] };
    case 'reset':
      // (a settings.* scope covers a factory reset, as it does in the Settings app)
      return { label, effect: 'reset', resource: 'device', altResources: ['settings'], verb: 'reset', lifted: `${cls.how}: reset`, sink: null, payload: [], targets: [] };
    case 'call': {
      // (a forwarding code dialled, **21*+44…#, is lifted above as the settings change it is)
      return { label, effect: 'call', resource: 'contacts', verb: 'read', lifted: `${cls.how}: phone call`, sink: simpleSink('call', false, parts.recipients.map((r) => r.value).join(',')), payload: [], targets: parts.recipients };
    }
    case 'write': {
      // A message draft (gmail_create_draft, email_save_draft) is drafting: nothing is delivered yet.
      if (DRAFT_TOOL.test(tool.name) && (MESSAGE_SINK_OF[cls.resource] !== undefined || parts.recipients.length > 0)) {
        return { label, effect: 'draft', resource: cls.resource, verb: 'write', lifted: `${cls.how}: saves a draft`, sink: null, payload: [...parts.content, ...parts.paths], targets: parts.recipients };
      }
      // Changing an account (password, e-mail, recovery, sign-in) is an account change.
      if (cls.resource === 'accounts') {
        return { label, effect: 'account', resource: 'accounts', verb: verbOf('account'), lifted: `${cls.how}: account change`, sink: null, payload: [], targets: [...parts.recipients, ...parts.content] };
      }
      // An invitation to attendees is a send to them (calendar invites are e-mails).
      // (An address-book entry's phone and e-mail, or a note's, are what is saved, not recipients.)
      if (parts.recipients.length > 0 && !LOCAL_RECORD_RESOURCES.has(cls.resource)) {
        return { label, effect: 'send', resource: cls.resource, verb: 'write', lifted: `${cls.how}: write that notifies ${parts.recipients.length} recipient(s)`, sink: messageSink(MESSAGE_SINK_OF[cls.resource] ?? 'email', parts.recipients.map((r) => r.value), org), payload: [...parts.content, ...parts.paths], targets: parts.recipients };
      }
      // A message created in a messaging service (im.v1.messages.create) is sent.
      if ((cls.resource === 'chat' || cls.resource === 'sms') && parts.content.length > 0) {
        return { label, effect: 'send', resource: cls.resource, verb: 'send', lifted: `${cls.how}: message created`, sink: messageSink(MESSAGE_SINK_OF[cls.resource] ?? 'chat', parts.recipients.map((r) => r.value), org), payload: [...parts.content, ...parts.paths, ...parts.urls], targets: parts.recipients };
      }
      // A post created on a social network is published (mastodon.statuses.create).
      if (cls.resource === 'social' && parts.content.length > 0) {
        return { label, effect: 'send', resource: 'social', verb: 'send', lifted: `${cls.how}: social post`, sink: messageSink('social', [], org), payload: [...parts.content, ...parts.paths, ...parts.urls], targets: [] };
      }
      // A local write (notes, files, calendar) is drafting, not a leak; content stays on the device.
      // (A copy to the clipboard is not typing into a field: where it is pasted next is gated.)
      const place = CLIPBOARD.test(tool.name) ? 'clipboard' : cls.resource;
      return { label, effect: 'write', resource: cls.resource, verb: 'write', lifted: `${cls.how}: local write`, sink: simpleSink('local', false, place), payload: [...parts.content, ...parts.paths], targets: parts.recipients };
    }
    case 'read':
    default:
      // A query that drops or deletes rows deletes user data (DROP TABLE, TRUNCATE, DELETE FROM).
      if (parts.content.some((p) => QUERY_ARGUMENT.test(p.field) && DESTRUCTIVE_SQL.test(p.value))) {
        return { label, effect: 'delete', resource: cls.resource, verb: 'delete', lifted: `${cls.how}: query that deletes data`, sink: null, payload: parts.content, targets: [] };
      }
      // What a read hands the tool (a query, a text to translate) is content too: T3 scores it for secrets.
      return { label, effect: 'read', resource: cls.resource, verb: 'read', lifted: `${cls.how}: read`, sink: null, payload: parts.content, targets: [] };
  }
}

const PROGRAM_NAME = /^[a-z][a-z0-9-]{1,15}$/i;
const ARGV_ITEM = /^(.*)\[(\d+)\]$/;

/**
 * A command given as an argument vector (`args: ["shell", "dd", "if=…", "of=…"]`) is one command
 * line: its items are joined with spaces, so `dd if=… of=/dev/…` is scored as the shell would run it.
 */
function commandLines(commands: PayloadPart[], tool: string): PayloadPart[] {
  if (!commands.some((c) => ARGV_ITEM.test(c.field))) return commands;
  // A tool named after its program (kubectl, git, adb) runs that program with the vector.
  const program = PROGRAM_NAME.test(tool) ? tool : '';
  const out: PayloadPart[] = [];
  const lines = new Map<string, PayloadPart>();
  for (const part of commands) {
    const item = ARGV_ITEM.exec(part.field);
    if (!item) {
      out.push(part);
      continue;
    }
    const line = lines.get(item[1]);
    if (line) line.value += ` ${part.value}`;
    else {
      const joined = { field: item[1], value: program && part.value !== program ? `${program} ${part.value}` : part.value };
      lines.set(item[1], joined);
      out.push(joined);
    }
  }
  return out;
}
