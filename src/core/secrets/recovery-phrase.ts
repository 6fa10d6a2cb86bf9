// Wallet recovery phrases (BIP-39): 12 to 24 words of the standard English list in a row. The
// list has no "the", "and", "to" or "for", so ordinary prose never makes such a run; a phrase
// typed or sent anywhere is a secret, and one shown on a screen is remembered as one.
import { wordlist } from '@scure/bip39/wordlists/english.js';

const WORDS: ReadonlySet<string> = new Set(wordlist);
const LENGTHS = new Set([12, 15, 18, 21, 24]);
/** A word of a phrase as people write it down: "7. humble", "humble,", "(humble)". */
const NUMBERING = /^\d{1,2}[.)]?$/;
const TRIM = /^[^a-z]+|[^a-z]+$/g;

/** The first run of 12, 15, 18, 21 or 24 consecutive recovery-phrase words in the text, if any. */
export function recoveryPhraseIn(text: string): string | null {
  if (text.length < 12 * 3 + 11 || spaces(text) < 11 || !mayHoldPhrase(text)) return null;
  return scanForPhrase(text);
}

/**
 * Whether an ASCII text has 12 words in a row that could be list words (3 to 8 letters once
 * numbering and punctuation are off), counted over char codes without lower-casing or
 * splitting it: prose ("to", "the", "and") and JSON or URLs never do. Other text says yes
 * (its spaces and case mappings are left to the full scan).
 */
function mayHoldPhrase(text: string): boolean {
  let run = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    let letters = 0;
    let firstLetter = -1;
    let lastLetter = -1;
    let digitsOnly = true;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 127) return true;
      if (isSpace(c)) break;
      const lower = c | 0x20;
      if (lower >= 97 && lower <= 122) {
        letters++;
        if (firstLetter < 0) firstLetter = i;
        lastLetter = i;
      }
      if (c < 48 || c > 57) digitsOnly = false;
    }
    // "7." or "12)" numbers the words: it neither counts nor breaks the run
    const len = i - start;
    const last = text.charCodeAt(i - 1);
    if ((digitsOnly && len <= 2) || (len >= 2 && len <= 3 && (last === 46 || last === 41) && isDigits(text, start, i - 1))) continue;
    // the word inside its punctuation must be letters only, 3 to 8 of them
    const core = firstLetter < 0 ? 0 : lastLetter - firstLetter + 1;
    if (core >= 3 && core <= 8 && core === letters) {
      if (++run >= 12) return true;
    } else run = 0;
  }
  return false;
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function isDigits(text: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 2) return false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The scan itself, word by word (exported for the property test of the filter above). */
export function scanForPhrase(text: string): string | null {
  const run: string[] = [];
  let best: string[] | null = null;
  const flush = () => {
    for (const n of [24, 21, 18, 15, 12]) {
      if (run.length >= n && LENGTHS.has(n)) {
        if (!best || n > best.length) best = run.slice(0, n);
        break;
      }
    }
    run.length = 0;
  };
  for (const raw of text.toLowerCase().split(/\s+/)) {
    if (raw === '' || NUMBERING.test(raw)) continue;
    const first = raw.charCodeAt(0);
    const last = raw.charCodeAt(raw.length - 1);
    const word = first >= 97 && first <= 122 && last >= 97 && last <= 122 ? raw : raw.replace(TRIM, '');
    if (WORDS.has(word)) run.push(word);
    else flush();
  }
  flush();
  return best ? (best as string[]).join(' ') : null;
}

/** At least how many white-space characters the text may have (a phrase has at least 11), counted without allocating. */
function spaces(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // (any character past ASCII may be one of the other spaces \s splits on: a no-break space, U+3000 …)
    if (c === 32 || (c >= 9 && c <= 13) || c > 127) n++;
  }
  return n;
}

/** Whether the text, numbering and punctuation aside, is exactly a recovery phrase. */
export function isRecoveryPhrase(text: string): boolean {
  const phrase = recoveryPhraseIn(text);
  if (!phrase) return false;
  const words = text.toLowerCase().split(/\s+/).filter((w) => w !== '' && !NUMBERING.test(w)).map((w) => w.replace(TRIM, ''));
  return words.length === phrase.split(' ').length;
}
