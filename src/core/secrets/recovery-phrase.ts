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
  if (text.length < 12 * 3 + 11 || spaces(text) < 11) return null;
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

/** How many white-space characters the text has (a phrase has at least 11), counted without allocating. */
function spaces(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) n++;
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
