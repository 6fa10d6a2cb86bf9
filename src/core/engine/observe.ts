// Recording what an executed action returned as provenance for the session.
import type { Catalog } from '../catalog/catalog';
import type { LabelClass } from '../catalog/schema';
import type { OrgFacts } from '../config/policy-config';
import type { AgentEvent } from '../event/agent-event';
import { secretsIn } from '../gate/content-score';
import { CAPS_AND_DIGITS, namesOneTimeCode, otpCodesIn } from '../gate/one-time-codes';
import type { Observe } from '../protocol/schema';
import { ANY_LINK, atomsOfJson, atomsOfText, contentLeaves, SENDER_KEY, type AtomCandidate } from '../provenance/atoms';
import { jsonLeaves, shingles, squash } from '../provenance/canonical';
import { recoveryPhraseIn } from '../secrets/recovery-phrase';
import { API_KEY_WORD, PASSWORD_WORD, TEMPLATE_VALUE } from '../secrets/token-formats';
import type { ProvenanceSource } from '../provenance/store';
import type { SessionState } from '../session/session-state';
import { enterApp } from '../normalize/normalize';
import { idWords } from '../catalog/words';
import { fieldRole } from '../normalize/screen-context';
import { MESSAGE_SINK_OF, serviceOf } from '../normalize/sinks';
import { conversationOf, emailThread, threadKey } from '../normalize/gui';
import { ACCOUNT_WORDS, DIRECT_MESSAGES } from '../normalize/screen-words';

export interface SourceLabel {
  label: string;
  classes: readonly LabelClass[];
  /** Only the identifiers read are private (numbers, addresses); names and prose are untrusted only. */
  dataOnly?: boolean;
}

/** What the org says of hosts: its private labels, and which label a host carries. */
export type HostLabels = Pick<OrgFacts, 'privateLabels' | 'privateHostLabel'>;

/** A social app's direct messages are messages, not a public feed; account screens in Settings show account data. */
function refinedKind(kind: string, path: readonly string[]): string {
  // (and so is an app's own inbox the catalog cannot place: a host app's guest messages, a marketplace's chats)
  if ((kind === 'social' || kind === 'other') && path.some((label) => DIRECT_MESSAGES.test(label))) return 'chat';
  if (kind === 'settings' && path.some((label) => ACCOUNT_WORDS.test(label))) return 'accounts';
  return kind;
}

/** A numbered option of a USSD menu: "1. Send Money", "2) Cash Out". */
const USSD_OPTION = /^\d{1,2}\s?[.)]\s*\p{L}[^\d]{0,40}$/u;
/** An account balance with its sum, in the words banks use. */
const BALANCE_LINE = /(?<![\p{L}])(balance|available balance|solde|saldo|guthaben|kontostand|余额|餘額|残高|잔액|баланс|bakiye|số dư)(?![\p{L}])[^\n]{0,20}?(\p{Sc}\s?\d|\d[\d\s.,']*\s?(\p{Sc}|EUR|USD|CAD|GBP|CHF|円|원|元))/iu;
/** A line that is a phone number and nothing else: +1 206-555-0131, (0151) 2345 678. */
const PHONE_LINE = /^\+?(?=(?:[\s().-]*\d){7,15}[\s().-]*$)[\d\s().-]+$/;
const BACKUP_CODES = /\b(backup|recovery|verification|one[- ]time|2fa|two[- ]factor)\s+(verification\s+)?codes\b|备用码|备份码|恢复码|バックアップ ?コード|백업 ?코드|c[oó]digos de (respaldo|recuperaci[oó]n|backup)|codes de secours|backup-codes|kody zapasowe|kody odzyskiwania|sicherungscodes|backup-codes|codici di backup|codici di riserva|códigos de backup|резервные коды|yedek kodlar|kode cadangan|mã dự phòng|back-upcodes|reservekoder|varakoodit|εφεδρικοί κωδικοί|κωδικοί ανάκτησης|κωδικοί αντιγράφων ασφαλείας|záložní kódy|tartalék kódok|coduri de rezervă|резервні коди|קודי גיבוי|رموز احتياطية|رموز الاسترداد|backupcodes/i;
const BACKUP_CODE = /\b\d{4}[ -]?\d{4}\b|\b[a-z0-9]{4,5}-[a-z0-9]{4,5}\b|\b\d{8,10}\b/gi;
/** The number of an item in a list: "1. ", "2) ". */
const LIST_NUMBER = /^\d{1,2}[.)]\s+/;
/** A text that is one backup code and nothing else. */
const ONE_BACKUP_CODE = new RegExp(`^(?:${BACKUP_CODE.source})$`, 'i');
/** Runs of 12–24 short lower-case words: candidates for a recovery phrase inside a longer text. */
const WORD_RUN = /(?:\b[a-z]{3,8}\b[ \t]+){11,23}\b[a-z]{3,8}\b/g;
/** The label of a wallet's recovery phrase, as a heading or before the phrase in one text. */
const PHRASE_LABEL = /\bSRP\b|\b(?:secret|recovery|seed|backup|mnemonic|wallet)\s+(?:phrase|words?)\b|助记词|恢复短语|シードフレーズ|복구\s?구문|frase (?:de recuperação|de recuperación|semilla|secreta)|phrase (?:secrète|de récupération)|wiederherstellungsphrase/i;

/** 12–24 short lower-case words (optionally numbered): what BIP-39 recovery phrases look like. */
function isMnemonic(text: string): boolean {
  const words = text.trim().split(/\s+/).filter((w) => !/^\d{1,2}[.)]?$/.test(w));
  // (the Spanish, French, Italian and Portuguese lists have accented words: lámina, ópera)
  return [12, 15, 18, 21, 24].includes(words.length) && words.every((w) => /^\p{Ll}{3,8}$/u.test(w.normalize('NFC').replace(/,$/, '')));
}

const RECEIPT_EFFECTS = new Set(['send', 'write', 'payment', 'delete', 'install', 'uninstall', 'permission', 'settings', 'account', 'reset', 'call']);

/** Private-host labels that name what outsiders send in: a help desk, tickets, a shared inbox, feedback. */
const INCOMING_LABEL = /support|help.?desk|ticket|inbox|feedback|complaint|enquir|inquir/i;
/** Help-desk services an org runs its tickets on. */
const HELP_DESK_HOST = /\.(zendesk\.com|freshdesk\.com|helpscoutapp\.com|gorgias\.com|kustomerapp\.com|intercom\.io|zohodesk\.com)$/i;

/** A national id number named by its name: social security, マイナンバー, Aadhaar, 주민등록번호, 身份证号, CPF, DNI, PESEL, BSN … */
const NATIONAL_ID = /(?:social security(?: number| no\.?)?|\bSSN\b|個人番号|マイナンバー|\baadhaar\b|आधार|주민등록번호|身份证(?:号码?)?|\bCPF\b|\bDNI\b|\bNIE\b|\bPESEL\b|\bBSN\b|\bNRIC\b|national (?:id|insurance)(?: number| no\.?)?|tax (?:id|identification number)|steuer-?id|codice fiscale|\bCURP\b|tc kimlik(?: no)?)\s*[:：#]?\s*\d[\d .-]{6,22}\d/iu;

/** What a read by this event is labelled as: its app's kind, its private host, or its tool's resource. */
export function sourceOf(event: AgentEvent, observed: Observe, catalog: Catalog, org: HostLabels): SourceLabel {
  const privateLabels = org.privateLabels;
  if (event.effect === 'shell') return shellSource(event);
  if (event.channel === 'gui') {
    const kind = catalog.appKind(observed.foreground ?? event.app);
    // A browser showing a page of a private host (an EHR, the payroll portal) shows that host's data.
    const site = kind === 'browser' && event.screen?.site ? org.privateHostLabel(event.screen.site) : null;
    if (site) return { label: site, classes: ['private'] };
    // The notification shade shows what messaging apps received: a message there is a message.
    const notified = kind === 'notifications' ? notifiedKind(observed, catalog) : null;
    if (notified) return notified;
    const info = catalog.kindInfo(refinedKind(kind, event.screen?.path ?? []));
    // An app the catalog cannot place that shows a national id number under its name (a government
    // portal's "個人番号 3051 8824 6679", "SSN 123-45-6789") shows personal data.
    if (!info.classes.includes('private') && !info.classes.includes('untrusted')) {
      const texts = observed.texts ?? [];
      if (texts.some((t) => t.length <= 120 && NATIONAL_ID.test(t))) return { label: 'personal', classes: ['private'] };
      // ...and one that shows an account balance ("Solde 4 312,88 $", "Saldo R$ 1.204,00") shows a bank's data.
      if (texts.some((t) => t.length <= 60 && BALANCE_LINE.test(t))) return { label: 'payments', classes: ['private'] };
      // ...and so does one that lists people's phone numbers on lines of their own (a class's parents, a team roster).
      if (texts.filter((t) => PHONE_LINE.test(t.trim())).length >= 2) return { label: 'personal', classes: ['private'] };
    }
    return { label: info.label, classes: info.classes };
  }
  // A help desk's tickets are what customers wrote in: private, and untrusted like any incoming
  // message (a ticket asking to send the refund elsewhere is not the org's instruction).
  if (privateLabels.has(event.resource)) return { label: event.resource, classes: INCOMING_LABEL.test(event.resource) || HELP_DESK_HOST.test(event.target?.host ?? event.sink?.host ?? '') ? ['private', 'untrusted'] : ['private'] };
  // What a tool returns for a send, a write or a payment is its receipt (ids, status), not a read
  // of the service's data.
  if (event.resource !== 'http' && RECEIPT_EFFECTS.has(event.effect)) return { label: 'receipt', classes: [] };
  if (event.resource === 'http') {
    if (event.sink && !event.sink.external) return { label: 'internal', classes: [] };
    // One host for many products (www.googleapis.com): a read returns what its path names.
    const named = event.channel === 'api' && event.sink?.host && catalog.hosts.get(event.sink.host)?.readsByPath && event.target?.url ? resourceOfPath(event.target.url, catalog) : null;
    if (named) {
      const info = catalog.kindInfo(catalog.kindOfResource(named));
      return { label: info.label, classes: info.classes };
    }
    return { label: 'web', classes: ['untrusted'] };
  }
  // A service API read (Graph, Google APIs) returns what its path names: /me/contacts, /calendarView.
  const resource = (event.channel === 'api' && event.target?.url ? resourceOfPath(event.target.url, catalog) : null) ?? event.resource;
  const kindOfResource = catalog.kindOfResource(resource);
  // (a notification listener's items name the app each came from: an SMS, a chat message, a bank alert)
  const notified = kindOfResource === 'notifications' ? notifiedKind(observed, catalog) : null;
  if (notified) return notified;
  const info = catalog.kindInfo(kindOfResource);
  // A tool the catalog cannot place (leer_contactos, get_item) that returns phone numbers,
  // addresses or coordinates returned personal data.
  if (!info.classes.includes('private') && !info.classes.includes('untrusted') && holdsPersonalData(observed.result ?? observed.body)) return { label: 'personal', classes: ['private'] };
  // ...and one that returns prose (a forecast's note, a search tool's snippets) returned text
  // written elsewhere: untrusted, like a web page, so what it dictates is caught.
  if (event.channel === 'tool' && info.classes.length === 0 && holdsProse(observed.result ?? observed.body)) return { label: 'tool', classes: ['untrusted'] };
  return { label: info.label, classes: info.classes };
}

/** Keys under which a notification names the app that posted it. */
const NOTIFYING_APP_KEY = /^(package|package_?name|packagename|app|app_?name|appname|source|pkg)$/i;

/** An identifier among what was read: a number of three digits or two digit groups, an e-mail address, an East Asian address. */
const IDENTIFIER = /\d{3}|\d\D{0,3}\d|@|[都道府県市区町村]/u;

/**
 * Notifications of a messaging or payment app are that app's messages and alerts: the numbers,
 * codes and addresses in them are private like the messages', and all of it is still untrusted
 * like any incoming text. By the package a listener reports, or by the
 * app's name in the shade's header ("Messages", "LINE").
 */
function notifiedKind(observed: Observe, catalog: Catalog): SourceLabel | null {
  const kinds: string[] = [];
  for (const value of [observed.result, observed.body]) if (value !== undefined) for (const leaf of jsonLeaves(value)) if (NOTIFYING_APP_KEY.test(leaf.key)) kinds.push(catalog.appKindByName(leaf.value) ?? catalog.appKind(leaf.value));
  // (a header may name the conversation after the app: "Nachrichten · Mama")
  for (const text of observed.texts ?? []) if (text.length <= 40) kinds.push(catalog.appKindByName(text.split(/\s[·•|-]\s/)[0]) ?? 'other');
  const kind = kinds.find((k) => k !== 'notifications' && catalog.kindInfo(k).classes.includes('private'));
  return kind ? { label: catalog.kindInfo(kind).label, classes: ['private', 'untrusted'], dataOnly: true } : null;
}

function holdsProse(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  for (const leaf of jsonLeaves(value)) if (leaf.value.length >= 24 && leaf.value.trim().split(/\s+/).length >= 5) return true;
  return false;
}

/** The first word of a URL path that names a resource with a kind of its own (contacts, calendar, photos …). */
function resourceOfPath(url: string, catalog: Catalog): string | null {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
  for (const word of idWords(path.replace(/\//g, '_'))) {
    const resource = catalog.toolWords.resources.get(word);
    if (resource && !GENERIC_RESOURCES.has(resource)) return resource;
  }
  return null;
}

const GENERIC_RESOURCES = new Set(['http', 'browser', 'device', 'apps', 'settings', 'permissions', 'notifications']);

/** JSON keys that hold data about a person, in the languages tools are written in. */
const PERSONAL_KEY = /^(phone|phones|tel|telephone|telefono|telefone|téléphone|telefon|mobile|mobil|movil|móvil|celular|cell|msisdn|email|e_?mail|emails|correo|courriel|address|addresses|adresse|direccion|dirección|endereco|endereço|indirizzo|street|calle|rua|dob|birthday|birthdate|date_of_birth|fecha_nacimiento|geburtsdatum|ssn|passport|pasaporte|reisepass|iban|lat|lng|lon|latitude|longitude|coordinates)$/;

function holdsPersonalData(value: unknown): boolean {
  if (value === undefined || value === null || typeof value !== 'object') return false;
  for (const leaf of jsonLeaves(value)) if (PERSONAL_KEY.test(leaf.key) && leaf.value.length >= 4) return true;
  return false;
}

/** Applies field values seen on a screen to the device's screen context. */
export function applyScreenFields(session: SessionState, event: Pick<AgentEvent, 'device' | 'agent' | 'app' | 'channel'>, observed: Observe, catalog: Catalog): void {
  const shown = event.channel === 'gui' && observed.texts !== undefined;
  if (!observed.fields && !observed.foreground && !shown) return;
  const screen = session.screen(event.device ?? `agent:${event.agent}`);
  const app = observed.foreground ?? event.app;
  if (app) enterApp(screen, app, catalog);
  if (shown) screen.showTexts(observed.texts!);
  const kind = catalog.appKind(screen.app ?? event.app);
  for (const [key, value] of Object.entries(observed.fields ?? {})) screen.setField(key, fieldRole({ resourceId: key }, kind), value);
}

/** JSON keys whose value is a credential whatever returned it. */
const SECRET_KEY = /^(password|passwd|pwd|passcode|passphrase|psk|wpa_?key|network_?key|pre_?shared_?key|wifi_?password|secret|client_?secret|secret_?key|api_?key|apikey|access_?token|refresh_?token|auth_?token|bearer|private_?key|totp_?secret|otp|pin|cvv|cvc|seed|seed_?phrase|mnemonic|recovery_?(code|phrase|key)s?|api_?v\d+_?key|\w+_secret|\w+_secret_?key|access_?key_?secret|signing_?(key|secret)|app_?secret|master_?key|encryption_?key|cookie|set_?cookie|session_?(id|token|cookie)|sessionid|jsessionid)$/;
/** The label a console or settings screen shows above a key, and a key as shown (long, letters and digits, no spaces). */
// (a few words may lead in: "Your API key", "Ihr API-Schlüssel", "Live secret key")
const KEY_HEADING = new RegExp(String.raw`^(?:[\p{L}'’]+\s){0,3}(?:(?:access ?key|api|app|client|secret|private|signing|master|account|storage|primary|secondary)[ _-]?(?:secret|key)(?: ?secret)?|key ?[12]|connection string|secret|token|api token|access token|${API_KEY_WORD}|密钥|秘钥|私钥|访问密钥|アクセスキー シークレット|シークレット(?:キー)?|시크릿 ?키|비밀 ?키)\s*[:：]?$`, 'iu');
const SHOWN_KEY = /^(?=[A-Za-z0-9+/=_-]*\d)(?=[A-Za-z0-9+/=_-]*[A-Za-z])[A-Za-z0-9+/=_-]{16,}$/;

/** A code as an atom: its digits kept for digit matching when it is six or more of them. */
function codeAtom(code: string, minMatch?: number): AtomCandidate {
  return { key: code, digits: code.length >= 6 && /^\d+$/.test(code) ? code : null, raw: code, ...(minMatch ? { minMatch } : {}) };
}

/** Four digits, maybe dashed or spaced ("7731", "3-9-1-7"): what an access code needs. */
const FOUR_DIGITS = /\d(?:[ -]?\d){3}/;
/** A sentence about signing in that ends by leading into the code on the next line. */
const CODE_LEAD = /^(?=.*\bcode\b)(?=.*\b(?:guard|log ?in|sign[- ]?in|verif\w*|security|authenticat\w*|one[- ]time)\b).*[:：]\s*$/i;
/** A text that is only a code: six to eight digits, or two groups of three or four. */
const BARE_CODE = /^\s*(\d{3}[ -]\d{3}|\d{4}[ -]\d{4}|\d{6,8})\s*$/;
/** A numbered or bare word of a recovery phrase shown one per line ("7. humble"). */
const SINGLE_WORD = /^\s*(\d{1,2}[.)]?\s+)?[a-z]{3,8}\s*$/;
/** A code that opens something physical or a device: lockbox, alarm, gate, door, keypad, safe, PIN. */
const ACCESS_CODE = /(?<![\p{L}])(lock ?box|key ?box|key safe|alarm(?: code)?|gate(?: code)?|door(?: code)?|entry code|keypad(?: code)?|access code|garage(?: code)?|safe code|combination|pin(?: code)?|pin-code|digicode|code porte|türcode|tür-code|código de (?:acceso|la puerta|portón)|门禁(?:密码|码)|门锁密码|保险箱密码|暗証番号|도어락 ?비밀번호|현관 ?비밀번호)(?:\s+(?:keypad|lock|pin))?\s*(?:code|number|no\.?|#)?\s*(?:is(?: now)?|ist|es|est|to|now|:|=|-|：)?\s*(\d{4,8})(?!\d)/giu;
/** What a code opens when it opens a place or a device at home rather than an account. */
const PLACE_WORDS = 'lock ?box|key ?box|key safe|alarm|gate|door|entry|keypad|garage|safe|digicode';
/** An access word, a few words naming the place, then "is"/":" and the code (its digits maybe dashed). */
const ACCESS_CODE_FAR = new RegExp(`(?<![\\p{L}])(${PLACE_WORDS})\\b[^\\n.!?]{1,40}?\\s(?:is|ist|es|est|:|=)\\s*(\\d(?:[ -]?\\d){3,7})(?![\\d.,]\\d|\\d)`, 'giu');
/** A text about such a place, in the languages codes arrive in. */
const ACCESS_PLACE = new RegExp(
  `(?<![\\p{L}])(${PLACE_WORDS}|code porte|porte|türcode|tür|portón|puerta|portão|porta|cancello|cổng|pintu|gerbang|kapı|brama|bramy|bramie|domofon|furtka|poarta|poartă|interfon|ворота|хвіртка|домофон|calitka|hek|poort|portail|البوابة|الباب|गेट|दरवाज़ा|दरवाजा)(?![\\p{L}])` +
    // (scripts written without spaces between words: no word boundaries there)
    '|门禁|门锁|大门|单元门|保险箱|玄関|オートロック|도어락|현관|ประตู|ตู้เซฟ',
  'iu',
);
/** A screen about a private key, and a key as wallets show one (32 bytes in hex). */
const PRIVATE_KEY_WORDS = /private key|私钥|私鑰|秘密鍵|개인 키|clave privada|chave privada|clé privée|privater schlüssel|chiave privata|приватный ключ|özel anahtar/i;
const HEX_PRIVATE_KEY = /^(?:0x)?[0-9a-fA-F]{64}$/;
/** A screen label that heads a password value ("Password", "Wi-Fi password", "密码"). */
const PASSWORD_HEADING = new RegExp(String.raw`^((wi-?fi|network|account|saved|app)\s+)?(${PASSWORD_WORD}|wlan-passwort)\s*:?$`, 'iu');
/** A value that can be a shown password: one token of 6+ characters with letters and digits or symbols, not a mask (••••). */
const SHOWN_PASSWORD = /^(?!.*[•●*]{3})(?=.*\p{L})(?=.*[\d!@#$%^&*?+=~])[^\s]{6,64}$/u;
/** ...or a long run of digits, as routers ship their Wi-Fi keys (a FRITZ!Box's 20 digits). */
const DIGIT_PASSWORD = /^\d{8,64}$/;
const SECRET_LABEL = /password|passcode|passwort|contraseña|mot de passe|pin|secret|token|api.?key|otp|code|密码|口令|パスワード|비밀번호/i;
const PUBLIC_LABEL = /user ?name|login|e-?mail|account|site|url|website|name|title|notes?|benutzer|nutzer|teilnehmer|kundennummer|usuario|utilisateur|identifiant|用户名|账号|ユーザー名|아이디/i;

/**
 * Keys (squashed) of observed values that are secrets — those labelled as passwords or codes, and
 * password-looking strings — and of those shown right under a heading that names them public
 * (Username, Login, E-mail).
 */
function secretValues(observed: Observe): { secret: Set<string>; shownPublic: Set<string> } {
  const keys = new Set<string>();
  const shownPublic = new Set<string>();
  const texts = observed.texts ?? [];
  texts.forEach((text, i) => {
    const previous = i > 0 ? texts[i - 1] : '';
    const labelled = SECRET_LABEL.test(previous) && previous.length <= 24;
    // (a heading, not a value that happens to hold one of its words: "bence.kovacs@freemail.hu" is an account, not the "E-mail" heading)
    const plainLabel = PUBLIC_LABEL.test(previous) && previous.length <= 24 && !previous.includes('@');
    if (plainLabel && !labelled) shownPublic.add(squash(text));
    if (labelled || (!plainLabel && (looksLikePassword(text) || /^\d{3}\s?\d{3}$|^\d{4,8}$/.test(text.trim())))) keys.add(squash(text));
  });
  for (const value of [observed.body, observed.result]) {
    for (const leaf of jsonLeaves(value)) {
      const key = leaf.key;
      if (SECRET_LABEL.test(key) && !PUBLIC_LABEL.test(key)) keys.add(squash(leaf.value));
      else if (!PUBLIC_LABEL.test(key) && looksLikePassword(leaf.value)) keys.add(squash(leaf.value));
    }
  }
  return { secret: keys, shownPublic };
}

/** Mixed classes of characters, no spaces, not an address: what passwords look like. */
function looksLikePassword(text: string): boolean {
  const t = text.trim();
  if (t.length < 8 || /\s/.test(t) || t.includes('@') || /^https?:/i.test(t)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9._-]/].filter((re) => re.test(t)).length;
  return classes >= 3;
}

const SITE_HEADING = /^(website|websites|url|uri|uris|site|web site|login url|网址|网站|網站|ウェブサイト|웹사이트|sitio web|site web|webseite|sito web|сайт|موقع|موقع الويب)$/i;
const SITE = /^(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:[/:?#]\S*)?$/i;

/** The host a password-manager item is for: the address under its Website heading. */
function vaultSite(texts: readonly string[]): string | null {
  for (let i = 1; i < texts.length; i++) {
    if (!SITE_HEADING.test(texts[i - 1].trim())) continue;
    const m = SITE.exec(texts[i].trim());
    if (m) return m[1].toLowerCase();
  }
  return null;
}

/** Atom keys of text an agent typed itself. */
export function authoredKeys(values: string[]): Set<string> {
  const keys = new Set<string>();
  for (const value of values) {
    keys.add(squash(value));
    for (const [key, atom] of atomsOfText(value, true)) {
      keys.add(key);
      if (atom.digits) keys.add(`#${atom.digits}`);
    }
  }
  return keys;
}

/** Is this observed atom the agent's own typing shown back (possibly inside a short label)? */
function isAuthored(atom: AtomCandidate, authored: ReadonlySet<string>): boolean {
  if (authored.has(atom.key) || (atom.digits !== null && authored.has(`#${atom.digits}`))) return true;
  for (const key of authored) {
    if (key.startsWith('#')) continue;
    if (key.length >= 8 && atom.key.includes(key) && atom.key.length - key.length <= 12) return true;
    // ...or a part of what it typed shown back (the name a bank shows for the Pix key it was given)
    if (atom.key.length >= 8 && key.length > atom.key.length && key.includes(atom.key)) return true;
  }
  return false;
}

/** Shell reads are labelled by what they read (content providers, device storage). */
function shellSource(event: AgentEvent): SourceLabel {
  const text = event.payload.map((p) => p.value).join(' ');
  const provider: Array<[RegExp, string]> = [
    [/content:\/\/(sms|mms)|telephony/i, 'sms'],
    [/content:\/\/(call_log|calllog)/i, 'call_log'],
    [/content:\/\/(com\.android\.)?contacts|contactscontract/i, 'contacts'],
    [/content:\/\/(com\.android\.)?calendar/i, 'calendar'],
    [/dumpsys\s+location|gps/i, 'location'],
    [/\/(sdcard|storage|data)\/.*\.(jpe?g|png|heic|mp4)|dcim|pictures/i, 'photos'],
    [/\/(sdcard|storage|data)\//i, 'files'],
  ];
  for (const [re, label] of provider) if (re.test(text)) return { label, classes: label === 'files' || label === 'sms' ? ['private', 'untrusted'] : ['private'] };
  return { label: 'device', classes: ['private'] };
}

const CONVERSATION_KINDS = new Set(['sms', 'chat']);

const DRAFT_ID_KEY = /^(id|draft_?id|message_?id)$/i;

/** A draft saved through an API or tool: remember what it holds under the id(s) the service returned. */
export function rememberDraft(session: SessionState, event: AgentEvent, observed: Observe): void {
  if (event.effect !== 'draft' || event.channel === 'gui') return;
  const draft = { kind: MESSAGE_SINK_OF[event.resource] ?? 'email', recipients: event.targets.map((t) => t.value), payload: [...event.payload] };
  for (const value of [observed.result, observed.body]) {
    if (value === undefined) continue;
    for (const leaf of jsonLeaves(value)) if (DRAFT_ID_KEY.test(leaf.key) && leaf.value.length >= 4) session.rememberDraft(leaf.value, draft);
  }
}

/** A message's sender as mail apps show it: a name (maybe after "From:") and the address in angle brackets. */
const SENDER_LINE = /^\s*(?:(?:from|von|de|da|van|от|od|差出人|发件人|寄件者|보낸\s?사람)\s*[:：]\s*)?[^<>\n@]{0,80}<\s*[^<>\s@]+@[^<>\s]+\s*>\s*$/iu;
const ADDRESS = /[^\s<>"',;]+@[^\s<>"',;]+\.[a-z]{2,}/i;

/**
 * The conversation a read showed (what was read there, sent back there, is a reply): a messaging
 * app's thread on screen, or the one sender of the e-mail(s) a tool or API read returned.
 */
function threadOf(event: AgentEvent, observed: Observe, catalog: Catalog, source: string): string | undefined {
  if (event.channel === 'gui') {
    const app = observed.foreground ?? event.app;
    if (!app || !CONVERSATION_KINDS.has(catalog.appKind(app))) return undefined;
    const label = conversationOf(event.screen?.path ?? [], catalog);
    return label === null ? undefined : threadKey(app, label);
  }
  if (source !== 'email') return undefined;
  const senders = new Set<string>();
  for (const value of [observed.body, observed.result]) {
    if (value === undefined) continue;
    for (const leaf of jsonLeaves(value)) {
      const address = SENDER_KEY.test(leaf.key) ? ADDRESS.exec(leaf.value)?.[0] : undefined;
      if (address) senders.add(address.toLowerCase());
    }
  }
  return senders.size === 1 ? emailThread([...senders][0]) : undefined;
}

export function recordObservation(session: SessionState, event: AgentEvent, observed: Observe, source: ProvenanceSource, catalog: Catalog, org: HostLabels): number {
  const label = sourceOf(event, observed, catalog, org);
  // (An org's own tenant of a shared service, cobaltgames.zendesk.com, is that org's: its data
  // goes back only to that very host, never to another tenant of the same service.)
  const host = event.target?.host;
  const service = host && org.privateHostLabel(host) ? undefined : serviceOf(event) ?? undefined;
  const meta = { eventId: event.id, agent: event.agent, source, host, service, thread: undefined as string | undefined };
  meta.thread = threadOf(event, observed, catalog, label.label);
  const atoms = new Map<string, AtomCandidate>();
  const untrusted: string[] = [];
  const texts: string[] = [];
  // (a USSD session's menu on the phone app — "1. Send Money", "2. Cash In (Deposit)" — lists a
  // service's options, not the phone's call log: its items are no one's data)
  const ussdMenu = label.label === 'call_log' && (observed.texts ?? []).filter((t) => USSD_OPTION.test(t.trim())).length >= 2;
  for (const text of observed.texts ?? []) {
    if (!(ussdMenu && USSD_OPTION.test(text.trim()))) atomsOfText(text, false, atoms);
    texts.push(text);
  }
  for (const value of [observed.body, observed.result]) {
    if (value === undefined) continue;
    atomsOfJson(value, atoms);
    const leaves = contentLeaves(value);
    texts.push(...leaves);
    if (label.classes.includes('untrusted')) untrusted.push(...leaves);
  }
  // (a mail's sender line, "IT Service Desk <servicedesk@fabrikam.com>", names who wrote: replying
  // there is not something the message dictated)
  if (label.classes.includes('untrusted')) for (const text of observed.texts ?? []) if (!SENDER_LINE.test(text)) untrusted.push(text);
  // What an agent typed itself and now sees on the screen is not something it learned there.
  if (session.authored.size > 0) for (const [key, atom] of [...atoms]) if (isAuthored(atom, session.authored)) atoms.delete(key);
  // A vault item's password belongs to the website the item names: submitted to that site it
  // goes home, as a secret returned by a host goes back to that host (and nowhere else).
  const site = label.label === 'credentials' ? vaultSite(observed.texts ?? []) : null;
  const vaultMeta = site ? Object.assign({}, meta, { host: site }) : meta;
  let added: number;
  if (label.classes.includes('secret')) {
    // On an authenticator or password-manager screen only the codes and passwords are secrets;
    // usernames, e-mail addresses and site names next to them are private data.
    // (a number shown under a "Username" or "Login" heading is the user name, not a code)
    const values = secretValues(observed);
    // (a code shown in two groups, "482 615", is one code: its key is its digits)
    const secret = [...atoms.values()].filter((a) => values.secret.has(a.key) || (/^\d{6,8}$/.test(a.digits ?? a.key) && !values.shownPublic.has(a.key)));
    const other = [...atoms.values()].filter((a) => !secret.includes(a));
    added = session.provenance.record(secret, label.label, label.classes, vaultMeta);
    // (an authenticator's codes are its secrets; the accounts it names them by, "Shopee Seller Centre", are no one's data)
    added += session.provenance.record(other, label.label, label.label === '2fa' ? [] : label.classes.filter((c) => c !== 'secret'), vaultMeta);
  } else if (label.dataOnly) {
    // (a notification's header and names — "Pod Point", "Book club" — are what the shade shows anyone)
    const data: AtomCandidate[] = [];
    const names: AtomCandidate[] = [];
    for (const atom of atoms.values()) (IDENTIFIER.test(atom.key) ? data : names).push(atom);
    added = session.provenance.record(data, label.label, label.classes, meta);
    added += session.provenance.record(names, label.label, label.classes.filter((c) => c !== 'private'), meta);
  } else {
    added = session.provenance.record(atoms.values(), label.label, label.classes, meta);
  }
  // Free text from a private source (a message, a note, a document): remember its phrases so a
  // quoted or lightly reworded fragment is recognised too.
  // (of a notification, only the texts that hold an identifier: "新しい住所は…2-14-7 ハイツ301だよ")
  if (label.classes.includes('private')) {
    const phrases: string[] = [];
    // (a link's path is an address, not prose: its words are tracked as atoms, with the link's site)
    // (not the agent's own text read back: a note it wrote itself)
    for (const text of texts) if (text.length >= 24 && !session.authored.has(squash(text)) && (!label.dataOnly || IDENTIFIER.test(text))) phrases.push(...shingles(text.includes('/') ? text.replace(ANY_LINK, ' ') : text));
    if (phrases.length > 0) session.provenance.recordPhrases(phrases, label.label, event.id, meta.thread, meta.host);
  }
  if (untrusted.length > 0) session.provenance.recordUntrusted(untrusted, label.label, event.id);
  // Passwords and keys written out in anything read (a note, a file, a page, a vault item's
  // `password` field) are secrets.
  const written = new Map<string, AtomCandidate>();
  const addWritten = (secret: string) => {
    const key = squash(secret);
    if (key.length >= 4) written.set(key, { key, digits: null, raw: secret });
  };
  for (const text of texts) for (const secret of secretsIn(text)) addWritten(secret);
  // A value shown right under its "Password" label, on any screen (a browser's own password
  // manager, a Wi-Fi share sheet), is the password.
  const shown = observed.texts ?? [];
  for (let i = 1; i < shown.length; i++) if (PASSWORD_HEADING.test(shown[i - 1].trim()) && (SHOWN_PASSWORD.test(shown[i].trim()) || DIGIT_PASSWORD.test(shown[i].trim()))) addWritten(shown[i].trim());
  // ...and so is a key shown right under its label on a console or settings screen ("AccessKey Secret" / "nLXUHRbJ…").
  for (let i = 1; i < shown.length; i++) if (KEY_HEADING.test(shown[i - 1].trim()) && SHOWN_KEY.test(shown[i].trim())) addWritten(shown[i].trim());
  // A wallet's private key shown on its "Show private key" screen (64 hex digits) is the key.
  if (shown.some((t) => t.length <= 80 && PRIVATE_KEY_WORDS.test(t))) for (const t of shown) if (HEX_PRIVATE_KEY.test(t.trim())) addWritten(t.trim());
  // Backup codes listed under their heading sign in like a password: each code is a secret.
  for (const text of texts) if (BACKUP_CODES.test(text)) for (const m of text.matchAll(BACKUP_CODE)) addWritten(m[0]);
  // ...and so is each one listed on its own under that heading ("Backup codes" / "4821 9037" / "6610 2748"),
  // numbered or not ("1. 5830 1129").
  if (shown.some((t) => t.length <= 60 && BACKUP_CODES.test(t))) {
    for (const t of shown) {
      const code = t.trim().replace(LIST_NUMBER, '');
      if (ONE_BACKUP_CODE.test(code)) addWritten(code);
    }
  }
  // A wallet's recovery phrase shown under its label ("Your Secret Phrase", "Recovery phrase").
  if (texts.some((t) => t.length <= 80 && PHRASE_LABEL.test(t))) for (const text of texts) if (isMnemonic(text)) addWritten(text);
  // A run of standard recovery-phrase words is one wherever it is shown, numbered word by word too ("1. humble", "2. sketch" …).
  // (each text on its own, and the screen's texts joined only when a dozen of them are single words)
  for (const text of texts) {
    const inText = recoveryPhraseIn(text);
    if (inText) addWritten(inText);
  }
  if (texts.length >= 12 && texts.filter((t) => t.length <= 16 && SINGLE_WORD.test(t)).length >= 12) {
    const joined = recoveryPhraseIn(texts.join('\n'));
    if (joined) addWritten(joined);
    // ...and under a heading that names it ("Your 12-word secret phrase"), the words shown are the
    // phrase even when one is not on the BIP-39 list (another wallet's list, a misspelling).
    else if (texts.some((t) => t.length <= 60 && PHRASE_LABEL.test(t))) {
      const words = texts.filter((t) => t.length <= 16 && SINGLE_WORD.test(t)).map((t) => t.trim().replace(/^\d{1,2}[.)]?\s+/, ''));
      if ([12, 15, 18, 21, 24].includes(words.length)) addWritten(words.join(' '));
    }
  }
  // ...or written after its label in one text ("MetaMask SRP: orbit venture … episode").
  for (const text of texts) {
    if (!PHRASE_LABEL.test(text)) continue;
    for (const m of text.matchAll(WORD_RUN)) if (isMnemonic(m[0])) addWritten(m[0]);
  }
  for (const value of [observed.body, observed.result]) {
    if (value !== undefined) for (const leaf of jsonLeaves(value)) if (SECRET_KEY.test(leaf.key) && leaf.value.length >= 4 && !/^(true|false|null)$/i.test(leaf.value) && !TEMPLATE_VALUE.test(leaf.value)) addWritten(leaf.value);
  }
  if (written.size > 0) added += session.provenance.record(written.values(), 'credentials', ['private', 'secret'], vaultMeta);
  // One-time codes arriving in messages and notifications are secrets wherever they go next,
  // and so is one shown anywhere else (a keyboard's clipboard strip: "Your Lyft code is 882014").
  const otps = new Map<string, AtomCandidate>();
  const addCode = (code: string) => otps.set(code, codeAtom(code));
  // (a code in a text about a door, a gate or an alarm that names no one-time code is an access code: below)
  const access = new Map<string, AtomCandidate>();
  const addAccess = (code: string) => access.set(code, codeAtom(code, 4));
  for (const text of texts) {
    const codes = otpCodesIn(text);
    if (codes.length === 0) continue;
    const opensAPlace = ACCESS_PLACE.test(text) && !namesOneTimeCode(text);
    for (const code of codes) (opensAPlace ? addAccess : addCode)(code);
  }
  // ...and a bare code shown right under its heading ("Passcode" / "482 913" on an authenticator's screen).
  // (or of capitals and digits: "Steam Guard" over "V7K2Q")
  for (let i = 1; i < shown.length; i++) {
    const digits = BARE_CODE.test(shown[i]);
    if (!digits && !CAPS_AND_DIGITS.test(shown[i].trim())) continue;
    // (the code is the whole line, "5820 1743", not the first group a sentence pattern stops at)
    const whole = digits ? shown[i].replace(/\D/g, '') : shown[i].trim().toLowerCase();
    if (shown[i - 1].length <= 40) {
      const codes = otpCodesIn(`${shown[i - 1]} ${shown[i]}`);
      if (codes.length > 0 && digits) addCode(whole);
      else for (const code of codes) addCode(code);
    }
    // (or under a sentence that leads into it: "Here is the Steam Guard code you need to login to account vex_runner:" / "F7K2Q")
    else if (shown[i - 1].length <= 160 && CODE_LEAD.test(shown[i - 1])) addCode(whole);
  }
  if (otps.size > 0) added += session.provenance.record(otps.values(), '2fa', ['private', 'secret'], meta);
  // The codes that open a door, a lockbox or an alarm ("lockbox 2290, alarm 7318") are private
  // data under a label of their own, not secrets in §5's sense (API keys, passwords, OTPs,
  // private keys): drafted or sent internally they are allowed, sent out they leave like any
  // private value. Four digits are short for a private value, so they match from four
  // characters, as secrets do. (A year after the word, "alarm 2024", is not a code.)
  // ("Lockbox at Keizersgracht 418 is 7731": the place may be named between the word and its code)
  for (const text of texts) {
    if (!FOUR_DIGITS.test(text)) continue;
    // (written digit by digit too: "is 3-9-1-7")
    for (const re of [ACCESS_CODE, ACCESS_CODE_FAR]) {
      for (const m of text.matchAll(re)) {
        const code = m[2].replace(/\D/g, '');
        if (!/^(19|20)\d\d$/.test(code) && !otps.has(code)) addAccess(code);
      }
    }
  }
  if (access.size > 0) added += session.provenance.record(access.values(), 'access_code', ['private'], meta);
  return added;
}
