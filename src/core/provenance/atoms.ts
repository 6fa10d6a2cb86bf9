// Extracting the values worth tracking from what a read returned. A screen or a JSON body holds
// identifiers (phones, emails, account numbers, names, addresses) next to UI chrome ("Mobile",
// "Call"); only the former become labelled atoms, so ordinary words never look like a leak.
import { asciiDigits, CJK_CHAR, CJK_RUN, cjkCount, digitRuns, jsonLeaves, squash } from './canonical';

export interface AtomCandidate {
  /** squashed form (see canonical.squash) */
  key: string;
  /** all digits of the value when it holds a long digit run (phones, IBANs, account numbers) */
  digits: string | null;
  /** the original text, for reasons and audit (redacted before storage when secret) */
  raw: string;
  /** the host of the link the value was only seen inside (the path of https://site/…): following that link sends it home */
  linkHost?: string;
  /** shortest key carried verbatim, when the value is shorter than private values usually are (a four-digit door code) */
  minMatch?: number;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const ID_TOKEN = /[\p{L}\p{N}]+(?:[-_/#][\p{L}\p{N}]+)+|[\p{L}]*\p{N}[\p{L}\p{N}]*/gu;
// (not the domain of an e-mail address: the "@" of a handle starts a word)
const HANDLE = /(?<![\p{L}\p{N}._%+-])[$@][\p{L}][\p{L}\p{N}._-]{2,}/gu;
const PROPER_SEQ = /\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:(?:de|da|van|von|der|di|la|le|del|bin|al)[ \t]+)?\p{Lu}[\p{L}'’.-]*)+/gu;
/** A possessive ending a name ("Dr. Patel's"). */
const POSSESSIVE = /['’]s$/u;
/** A title and a surname: a person ("Dr. Sauer", "Frau Okafor", "Mme Dubois"). */
const TITLED_NAME = /(?<![\p{L}])(?:Dr|Dra|Drs|Prof|Mr|Mrs|Ms|Mx|Frau|Herr|Mme|Mlle|Sr|Sra|Srta|Dott|Dott\.ssa|Pr)\.?[ \t]+\p{Lu}[\p{L}'’-]+/gu;
/** Three Hangul syllables (the usual length of a Korean name) and the honorific 님. */
const KOREAN_NAME = /(?<![가-힣])([가-힣]{3})\s?님/gu;
/** ...that are a role, not a name (two-syllable roles before 님 — 고객님, 선생님 — are too short to match). */
const KOREAN_ROLE = new Set(['담당자', '관리자', '이용자', '사용자', '보호자', '간호사', '상담사', '판매자', '구매자', '수령인', '예약자', '신청자', '입주민', '집주인', '세입자', '여러분', '운영자', '작성자', '배송원']);
/** A short label and its colon at the start of a text (not a link's scheme). */
const LABEL_COLON = /^[^:：\n]{1,30}[:：](?!\/\/)\s*/u;
/** A house number and a street ("1739 N Halsted St", "12 rue de la Paix", "Calle Mayor 14"). */
const STREET_ADDRESS = /\b\d+[A-Za-z]?\s+(?:[\p{L}.'’-]+\s+){0,4}(?:st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|dr|drive|way|ct|court|pl|place|pkwy|parkway|hwy|highway|sq|square|terrace|crescent)\b|\b(?:rue|calle|rua|via|avenida|av\.|avenue|strada|ulica|ul\.)\s+[\p{L}'’ .-]{2,40},?\s\d+|[\p{L}]+(?:straße|strasse|str\.|weg|gasse|platz|laan|straat|gatan|vej|veien)\s+\d+/iu;
const POSTCODE = /\b(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4} ?(?!AM\b|PM\b)[A-Z]{2})\b/g;
/** One word, no digits: a town or a region of an address. */
const TOWN_WORD = /^\s*[\p{L}][\p{L}'’.-]*\s*$/u;
/** ...or up to three words after the street: a district, town or state ("Bela Vista", "São Paulo - SP"). */
const TOWN_NAME = /^\s*\p{L}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){0,2}\s*$/u;
const TOWN_SPLIT = /[\n\r;|•·,，、]+|\s[-–]\s/u;
const PIECE_SPLIT = /[\n\r;|•·,，、。；：:]+|(?<=[.!?])\s+/u;

/** Keys of JSON values that hold data about a person or account even when short. */
const DATA_KEY = /name|customer|client|buyer|person|employee|emp|account|acct|contact|phone|mobile|tel|email|mail|address|street|city|zip|postal|ssn|iban|routing|card|dob|birth|salary|comp|base|bonus|amount|balance|total|gross|net|ship|company|org|owner|holder|patient|diagnos|member|id$|number|code|passport|license|姓名|名|电话|手机|地址|邮箱|部门|账号|工资/i;

const MIN_KEY = 6;

const HANGUL = /[\uac00-\ud7af]/;
/**
 * The end of an administrative level of an East Asian address — prefecture, province, city,
 * district, county, town (東京都, 广东省, 徐汇区, 성남시, 분당구) — after which the rest of the
 * address still names the place: people write "漕溪北路398号" of "上海市徐汇区漕溪北路 398 号",
 * "판교역로231" of "경기 성남시 분당구 판교역로 231", "太子堂4-1-1" of "東京都世田谷区太子堂4-1-1".
 * (A Han level ends in its character after another Han character; a Hangul one ends a word.)
 */
const ADDRESS_LEVEL = /(?<=\p{Script=Han})(?:省|市|区|區|县|縣|镇|鎮|乡|鄉|都|道|府|県|郡|町|村|自治区|特别行政区)|(?<=[\uac00-\ud7af])(?:특별자치시|특별자치도|특별시|광역시|시|군|구|도|읍|면)(?=\s)/gu;
const HONORIFIC_WORD = /^[おご][\u3040-\u30ff\u4e00-\u9fff]{1,4}$/;
/** A counter after a number and the particle after it ("19時から", "3名で", "5日まで"): grammar around a quantity. */
const COUNTER_PARTICLE = /^[時日月年名人分円個件点号泊階歳回本枚杯元块岁位次天周]?[\u3040-\u309f]{1,3}$/;
/** Two or more Hangul words in a row, separated by spaces (global: for matchAll). */
const HANGUL_CLAUSE = /[\uac00-\ud7af]+(?:[ \t]+[\uac00-\ud7af]+)+/g;

function capitalizedWords(text: string): number {
  let count = 0;
  for (const word of text.split(/\s+/)) if (/^\p{Lu}/u.test(word) && /\p{Ll}/u.test(word)) count++;
  return count;
}

function digitCount(text: string): number {
  let n = 0;
  for (const c of text) if (c >= '0' && c <= '9') n++;
  return n;
}

function isCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** Greetings and sign-offs that open or close messages, in the languages they arrive in. */
const GREETING = /^(hi|hello|hey|dear|greetings|namaste|namaskar|namaskaram|vanakkam|salaam|salam|assalamualaikum|hola|buenos d[ií]as|bonjour|salut|ciao|hallo|servus|moin|ol[aá]|oi|merhaba|selam|shalom|privet|привет|здравствуйте|sawasdee|xin ch[aà]o|konnichiwa|annyeong|habari|jambo|sawubona|thanks|thank you|thx|regards|cheers|dhanyavaad|dhanyavad|shukriya|gracias|merci|danke|grazie|obrigad[oa]|asante)[\s!,.…]*$/i;

/** Does this piece of text identify something (a person, an account, a place, a secret)? */
export function looksSensitive(piece: string, fromData: boolean): boolean {
  const key = squash(piece);
  // (a greeting or a sign-off opening or closing a message — "Namaste,", "Cheers" — names no one)
  if (GREETING.test(piece.trim())) return false;
  // (counted in characters as written: squash spells a Hangul syllable as two or three jamo)
  if (isCjk(piece)) return key.normalize('NFC').length >= (fromData ? 2 : 3);
  if (key.length < 4) return false;
  if (piece.includes('@') && /\.[a-z]{2,}/i.test(piece)) return true;
  if (digitCount(piece) >= 5) return true;
  if (key.length >= MIN_KEY && capitalizedWords(piece) >= 2) return true;
  if (/\p{L}/u.test(piece) && /\p{N}/u.test(piece) && key.length >= 5 && !/\s/.test(piece.trim())) return true;
  if (fromData && key.length >= MIN_KEY && /^\p{Lu}/u.test(piece)) return true;
  if (key.length >= 24 && piece.trim().split(/\s+/).length >= 4) return true;
  // A line of three or more words with a number in it is an address, a room, a venue ("Хамовнический суд, каб. 412").
  if (key.length >= 16 && /\p{N}/u.test(piece) && piece.trim().split(/\s+/).length >= 3) return true;
  return false;
}

const CJK_TIME_WORD = /^((周|星期|礼拜)[一二三四五六日天]|(今|明|昨|后|前)天|(上|下|中)午|晚上|早上|今晚|明早|(本|下|上)(周|月)|[一二三四五六七八九十]{1,2}月|[月火水木金土日]曜日?|[월화수목금토일]요일|오늘|내일|어제|오전|오후|本日|今日|明日|昨日|午前|午後|今朝|今夜|今晩|毎日)$/;

/** Field names of forms and messages in Chinese, Japanese and Korean. */
const CJK_FIELD_WORD = /^(验证码|校验码|动态码|短信验证码|驗證碼|密码|密碼|口令|账号|帐号|賬號|帳號|用户名|用戶名|手机号|手机号码|电话|電話|地址|金额|金額|日期|时间|時間|备注|備註|订单号|訂單號|单号|编号|姓名|性别|数量|余额|餘額|인증번호|비밀번호|주소|전화|전화번호|이름|금액|날짜|시간|住所|電話番号|氏名|パスワード|認証コード|確認コード|暗証番号|金額|日時)$/;

/** A line of a config or .env file: an identifier, =, the value. */
const CONFIG_LINE = /^\s*[A-Za-z_][A-Za-z0-9_.-]{0,40}\s*=\s*(\S.*)$/;

/** The same for alphabetic scripts: the label word of "Password: …" or "E-mail: …". */
const FIELD_WORD = /^(password|passwort|contraseña|mot de passe|senha|passcode|pin|username|user name|user|login|e-?mail|email address|phone|telephone|tel|mobile|address|name|first name|last name|date|time|amount|total|note|notes|subject|account|account number|iban|bic|swift|code|otp|token|api key|key|secret|id|reference|ref|status|url|website)$/i;

function add(out: Map<string, AtomCandidate>, raw: string, fromData: boolean, force = false): void {
  const trimmed = raw.trim();
  if (!trimmed) return;
  if (!force && FIELD_WORD.test(trimmed)) return;
  if (!force && !looksSensitive(trimmed, fromData)) return;
  const key = squash(trimmed);
  if (key.length < (isCjk(trimmed) ? 2 : 4)) return;
  if (isCjk(trimmed)) {
    // (lengths in characters as written: squash spells a Hangul syllable as two or three jamo)
    const written = key.normalize('NFC');
    // ("7日", "2泊", "18時": a number with a counter is a quantity or a date, not a value of its own)
    if (written.length < 4 && cjkCount(written) < 2) return;
    // A weekday or a time of day alone ("周五", "下午", "金曜日", "오늘") is not private, whatever it was read from.
    if (written.length <= 4 && CJK_TIME_WORD.test(written)) return;
    // ...nor is the name of a form field ("验证码" of "验证码：583102", "비밀번호"): vocabulary, not a value.
    if (CJK_FIELD_WORD.test(written)) return;
  }
  if (out.has(key)) return;
  const runs = digitRuns(trimmed, 6);
  const digits = runs.length > 0 ? asciiDigits(trimmed).replace(/\D/g, '') : null;
  out.set(key, { key, digits: digits && digits.length >= 6 ? digits : null, raw: trimmed });
}

/** The rest of an East Asian address after each administrative level, down to the street: a number must remain. */
function addAddressTails(out: Map<string, AtomCandidate>, text: string, fromData: boolean): void {
  if (!/\d/.test(text) || text.length > 200) return;
  for (const m of text.matchAll(ADDRESS_LEVEL)) {
    // (the address ends where the sentence does, before its particles: "…ハイツ301だよ！遊びに来てね" → "…ハイツ301")
    const tail = text.slice(m.index + m[0].length).split(/[！!。？?]/)[0].replace(/[\u3040-\u309f]+$/u, '').trim();
    if (/\d/.test(tail) && cjkCount(tail) >= 2 && tail.replace(/\s/g, '').length >= 4) add(out, tail, fromData, true);
  }
}

/** Screens are read again and again with the same texts: remember each text's atoms (bounded). */
const textCache = new Map<string, AtomCandidate[]>();

/** Atoms of one observed string: the whole, its clauses, and identifier-like tokens inside it. */
export function atomsOfText(text: string, fromData: boolean, out: Map<string, AtomCandidate> = new Map()): Map<string, AtomCandidate> {
  const cacheKey = `${fromData ? 'd' : 's'}${text}`;
  let atoms = textCache.get(cacheKey);
  if (!atoms) {
    atoms = [...extractAtoms(text, fromData).values()];
    if (textCache.size >= 20_000) textCache.clear();
    textCache.set(cacheKey, atoms);
  }
  for (const atom of atoms) if (!out.has(atom.key)) out.set(atom.key, atom);
  return out;
}

function extractAtoms(text: string, fromData: boolean, out: Map<string, AtomCandidate> = new Map()): Map<string, AtomCandidate> {
  if (text.length > 20_000) text = text.slice(0, 20_000);
  add(out, text, fromData);
  const pieces = text.split(PIECE_SPLIT);
  // (the town of a street address on its own — "Chicago" of "1739 N Halsted St, Unit 3F, Chicago, IL 60614" — names no one)
  const street = pieces.length > 2 ? STREET_ADDRESS.exec(text) : null;
  // (a config line, KEY=value, holds its value: the key is a setting's name, "SERIE=A" is the series A)
  if (pieces.length > 1) for (const piece of pieces) if (!(street && TOWN_WORD.test(piece))) add(out, CONFIG_LINE.exec(piece)?.[1] ?? piece, fromData);
  // The value after a short label, commas and all ("Affected: Tulsa warehouse, 38 roles").
  const colon = LABEL_COLON.exec(text);
  if (colon && pieces.length > 2) add(out, text.slice(colon[0].length), fromData);
  for (const m of text.matchAll(EMAIL)) add(out, m[0], true, true);
  for (const m of text.matchAll(HANDLE)) add(out, m[0], true, true);
  for (const m of text.matchAll(PROPER_SEQ)) {
    add(out, m[0], fromData);
    // (a greeting before a name is no part of it: "Namaste Priya Sharma" names Priya Sharma; nor is
    // the AM of a time: "9:40 AM Mei-Ling Castellanos - prenatal" names Mei-Ling Castellanos)
    const first = /^\S+/.exec(m[0])![0];
    if ((GREETING.test(first) || TIME_OF_DAY.test(first)) && m[0].length > first.length) add(out, m[0].slice(first.length), fromData);
  }
  // (the name without a possessive: "Dr. Patel's office" names Dr. Patel)
  for (const m of text.matchAll(TITLED_NAME)) add(out, m[0].replace(POSSESSIVE, ''), fromData, true);
  // (so is a Korean name before 님: "윤채원님 10/24 예약" names 윤채원; 고객님, 담당자님 name a role)
  if (text.includes('님')) for (const m of text.matchAll(KOREAN_NAME)) if (!KOREAN_ROLE.has(m[1])) add(out, m[1], fromData, true);
  // (the label of a field: its colon not in a time or a ratio, "07:40")
  const label = colon && !/\d[:：]\s*$/.test(colon[0]) && !/^\d/.test(text.slice(colon[0].length)) ? colon : null;
  for (const m of text.matchAll(ID_TOKEN)) {
    const token = m[0];
    // (a short number in the label of "12306 账号：zhouxm1988" names the service, not a value of the user's)
    if (label && m.index + token.length <= label[0].length && digitCount(token) < 6) continue;
    // (one digit in a word is vocabulary — boto3, python3, ipv4 — not an identifier)
    if (/\p{N}/u.test(token) && squash(token).length >= 5 && digitCount(token) >= 2) add(out, token, true, digitCount(token) >= 3 || /\p{L}/u.test(token));
  }
  for (const run of digitRuns(text, 6)) add(out, run, true, true);
  // A measured value with its name and unit ("TSH 4,9 mU/l", "HbA1c 6,1 %", "BP 135/85 mmHg") is a result of the person's own.
  if (/\d/.test(text)) for (const m of text.matchAll(MEASUREMENT)) if (m[2] !== '%' || /\d|^\p{Lu}{2,}/u.test(m[1])) add(out, m[0], true, true);
  // A postal code that narrows an address to a street (UK WC1X 8DA, Canada K1A 0B1, Netherlands 1017 KH) names the place on its own.
  if (/\d/.test(text)) for (const m of text.matchAll(POSTCODE)) add(out, m[0], true, true);
  // Korean separates its words with spaces where Chinese and Japanese do not: a run of Hangul
  // words is one value, as a run of Han characters is, not a list of everyday words (오늘, 배송).
  let clauses: Array<[number, number]> | null = null;
  if (HANGUL.test(text)) {
    clauses = [];
    for (const m of text.matchAll(HANGUL_CLAUSE)) {
      clauses.push([m.index, m.index + m[0].length]);
      add(out, m[0], fromData);
    }
  }
  for (const m of text.matchAll(CJK_RUN)) {
    if (clauses && clauses.some(([from, to]) => m.index >= from && m.index < to)) continue;
    // (a Japanese word after the honorific お/ご — お荷物, ご注文 — is vocabulary, not a name or a value)
    if (HONORIFIC_WORD.test(m[0]) && m[0].length < text.trim().length) continue;
    // (nor is the counter and particle after a number, or a particle alone, inside a longer text: "時から" of "19時から3名で")
    if (COUNTER_PARTICLE.test(m[0]) && m[0].length < text.trim().length) continue;
    // (two characters set off by digits or spaces inside a longer value are a word of it — 礼盒 in "礼盒 80 套" — not a value of their own)
    if (m[0].length === 2 && fromData && m[0].length < text.trim().length && /[\d\s]/.test(text)) continue;
    add(out, m[0], fromData);
  }
  if (isCjk(text)) for (const piece of pieces.length > 1 ? [text, ...pieces] : [text]) addAddressTails(out, piece, fromData);
  if (text.includes('/')) markLinkParts(text, out);
  // (so are the district, town and state after the street, however many words they have)
  if (street) for (const part of text.slice(street.index + street[0].length).split(TOWN_SPLIT)) if (TOWN_NAME.test(part)) out.delete(squash(part));
  // (a login note's service names — "Uber Driver: omari@… / Tr1llium-4482!" — say where the
  // login is for, a public name: the user name and password after them are the private part)
  if (text.includes('/') || text.includes('|')) for (const m of text.matchAll(LOGIN_LINE)) out.delete(squash(m[1]));
  return out;
}

/** The half of the day after a clock time. */
const TIME_OF_DAY = /^(?:AM|PM|A\.M\.|P\.M\.)$/;

/** A lab or vital value: a short name, the number (a ratio too), its unit. */
const MEASUREMENT = /(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{N}-]{1,12})\s*:?\s*\d+(?:[.,]\d+)?(?:\/\d+)?\s*(mg\/dl|mmol\/l|µmol\/l|umol\/l|mu\/l|miu\/l|µiu\/ml|u\/l|iu\/l|ng\/ml|pg\/ml|g\/dl|g\/l|mmhg|bpm|%)(?![\p{L}])/giu;

/** A line of a login note: a service's name, a colon, then user and password split by / or |, the password with a letter, a digit and a symbol. */
const LOGIN_LINE = /(?:^|\n)\s*([^:\n/|]{2,40}?)\s*:\s*[^\n/|]{2,60}?\s*[/|]\s*(?=[^\s]*\p{L})(?=[^\s]*\d)(?=[^\s]*[!@#$%^&*?~+=_.-])\S{6,64}\s*(?=\n|$)/gu;

/** An http(s) link in text; group 1 is its host. */
export const LINK = /\bhttps?:\/\/([^\s/?#"'<>]+)[^\s"'<>]*/gi;

/** A link with its host captured: group 1 with a scheme, group 2 written without one (parcel.example/pay). */
const LINK_WITH_HOST = /\bhttps?:\/\/([^\s/?#"'<>]+)[^\s"'<>]*|\b((?:[a-z0-9-]+\.)+[a-z]{2,})\/[^\s"'<>]*/gi;

/** A link with or without its scheme, as messages write them: dpd-parcels.example/pay. */
export const ANY_LINK = /\bhttps?:\/\/[^\s"'<>]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/[^\s"'<>]*/gi;

/** Atoms seen only inside links to one host (not elsewhere in the text) remember that host. */
function markLinkParts(text: string, atoms: Map<string, AtomCandidate>): void {
  const links = [...text.matchAll(LINK_WITH_HOST)].map((m) => ({ key: squash(m[0]), site: (m[1] ?? m[2]).toLowerCase().replace(/^www\./, '') }));
  if (links.length === 0) return;
  const outside = text.replace(LINK_WITH_HOST, ' ');
  const rest = squash(outside);
  const restRuns = digitRuns(outside, 6);
  for (const [key, atom] of atoms) {
    const onlyInLinks = !rest.includes(key) && (atom.digits === null || !restRuns.some((r) => r.includes(atom.digits!)));
    const hosts = onlyInLinks ? new Set(links.filter((link) => link.key.includes(key)).map((link) => link.site)) : null;
    if (hosts && hosts.size === 1) atoms.set(key, { key: atom.key, digits: atom.digits, raw: atom.raw, linkHost: [...hosts][0] });
    // A longer text whose only long number is a link's path segment: that number stays with the link's own atom.
    else if (atom.digits !== null && key !== atom.digits && digitRuns(atom.raw.replace(LINK, ' '), 6).length === 0) atoms.set(key, { key, digits: null, raw: atom.raw });
  }
}

/** Atoms of a JSON value (API body, tool result): every data-bearing leaf. Keys are never atoms. */
const COORDINATE_KEY = /^(lat|latitude|lng|lon|long|longitude)$/i;
const PRECISE_DEGREES = /^(-?\d{1,3})\.(\d{5,})$/;

/**
 * A coordinate given to 5+ decimals is still the same place cut or rounded to 4 (about 11 m):
 * 45.759731 → 45.7597 and 45.7597 (rounded), 4.842149 → 4.8421.
 */
function coarserCoordinates(value: string): string[] {
  const m = PRECISE_DEGREES.exec(value.trim());
  if (!m) return [];
  const cut = `${m[1]}.${m[2].slice(0, 4)}`;
  const rounded = Number(value).toFixed(4);
  return cut === rounded ? [cut] : [cut, rounded];
}

/** JSON keys whose value names the kind or format of a record. */
const SCHEMA_KEY = /^(@?type|resource_?type|object_?type|kind|object|@context|schema|mime_?type|content_?type|media_?type|encoding|format|method|version)$/i;
/** ...when it is one word of letters (with the punctuation of type names), no digits: a name, not a value. */
const SCHEMA_WORD = /^[\p{L}][\p{L}_#.:/-]*$/u;

/** JSON keys whose value is a record's state, and a state written as up to three words without digits. */
const STATE_KEY = /^(status|state|stage|phase|priority|severity|outcome|result|resolution|condition|progress)$/i;
const STATE_WORDS = /^[\p{L}][\p{L}'-]*(?:[ _][\p{L}][\p{L}'-]*){0,2}$/u;

/** Keys that name who a message came from (an SMS provider's `address`, a mail's `from`). */
export const SENDER_KEY = /^(from|sender|sender_?id|from_?address|reply_?to|address|originator)$/i;
/**
 * ...when the sender is a business's alphanumeric sender id (DoorDash, PayPal, HDFCBK, VM-HDFCBK):
 * a brand or all capitals, no person's number or name, so the name is public.
 */
const SENDER_ID = /^(?:[A-Z]{2}-)?(?:[A-Z][A-Z0-9]{2,10}|[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+)$/;
/**
 * An SMS's `address` (or originator) is a phone number unless a business sent it: there a word
 * of up to eleven letters and digits (GSM's alphanumeric sender id: Coinbase, Uber, Bradesco) is
 * the brand, as public as a capitalised one.
 */
const SMS_ORIGIN_KEY = /^(address|originator|sender_?id)$/i;
const ALPHANUMERIC_SENDER = /^(?:[A-Z]{2}-)?[A-Za-z][A-Za-z0-9]{1,10}$/;

export function atomsOfJson(value: unknown, out: Map<string, AtomCandidate> = new Map()): Map<string, AtomCandidate> {
  let senders: string[] | null = null;
  for (const leaf of jsonLeaves(value)) {
    const key = leaf.key;
    if (typeof leaf.value === 'string' && /^(true|false|null)$/.test(leaf.value)) continue;
    if (SENDER_KEY.test(key) && (SENDER_ID.test(leaf.value) || (SMS_ORIGIN_KEY.test(key) && ALPHANUMERIC_SENDER.test(leaf.value)))) {
      (senders ??= []).push(squash(leaf.value));
      continue;
    }
    const dataKey = DATA_KEY.test(key);
    // A type or format word of the schema ("resourceType": "Patient", "kind": "drive#file") says what the record is, not who.
    if (SCHEMA_KEY.test(key) && SCHEMA_WORD.test(leaf.value)) continue;
    // ...and a record's state in words ("status": "Re-inspection", "priority": "High") is one of a few values, naming no one.
    if (STATE_KEY.test(key) && STATE_WORDS.test(leaf.value)) continue;
    if (dataKey && squash(leaf.value).length >= 4 && !/^\d{1,3}(\.\d+)?$/.test(leaf.value)) add(out, leaf.value, true, true);
    if (COORDINATE_KEY.test(key)) for (const coarse of coarserCoordinates(leaf.value)) add(out, coarse, true, true);
    atomsOfText(leaf.value, true, out);
  }
  // (the business named again in its own message — "DoorDash: 482 913 is your code" — is that public name)
  if (senders) for (const sender of senders) out.delete(sender);
  return out;
}

/** Leaves of a JSON value that are content (bodies, texts) rather than addressing metadata. */
export function contentLeaves(value: unknown): string[] {
  const out: string[] = [];
  for (const leaf of jsonLeaves(value)) {
    const key = leaf.key;
    if (/^(from|sender|address|phone|number|author|package|packagename|id|date|time|timestamp|ts|type|status|read|unread|thread_id|threadid)$/.test(key)) continue;
    out.push(leaf.value);
  }
  return out;
}
