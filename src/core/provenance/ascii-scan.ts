// What a payload view needs of one ASCII text, in one pass over its char codes. Most payload
// values (names, addresses, amounts, paths) are short ASCII: one pass replaces five (squash,
// digit runs, identifier tokens, the glued-digit and spaced-group checks) and tells whether any
// decoding (URL, base64, hex) could apply, so that the decoder is not run for nothing. Text with
// other characters returns null and takes the general path (match.ts), which defines the result.
import { asciiText, isNumberSeparator } from './canonical';

export interface AsciiScan {
  /** squash(text) */
  squashed: string;
  /** digitRuns(text, 3) */
  runs: string[];
  /** letter+digit identifier tokens (4+ characters), lower-cased */
  mixed: string[];
  /** a letter followed by a digit (/\p{L}\d/) */
  glued: boolean;
  /** two capitals/digits around one space or dash (/[A-Z0-9][ -][A-Z0-9]/) */
  spaced: boolean;
  /** a `%` or a token that URL, base64 or hex decoding might turn into other text */
  decodable: boolean;
}

const MAX = 8192;
const squashBuffer = new Uint8Array(MAX);
const digitBuffer = new Uint8Array(MAX);

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHexLetter = (c: number) => (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
/** The base64 / base64url alphabet (canonical.ts BASE64_TOKEN): letters, digits, + / _ - */
const isBase64 = (c: number) => isUpper(c) || isLower(c) || isDigit(c) || c === 43 || c === 47 || c === 95 || c === 45;
/** Hex of ASCII digits (canonical.ts HEX_DIGITS): every byte 0x30–0x39. */
const HEX_DIGITS = /^(?:3[0-9])+$/;

export function scanAscii(text: string): AsciiScan | null {
  const n = text.length;
  if (n > MAX) return null;
  let k = 0;
  let d = 0;
  const runs: string[] = [];
  const mixed: string[] = [];
  let tokenStart = -1;
  let tokenLetters = false;
  let tokenDigits = false;
  let glued = false;
  let spaced = false;
  let decodable = false;
  // the current run of the base64 alphabet: its start, and whether it has capitals, lower case or digits, and only hex digits
  let runStart = -1;
  let runCapitals = 0;
  let runLower = false;
  let runOther = false;
  let runHex = true;
  let runHexLetter = false;
  let prev = 32;
  let prev2 = 32;
  for (let i = 0; i <= n; i++) {
    // (a space after the end closes the last token and run; digit runs are closed after the loop)
    const c = i < n ? text.charCodeAt(i) : 32;
    if (c > 127) return null;
    const upper = isUpper(c);
    const lower = isLower(c);
    const digit = isDigit(c);
    if (upper || lower || digit) {
      squashBuffer[k++] = upper ? c + 32 : c;
      if (tokenStart < 0) {
        tokenStart = i;
        tokenLetters = false;
        tokenDigits = false;
      }
      if (digit) tokenDigits = true;
      else tokenLetters = true;
      if (digit && (isUpper(prev) || isLower(prev))) glued = true;
      if ((upper || digit) && (prev === 32 || prev === 45) && (isUpper(prev2) || isDigit(prev2))) spaced = true;
    } else if (tokenStart >= 0) {
      if (tokenLetters && tokenDigits && i - tokenStart >= 4) mixed.push(text.slice(tokenStart, i).toLowerCase());
      tokenStart = -1;
    }
    if (digit) digitBuffer[d++] = c;
    else if (d > 0 && !isNumberSeparator(c)) {
      if (d >= 3) runs.push(asciiText(digitBuffer, d));
      d = 0;
    }
    if (c === 37) decodable = true;
    if (isBase64(c)) {
      if (runStart < 0) {
        runStart = i;
        runCapitals = 0;
        runLower = false;
        runOther = false;
        runHex = true;
        runHexLetter = false;
      }
      if (upper) runCapitals++;
      else if (lower) runLower = true;
      else runOther = true;
      if (!digit && !isHexLetter(c)) runHex = false;
      else if (!digit) runHexLetter = true;
    } else if (runStart >= 0) {
      const length = i - runStart;
      // base64 needs a capital and a lower-case letter or digit, and a token of letters only
      // (padding '=' is part of the token) three capitals and lower case (mayBeBase64); hex, twelve hex digits
      const letters = !runOther && c !== 61;
      if (length >= 8 && runCapitals > 0 && (letters ? runLower && runCapitals >= 3 : runLower || runOther)) decodable = true;
      else if (length >= 12 && runHex && (runHexLetter || HEX_DIGITS.test(text.slice(runStart, i)))) decodable = true;
      runStart = -1;
    }
    prev2 = prev;
    prev = c;
  }
  if (d >= 3) runs.push(asciiText(digitBuffer, d));
  return { squashed: k === 0 ? '' : asciiText(squashBuffer, k), runs, mixed, glued, spaced, decodable };
}

const isCapitalOrDigit = (c: number) => isUpper(c) || isDigit(c);
const isAlnum = (c: number) => isUpper(c) || isLower(c) || isDigit(c);

/** End of the run of capitals and digits that starts at i. */
function capitalRunEnd(text: string, i: number): number {
  while (i < text.length && isCapitalOrDigit(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Identifiers written in spaced groups ("QQ 73 19", "04 D") in an ASCII text, as match.ts
 * SPACED_ID finds them: runs of 1–6 capitals/digits joined by one space or dash, not inside a
 * word; each lower-cased without its separators, kept when it has letters and digits.
 */
export function asciiSpacedIds(text: string, out: string[]): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isCapitalOrDigit(text.charCodeAt(i)) || (i > 0 && isAlnum(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    const start = i;
    const first = capitalRunEnd(text, i);
    let end = -1;
    if (first - start <= 6) {
      // each next group is a whole run (a group that stops inside one is followed by a letter or digit)
      let pos = first;
      while (pos + 1 < n && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 45) && isCapitalOrDigit(text.charCodeAt(pos + 1))) {
        const groupEnd = capitalRunEnd(text, pos + 1);
        if (groupEnd - pos - 1 > 6 || (groupEnd < n && isAlnum(text.charCodeAt(groupEnd)))) break;
        end = groupEnd;
        pos = groupEnd;
      }
    }
    if (end < 0) {
      i = first;
      continue;
    }
    let token = '';
    let letters = false;
    let digits = false;
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c === 32 || c === 45) continue;
      if (isDigit(c)) digits = true;
      else letters = true;
      token += String.fromCharCode(isUpper(c) ? c + 32 : c);
    }
    if (letters && digits) out.push(token);
    i = end;
  }
}

const isWordLetter = (c: number) => isUpper(c) || isLower(c) || c === 95;

/**
 * digitRuns(text with each word-then-digits token (/[\p{L}_]+\d+/: "part1", "card2") replaced by
 * a space, 3), for an ASCII text, without building that text: the digits glued to a word are not
 * part of the number after it.
 */
export function asciiUngluedRuns(text: string): string[] {
  const runs: string[] = [];
  const n = text.length;
  let d = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWordLetter(c)) {
      let j = i + 1;
      while (j < n && isWordLetter(text.charCodeAt(j))) j++;
      if (j < n && isDigit(text.charCodeAt(j))) {
        // the token becomes a space, which a number may contain
        while (j < n && isDigit(text.charCodeAt(j))) j++;
      } else if (d > 0) {
        if (d >= 3) runs.push(asciiText(digitBuffer, d));
        d = 0;
      }
      i = j;
      continue;
    }
    if (isDigit(c)) digitBuffer[d++] = c;
    else if (d > 0 && !isNumberSeparator(c)) {
      if (d >= 3) runs.push(asciiText(digitBuffer, d));
      d = 0;
    }
    i++;
  }
  if (d >= 3) runs.push(asciiText(digitBuffer, d));
  return runs;
}
