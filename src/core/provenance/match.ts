// Matching what an event carries against the session's provenance.
import type { PayloadPart } from '../event/agent-event';
import { asciiSpacedIds, asciiUngluedRuns, scanAscii, type AsciiScan } from './ascii-scan';
import { decodedVariants, digitRuns, shingles, squash } from './canonical';
import { plainWords, type LabelledAtom, type ProvenanceStore, type UntrustedText } from './store';

export interface PayloadView {
  /** squashed forms of the payload and every decoding of it, joined by `|` */
  squashed: string;
  /** digit runs (≥ 6 digits) of the payload and its decodings */
  digits: string[];
  /** shorter digit runs (≥ 3 digits), remembered per sink to catch a value split over sends */
  shortDigits: string[];
  /** the decoded texts, for phrase matching */
  texts: string[];
  /** identifiers mixing letters and digits (squashed), remembered per sink like shortDigits */
  idTokens: string[];
}

const GLUED_DIGITS = /\p{L}\d/u;
/** Groups of capitals and digits, spaced or dashed: the way NI numbers, plates and gift-card codes are written. */
const SPACED_ID = /(?<![\p{L}\p{N}])[A-Z0-9]{1,6}(?:[ -][A-Z0-9]{1,6})+(?![\p{L}\p{N}])/gu;
const SPACED_GROUPS = /[A-Z0-9][ -][A-Z0-9]/;
const GLUED_TOKEN = /[\p{L}_]+\d+/gu;

export function viewOf(parts: readonly PayloadPart[]): PayloadView {
  const view: PayloadView = { squashed: '', digits: [], shortDigits: [], texts: [], idTokens: [] };
  const squashed: string[] = [];
  for (const part of parts) {
    // (most values are short ASCII that nothing decodes: one scan tells, and gives what the view needs)
    const scan = scanAscii(part.value);
    if (scan && !scan.decodable) {
      addScanned(view, squashed, part.value, scan);
      continue;
    }
    for (const variant of decodedVariants(part.value)) {
      const scanned = variant === part.value ? scan : scanAscii(variant);
      if (scanned) addScanned(view, squashed, variant, scanned);
      else addText(view, squashed, variant);
    }
  }
  view.squashed = squashed.join('|');
  return view;
}

/** A sum written in thousands ("380к", "95k", "12 тыс."): its digits in full are what it carries. */
const THOUSANDS = /(\d+)\s?(?:k|к|тыс\.?)(?![\p{L}\p{N}])/giu;
const MAY_BE_THOUSANDS = /\d\s?[kк]|\d\s?тыс/i;

function addThousands(view: PayloadView, variant: string): void {
  if (!MAY_BE_THOUSANDS.test(variant)) return;
  for (const m of variant.matchAll(THOUSANDS)) {
    const full = `${m[1]}000`;
    view.shortDigits.push(full);
    if (full.length >= 6) view.digits.push(full);
  }
}

/** What one text adds to a view: the definition, for any text. */
export function addText(view: PayloadView, squashed: string[], variant: string): void {
  view.texts.push(variant);
  squashed.push(squash(variant));
  const runs = digitRuns(variant, 3);
  gluedRuns(variant, runs);
  addRuns(view, runs);
  addThousands(view, variant);
  mixedTokens(variant, view.idTokens);
  if (SPACED_GROUPS.test(variant)) spacedIds(variant, view.idTokens);
}

/** The same for an ASCII text, from its one-pass scan (ascii-scan.ts). */
export function addScanned(view: PayloadView, squashed: string[], variant: string, scan: AsciiScan): void {
  view.texts.push(variant);
  squashed.push(scan.squashed);
  const runs = scan.runs;
  if (scan.glued) runs.push(...asciiUngluedRuns(variant).filter((r) => !runs.includes(r)));
  addRuns(view, runs);
  addThousands(view, variant);
  for (const token of scan.mixed) view.idTokens.push(token);
  if (scan.spaced) asciiSpacedIds(variant, view.idTokens);
}

/** A word ending in digits ("part1 4716 2030", "card2: 5511 9082") does not belong to the number after it. */
function gluedRuns(variant: string, runs: string[]): void {
  if (GLUED_DIGITS.test(variant)) runs.push(...digitRuns(variant.replace(GLUED_TOKEN, ' '), 3).filter((r) => !runs.includes(r)));
}

function addRuns(view: PayloadView, runs: readonly string[]): void {
  for (const run of runs) {
    view.shortDigits.push(run);
    if (run.length >= 6) view.digits.push(run);
  }
}

/** An identifier written in spaced groups ("QQ 73 19", "04 D") is one token too. */
function spacedIds(variant: string, out: string[]): void {
  for (const m of variant.matchAll(SPACED_ID)) {
    const token = m[0].replace(/[ -]/g, '').toLowerCase();
    if (/\d/.test(token) && /[a-z]/.test(token)) out.push(token);
  }
}

/**
 * Identifier-like tokens (letters and digits together, 4+ characters) of a text, lower-cased, in
 * one pass over its char codes; other characters (punctuation, spaces) end a token. Text with
 * non-ASCII letters keeps them in the token as written (squash is applied then).
 */
function mixedTokens(text: string, out: string[]): void {
  let start = -1;
  let letters = false;
  let digits = false;
  let ascii = true;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const digit = c >= 48 && c <= 57;
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c > 127;
    if (digit || letter) {
      if (start < 0) {
        start = i;
        letters = false;
        digits = false;
        ascii = true;
      }
      if (digit) digits = true;
      else letters = true;
      if (c > 127) ascii = false;
    } else if (start >= 0) {
      if (letters && digits && i - start >= 4) {
        const token = text.slice(start, i);
        out.push(ascii ? token.toLowerCase() : squash(token));
      }
      start = -1;
    }
  }
}

export interface AtomHit {
  atom: LabelledAtom;
  how: 'verbatim' | 'digits' | 'fragment' | 'split';
}

function withoutLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length && digits.charCodeAt(i) === 48) i++;
  return i === 0 ? digits : digits.slice(i);
}

function digitHit(atomDigits: string, run: string): boolean {
  if (run === atomDigits || run.includes(atomDigits)) return true;
  if (atomDigits.includes(run)) return run.length >= 8 || run.length >= Math.ceil(atomDigits.length * 0.6);
  // National formats drop the country code and add a trunk 0 (+49 151… ↔ 0151…).
  const a = withoutLeadingZeros(atomDigits);
  const r = withoutLeadingZeros(run);
  if (r.length >= 7 && a.length >= 7 && (a !== atomDigits || r !== run)) {
    if (r.includes(a)) return true;
    if (a.includes(r)) return r.length >= 8 || r.length >= Math.ceil(a.length * 0.6);
  }
  return false;
}

/** Labelled atoms whose value is carried by the payload, however reformatted or split. */
export function carriedAtoms(store: ProvenanceStore, view: PayloadView, previousDigitRuns: readonly string[] = [], previousIds: readonly string[] = [], previousTexts: readonly string[] = []): AtomHit[] {
  const hits: AtomHit[] = [];
  if (store.atomCount === 0 || (view.squashed.length === 0 && view.digits.length === 0)) return hits;
  // A value split over several sends to the same sink: the last few runs sent (or attempted),
  // then this one. The join counts only where this send completes what came before.
  const joinedHistory: Array<{ before: string; joined: string }> = [];
  if (previousDigitRuns.length > 0) {
    const current = view.shortDigits.length > 0 ? [view.shortDigits.join(''), ...view.shortDigits] : [];
    for (let k = 1; k <= Math.min(3, previousDigitRuns.length); k++) {
      const before = previousDigitRuns.slice(-k).join('');
      for (const run of current) if (before.length + run.length >= 6) joinedHistory.push({ before, joined: before + run });
    }
    // (one earlier run on its own too: "acct first half 6187, sort 30-94" then "second half 3302")
    for (const before of previousDigitRuns.slice(-6, -1)) for (const run of current) if (before.length + run.length >= 6) joinedHistory.push({ before, joined: before + run });
  }
  // What this send may complete of an identifier begun in an earlier one; the second half may be digits only ("PAE48" then "2913").
  const splitParts = previousIds.length > 0 ? [...view.idTokens, ...view.shortDigits] : [];
  for (const atom of store.allAtoms()) {
    if (atom.key.length >= atom.minMatch && view.squashed.includes(atom.key)) {
      hits.push({ atom, how: 'verbatim' });
      continue;
    }
    // Part of a long secret is key material all the same: half a recovery phrase, a piece of an API key.
    if (atom.secret && atom.key.length >= SECRET_FRAGMENT && secretFragmentIn(atom.key, view.squashed)) {
      hits.push({ atom, how: 'fragment' });
      continue;
    }
    if (atom.digits) {
      if (view.digits.some((run) => digitHit(atom.digits!, run))) {
        hits.push({ atom, how: view.digits.some((run) => run.includes(atom.digits!)) ? 'digits' : 'fragment' });
        continue;
      }
      const whole = withoutLeadingZeros(atom.digits);
      if (joinedHistory.some((h) => digitHit(atom.digits!, h.joined) && !h.before.includes(whole))) {
        hits.push({ atom, how: 'split' });
        continue;
      }
    }
    // An identifier split over two sends ("BLLGPP41" then "C12F205Z"): the join straddles them.
    if (splitParts.length > 0 && atom.key.length >= 8 && splitIdentifier(atom.key, previousIds, splitParts)) {
      hits.push({ atom, how: 'split' });
      continue;
    }
    // Any other one-word value (an e-mail address, a handle, an account name) cut in two anywhere
    // ("Mail: yusuf.demir" then "1987@gmx.de"): its head in an earlier send, the rest in this one.
    // (Not a value of several words: two of its words mentioned in two messages are not a split.)
    if (previousTexts.length > 0 && atom.key.length >= SPLIT_TEXT_MIN && !WHITESPACE.test(atom.raw.trim()) && splitText(atom.key, previousTexts, view.squashed)) hits.push({ atom, how: 'split' });
  }
  return hits;
}

const WHITESPACE = /\s/;
/** A value split over sends: each part at least SPLIT_HALF characters, so a common word is not half a value. */
const SPLIT_HALF = 5;
const SPLIT_TEXT_MIN = 2 * SPLIT_HALF;

function splitText(key: string, previous: readonly string[], current: string): boolean {
  // (cheap tests first: the value's last characters here, its first ones in an earlier send)
  if (!current.includes(key.slice(-SPLIT_HALF))) return false;
  const head = key.slice(0, SPLIT_HALF);
  const earlier = previous.filter((text) => text.includes(head) && !text.includes(key));
  if (earlier.length === 0) return false;
  for (let cut = SPLIT_HALF; cut <= key.length - SPLIT_HALF; cut++) {
    if (!current.includes(key.slice(cut))) continue;
    const before = key.slice(0, cut);
    if (earlier.some((text) => text.includes(before))) return true;
  }
  return false;
}

/** Consecutive squashed characters of a secret that, sent anywhere, carry part of it. */
const SECRET_FRAGMENT = 24;
/**
 * The secret is looked for by windows of WINDOW characters every STRIDE: a run of
 * SECRET_FRAGMENT = WINDOW + STRIDE characters of it always holds one whole window.
 */
const WINDOW = 20;
const STRIDE = 4;
/** Only the first this many characters of a very long secret (a PEM block) are looked for. */
const SECRET_SPAN = 512;

/** Does `squashed` hold SECRET_FRAGMENT consecutive characters of the secret `key`? */
function secretFragmentIn(key: string, squashed: string): boolean {
  if (squashed.length < WINDOW) return false;
  const end = Math.min(key.length, SECRET_SPAN);
  for (let at = 0; at + WINDOW <= end; at += STRIDE) if (squashed.includes(key.slice(at, at + WINDOW))) return true;
  return false;
}

function splitIdentifier(key: string, previous: readonly string[], current: readonly string[]): boolean {
  for (let k = 1; k <= Math.min(2, previous.length); k++) {
    const before = previous.slice(-k).join('');
    for (const token of current) {
      const joined = before + token;
      const at = joined.indexOf(key);
      if (at >= 0 && at < before.length && at + key.length > before.length) return true;
    }
  }
  return false;
}

/** Labels of private free text quoted in the payload (five consecutive words, however re-punctuated). */
export function quotedPhrases(store: ProvenanceStore, view: PayloadView, replyThread?: string, backHome?: string): Array<{ label: string; phrase: string }> {
  if (store.phraseCount === 0) return [];
  const hits: Array<{ label: string; phrase: string }> = [];
  const seen = new Set<string>();
  for (const text of view.texts) {
    for (const phrase of shingles(text)) {
      const hit = store.phrase(phrase);
      // (free text sent back to the very host that returned it is not leaving, like its atoms)
      if (hit && !seen.has(hit.label) && (replyThread === undefined || hit.thread !== replyThread) && (backHome === undefined || hit.host !== backHome)) {
        seen.add(hit.label);
        hits.push({ label: hit.label, phrase });
      }
    }
  }
  return hits;
}

export interface UntrustedHit {
  field: string;
  value: string;
  label: string;
}

/**
 * A phone number without its country code or trunk 0 (+1 646 555 0132 → 6465550132; 020 7946 0958
 * → 2079460958), as untrusted text may have written it: the last 8 or more digits, dropping up to three.
 */
function nationalNumbers(digits: string): string[] {
  const out: string[] = [];
  for (let drop = 1; drop <= 3 && digits.length - drop >= 8; drop++) out.push(digits.slice(drop));
  return out;
}

/** Target fields (recipients, payees, URLs, packages, paths) whose value came from untrusted content. */
export function steeredTargets(store: ProvenanceStore, targets: readonly PayloadPart[], payment = false): UntrustedHit[] {
  const corpus = store.untrustedTexts();
  if (corpus.length === 0) return [];
  const hits: UntrustedHit[] = [];
  for (const target of targets) {
    const found = pathTails(target.value).reduce<UntrustedText | undefined>((hit, value) => hit ?? steeringText(corpus, value, target.field, payment), undefined);
    if (found) hits.push({ field: target.field, value: target.value, label: found.label });
  }
  return hits;
}

/**
 * What of a value untrusted text may have named: the value itself, or of a path its file name
 * and its last folders (a file a page named arrives in a folder the page never named:
 * /storage/…/Download/WhatsApp_Plus_v17.60.apk; a mail names /Documents/Belege/2023 of
 * /storage/emulated/0/Documents/Belege/2023).
 */
function pathTails(value: string): string[] {
  if (!value.startsWith('/')) return [value];
  const segments = value.split('/').filter((s) => s.length > 0);
  if (segments.length === 0) return [value];
  const tails: string[] = [];
  for (let k = 1; k <= Math.min(3, segments.length); k++) tails.push(segments.slice(-k).join('/'));
  return tails;
}

function steeringText(corpus: readonly UntrustedText[], value: string, field: string, payment: boolean): UntrustedText | undefined {
  const key = squash(value);
  // Short codes (4–6 digits, premium SMS) can be recipients; elsewhere a short number is too common to tell.
  const recipientField = /(^|[._/:-])(to|phone|number|recipients?|address|chat|handle|payee|msisdn)([._[-]|$)/i.test(field);
  const digitsOnly = /^\d+$/.test(key);
  if (digitsOnly ? key.length < (recipientField ? 4 : 7) : key.length < 5) return undefined;
  // Steering is a value inside untrusted prose ("send the deposit to $X"); the same value as a
  // bare header or list item (a sender address, a file name) is just what the screen lists.
  // (a link a message carries is steered only when the text that held it spoke to the assistant:
  // a link merely read and passed on — a phishing mail reported, a museum guide — is the user's errand)
  const link = field.endsWith('.link');
  // (an account number to pay is steered even as a bare line of an untrusted mail — "IBAN LT72 3250 …"
  // under "please pay the invoice to": no one lists an account there but to have it paid; a
  // request's payee handle in its title, "@Dayton-Rentals requests $275.00", is a header)
  const bare = payment && key.length >= 12 && digitCount(key) >= 8;
  // (a short name is named only as a word of its own: "Correos" is not named by a link to correos-entregas.info)
  const asWord = !digitsOnly && key.length < 12 && !/\d/.test(key) ? plainWords(value) : '';
  // (a link or a domain is matched as the key it is)
  const shortName = asWord.trim() !== '';
  return corpus.find((text) => (bare || (text.words >= 4 && (!link || text.addressesAgent) && text.key.length >= key.length + 8)) && (text.key.includes(key) || (digitsOnly && nationalNumbers(key).some((n) => text.key.includes(n)))) && (!shortName || text.plain.includes(asWord)));
}

function digitCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) n++;
  return n;
}
