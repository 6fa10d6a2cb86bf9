// Canonical text forms used to match observed values at sinks. Matching must survive case,
// whitespace, punctuation, diacritics, phone-number formatting, thousands separators, and
// base64 / URL encoding (protocol.md §5.1).
import { memoByText } from './memo';

const COMBINING = /[\u0300-\u036f]/g;
const NON_ALNUM = /[^\p{L}\p{N}]+/gu;

/** Lower-case letters and digits only, diacritics folded, full-width forms folded (NFKC). */
export function squash(text: string): string {
  return asciiSquash(text) ?? foldedSquash(text);
}

/** The definition of squash, for any text. */
export function squashUnicode(text: string): string {
  return asciiDigits(foldDiacritics(text).toLowerCase().replace(NON_ALNUM, ''));
}

/** The text with compatibility forms and diacritics folded (NFKD, combining marks dropped): löschen → loschen. */
export function foldDiacritics(text: string): string {
  return OUTSIDE_PRINTABLE_ASCII.test(text) ? text.normalize('NFKD').replace(COMBINING, '') : text;
}

const DECIMAL_DIGIT = /\p{Nd}/u;
const OUTSIDE_PRINTABLE_ASCII = /[^\u0020-\u007e]/;

/**
 * Decimal digits of every script as ASCII digits (Persian ۰۹۱۲ → 0912, Devanagari ४२ → 42): a
 * number read in one script and sent in another is the same number. Unicode encodes each
 * script's digits 0–9 in a row, so a digit's value is its distance from the start of its run.
 */
export function asciiDigits(text: string): string {
  if (!OUTSIDE_PRINTABLE_ASCII.test(text)) return text;
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    if (cp < 128) return d;
    let start = cp;
    while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    return String((cp - start) % 10);
  });
}

// Most payloads are ASCII: one pass over char codes into a reused buffer beats three regex
// passes by 2–4× (bench/gate.bench.ts). Text with other characters is folded per code point (below).
const ASCII_MAX = 8192;
const asciiBuffer = new Uint8Array(ASCII_MAX);
const LATIN1 = new TextDecoder('latin1');

function asciiSquash(text: string): string | null {
  const n = text.length;
  if (n > ASCII_MAX) return null;
  let k = 0;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    if (c > 127) return null;
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) asciiBuffer[k++] = c;
  }
  if (k === 0) return '';
  return asciiText(asciiBuffer, k);
}

/** The first k bytes of an ASCII buffer as a string (short ones without a decoder call). */
export function asciiText(buffer: Uint8Array, k: number): string {
  return k <= 24 ? String.fromCharCode.apply(null, buffer.subarray(0, k) as unknown as number[]) : LATIN1.decode(buffer.subarray(0, k));
}

/** Digit runs of a text, joined across the separators people put inside numbers. */
export function digitRuns(text: string, minDigits: number): string[] {
  return asciiDigitRuns(text, minDigits) ?? foldedDigitRuns(text, minDigits);
}

/** The definition of digitRuns, for any text (full-width digits fold under NFKC, other scripts' digits by asciiDigits). */
export function digitRunsUnicode(text: string, minDigits: number): string[] {
  const runs: string[] = [];
  const re = /\d(?:[\d\s\-./()+,']*\d)?/g;
  const folded = asciiDigits(text.normalize('NFKC'));
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= minDigits) runs.push(digits);
  }
  return runs;
}

/** Separators a number may contain between its digits: white space and - . / ( ) + , ' */
export function isNumberSeparator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 45 || c === 46 || c === 47 || c === 40 || c === 41 || c === 43 || c === 44 || c === 39;
}

function asciiDigitRuns(text: string, minDigits: number): string[] | null {
  const n = text.length;
  if (n > ASCII_MAX) return null;
  const runs: string[] = [];
  let digits = '';
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return null;
    if (c >= 48 && c <= 57) digits += text[i];
    else if (digits.length > 0 && !isNumberSeparator(c)) {
      if (digits.length >= minDigits) runs.push(digits);
      digits = '';
    }
  }
  if (digits.length >= minDigits) runs.push(digits);
  return runs;
}

// Text with non-ASCII characters (names with accents, CJK, emoji) is folded one code point at a
// time, each code point's folding remembered: 4-5x faster than normalizing the whole text, and the
// same result. NFKD/NFKC only reorder combining marks, and both definitions drop marks (squash
// keeps letters and digits; digit runs keep digits and separators). The one case mapping that
// depends on context, Greek capital sigma (final ς), takes the definition, and so does text with a
// lone surrogate (two of them pair up once the marks between them are dropped).
const CAPITAL_SIGMA = 0x3a3;
const FOLD_MEMO_MAX = 8192;
const squashOfCodePoint = new Map<number, string>();
const nfkcOfCodePoint = new Map<number, string>();

const nfkc = (ch: string): string => asciiDigits(ch.normalize('NFKC'));

function remembered(memo: Map<number, string>, cp: number, compute: (ch: string) => string): string {
  let folded = memo.get(cp);
  if (folded === undefined) {
    folded = compute(String.fromCodePoint(cp));
    if (memo.size >= FOLD_MEMO_MAX) memo.clear();
    memo.set(cp, folded);
  }
  return folded;
}

/** The code point at `i` (a lone surrogate stands for itself). */
function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
  }
  return c;
}

function foldedSquash(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
      else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) out += text[i];
      continue;
    }
    if (c === CAPITAL_SIGMA) return squashUnicode(text);
    const cp = codePointAt(text, i);
    if (cp > 0xffff) i++;
    // A lone surrogate can pair up with another once the marks between them are dropped.
    else if (cp >= 0xd800 && cp <= 0xdfff) return squashUnicode(text);
    // ...and a character that folds to a capital sigma (𝛴, U+1D6F4) cases by its context too.
    if (cp > CAPITAL_SIGMA && remembered(nfkcOfCodePoint, cp, nfkc).includes('\u03a3')) return squashUnicode(text);
    out += remembered(squashOfCodePoint, cp, squashUnicode);
  }
  return out;
}

/** White space outside ASCII (no-break, ideographic, line separators …): separators inside numbers, like \s. */
const UNICODE_SPACE = /\s/;

function foldedDigitRuns(text: string, minDigits: number): string[] {
  const runs: string[] = [];
  let digits = '';
  const take = (c: number, ch: string) => {
    if (c >= 48 && c <= 57) digits += ch;
    else if (digits.length > 0 && !(c < 128 ? isNumberSeparator(c) : UNICODE_SPACE.test(ch))) {
      if (digits.length >= minDigits) runs.push(digits);
      digits = '';
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      take(c, text[i]);
      continue;
    }
    const cp = codePointAt(text, i);
    if (cp > 0xffff) i++;
    const folded = remembered(nfkcOfCodePoint, cp, nfkc);
    for (let k = 0; k < folded.length; k++) take(folded.charCodeAt(k), folded[k]);
  }
  if (digits.length >= minDigits) runs.push(digits);
  return runs;
}

// (8 characters: a six-digit one-time code is 8 in base64, NjE1MjA0.)
const BASE64_TOKEN = /[A-Za-z0-9+/_-]{8,}={0,2}/g;
// (letters of Indic and other scripts carry combining vowel signs and viramas: marks are printable too)
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u;
const LENIENT_UTF8 = new TextDecoder('utf-8');

/** Decoded text when the bytes are printable UTF-8 (no exceptions on the hot path). */
function printableText(bytes: Uint8Array): string | null {
  const text = LENIENT_UTF8.decode(bytes);
  return text.length >= 4 && !text.includes('\uFFFD') && PRINTABLE.test(text) ? text : null;
}

/** Value of each base64 / base64url character (both alphabets at once), -1 elsewhere. */
const BASE64_VALUE = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (BASE64_VALUE[c.charCodeAt(0)] = i));
BASE64_VALUE[45] = 62; // '-'
BASE64_VALUE[95] = 63; // '_'
let base64Bytes = new Uint8Array(4096);

/**
 * The text a base64 (or base64url) token encodes, when it is printable UTF-8. Decoded by hand so
 * that the common case — an identifier like "LW-2024-3310" that only looks like base64 — stops
 * at its first control byte instead of paying for atob and a TextDecoder.
 */
/**
 * Plain words and identifiers are not base64: real encodings mix cases and digits, or, all
 * letters, have many capitals among lower case (OTAyNDYx is "902461"; JavaScript is a word).
 */
export function mayBeBase64(token: string): boolean {
  if (!/[A-Z]/.test(token) || !/[a-z0-9]/.test(token)) return false;
  if (!/^[A-Za-z]+$/.test(token)) return true;
  return /[a-z]/.test(token) && (token.match(/[A-Z]/g)?.length ?? 0) >= 3;
}

export function decodeBase64(token: string): string | null {
  if (!mayBeBase64(token)) return null;
  let end = token.length;
  while (end > 0 && token.charCodeAt(end - 1) === 61) end--; // '=' padding
  if (end % 4 === 1) return null;
  if (base64Bytes.length < end) base64Bytes = new Uint8Array(end);
  let acc = 0;
  let bits = 0;
  let k = 0;
  let ascii = true;
  for (let i = 0; i < end; i++) {
    const value = BASE64_VALUE[token.charCodeAt(i)];
    if (value === undefined || value < 0) return null;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (acc >> bits) & 0xff;
      // Control characters are never printable text (tab, newline and carriage return are).
      if ((byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13) || byte === 0x7f) return null;
      if (byte >= 0x80) ascii = false;
      base64Bytes[k++] = byte;
    }
  }
  if (k < 4 && ascii) return null;
  const bytes = base64Bytes.subarray(0, k);
  return ascii ? LATIN1.decode(bytes) : printableText(bytes);
}

function decodeUrl(text: string): string | null {
  if (!/%[0-9a-fA-F]{2}/.test(text)) return null;
  const decoded = percentDecode(text.replace(/\+/g, ' '));
  return decoded === text ? null : decoded;
}

/** %XX escapes decoded as UTF-8; when some are malformed, the well-formed runs are decoded and the rest kept as written. */
export function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** Hex of ASCII digits ("373331393034" is "731904"): every byte 0x30–0x39. */
const HEX_DIGITS = /^(?:3[0-9])+$/;

function decodeHex(token: string): string | null {
  // Hex with letters from six bytes up; digits-only hex only when it spells digits (a code, a number).
  if (token.length < 12 || token.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(token) || !(/[a-fA-F]/.test(token) || HEX_DIGITS.test(token))) return null;
  const bytes = new Uint8Array(token.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(token.slice(i * 2, i * 2 + 2), 16);
  return printableText(bytes);
}

/**
 * The text plus every decoding of it that reveals other text (URL-encoding, base64, hex),
 * applied up to `depth` times so nested encodings unwrap too.
 */
/** A base64 value at the end of a URL path (…/j/5b+D55mC…==): the token after one of its slashes. */
function afterSlash(token: string): string | null {
  for (let i = token.indexOf('/'), tries = 0; i >= 0 && tries < 4; i = token.indexOf('/', i + 1), tries++) {
    if (token.length - i - 1 < 8) return null;
    const decoded = decodeBase64(token.slice(i + 1));
    if (decoded) return decoded;
  }
  return null;
}

export function decodedVariants(text: string, depth = 2): string[] {
  const out = [text];
  let frontier = [text];
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const item of frontier) {
      const url = decodeUrl(item);
      if (url) next.push(url);
      for (const token of item.match(BASE64_TOKEN) ?? []) {
        const b64 = decodeBase64(token) ?? (token.includes('/') ? afterSlash(token) : null);
        if (b64) next.push(b64);
        const hex = decodeHex(token);
        if (hex) next.push(hex);
      }
    }
    out.push(...next);
    frontier = next;
  }
  return out;
}

/** A leaf of a JSON value: its dotted path, its value as text, and its own key, lower-cased. */
export interface JsonLeaf {
  path: string;
  value: string;
  key: string;
}

/** Flattens any JSON value into its string leaves (numbers included), with their key paths and
 * the lower-cased name of the key that holds each leaf (array indexes skipped). */
export function jsonLeaves(value: unknown, path = '', out: JsonLeaf[] = [], key = ''): JsonLeaf[] {
  if (value === null || value === undefined) return out;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
      try {
        return jsonLeaves(JSON.parse(trimmed), path, out, key);
      } catch {
        /* not JSON: keep as text */
      }
    }
    out.push({ path, value, key });
  } else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    out.push({ path, value: String(value), key });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) jsonLeaves(value[i], `${path}[${i}]`, out, key);
  } else if (typeof value === 'object') {
    for (const k in value as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      jsonLeaves((value as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out, k.toLowerCase());
    }
  }
  return out;
}

/** Last segment of a key path, lower-cased, without array indexes: `a.b[0].To` → `to`. */
export function leafKey(path: string): string {
  const last = path.replace(/\[\d+\]/g, '').split('.').pop() ?? '';
  return last.toLowerCase();
}

const STOPWORDS = new Set('a an the and or but if of to in on at by for from with as is are was were be been am i you he she it we they me him her us them my your his its our their this that these those there here what which who whom when where why how not no yes do does did have has had will would can could should may might must shall just so than then too very also about into over after before up down out off again further once all any both each few more most other some such only own same s t don now ok okay please thanks thank hi hello dear'.split(' '));
/** Chinese, Japanese and Korean characters (Han, kana, Hangul): the one definition every module uses. */
// (Code-point ranges: Hangul jamo, kana, CJK ideographs and their extensions, Hangul syllables,
// compatibility ideographs, half-width katakana. A short class compiles to less code than the
// Unicode script properties, which matters on the gate's hot path.)
const CJK_CLASS = '\\u1100-\\u11ff\\u3040-\\u30ff\\u3130-\\u318f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff66-\\uff9f\\u{20000}-\\u{3134f}';
export const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');
/** Runs of two or more CJK characters (global: for matchAll). */
export const CJK_RUN = new RegExp(`[${CJK_CLASS}]{2,}`, 'gu');
const CJK_CHARS = new RegExp(`[${CJK_CLASS}]`, 'gu');

/** How many CJK characters a text has. */
export function cjkCount(text: string): number {
  return CJK_CHAR.test(text) ? (text.match(CJK_CHARS)?.length ?? 0) : 0;
}

/** Words of a text for phrase matching: folded like squash; CJK characters are words of their own. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of foldDiacritics(text).toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    if (CJK_CHAR.test(raw)) for (const ch of raw) out.push(ch);
    else out.push(raw);
  }
  return out;
}

export const SHINGLE = 5;

/**
 * Runs of SHINGLE consecutive words that say something (not only stopwords and short words),
 * and the same runs over the words without stopwords, so a quote that drops or adds a "to" or
 * a "the" ("increasing metformin to 1000 mg twice daily" → "metformin 1000 mg twice daily") still
 * matches.
 */
export const shingles: (text: string) => string[] = memoByText(computeShingles);

function computeShingles(text: string): string[] {
  const all = words(text);
  const out = windows(all);
  const content = all.filter((t) => !STOPWORDS.has(t));
  if (content.length < all.length) {
    const seen = new Set(out);
    for (const run of windows(content)) if (!seen.has(run)) out.push(run);
  }
  return out;
}

function windows(w: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= w.length; i++) {
    const run = w.slice(i, i + SHINGLE);
    let content = 0;
    let letters = 0;
    for (const t of run) {
      letters += t.length;
      if (!STOPWORDS.has(t) && (t.length >= 3 || /\d/.test(t) || CJK_CHAR.test(t))) content++;
    }
    if (content >= 3 && letters >= 14) out.push(run.join(' '));
  }
  return out;
}
