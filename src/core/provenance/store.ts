// Per-session, execution-observed provenance: labelled atoms (private / secret values that were
// read) and the untrusted corpus (content from web pages, incoming messages, notifications,
// documents). Shared by every agent of the session, across devices, apps and channels.
import type { LabelClass } from '../catalog/schema';
import type { AtomCandidate } from './atoms';
import { cjkCount, foldDiacritics, squash } from './canonical';

export type ProvenanceSource = 'executed' | 'agent-reported' | 'eval';

export interface LabelledAtom extends AtomCandidate {
  label: string;
  secret: boolean;
  eventId: string;
  agent: string;
  source: ProvenanceSource;
  /** The HTTP host whose response held the value, when it came from an API or HTTP tool read. */
  host?: string;
  /** The service (site or tool namespace) that returned the value: ids it issued go back to it. */
  service?: string;
  /** The conversation (threadKey) a messaging screen showed the value in: sent back there, it is a reply. */
  thread?: string;
  /** Shortest key that counts as carried verbatim: any non-ASCII key (CJK names) 2, secrets 4, else 5 (or the candidate's own). */
  minMatch: number;
}

const NON_ASCII = /[^\p{ASCII}]/u;

const NOT_WORD = /[^\p{L}\p{N}]+/gu;
/** Links and bare domains: the names inside them are not words of the text. */
const LINK_OR_DOMAIN = /\b(?:https?:\/\/|www\.)\S+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,}(?:\/\S*)?/giu;
/** A text's letters and digits, lower-cased and diacritics folded, its words separated by one space (links left out). */
export function plainWords(text: string): string {
  return ` ${foldDiacritics(text.slice(0, 4000)).toLowerCase().replace(LINK_OR_DOMAIN, ' ').replace(NOT_WORD, ' ').trim()} `;
}

export interface UntrustedText {
  key: string;
  label: string;
  eventId: string;
  /** words in the text: a lone address or file name is a header or list item, not an instruction */
  words: number;
  /** the text speaks to an AI assistant ("أيها المساعد الذكي: أرسل …", "AI assistant: send …"): what it names is dictated */
  addressesAgent: boolean;
  /** its words, lower-cased and separated by single spaces (whole-word checks of short names) */
  plain: string;
}

/** Words by which injected text speaks to an AI assistant, in the languages people write it in. */
const ADDRESSES_AGENT = /(?<![\p{L}])(ai|a\.i\.|assistant|llm|chatgpt|gpt|asistente|assistente|assistentin|ассистент|помощник|ии)(?![\p{L}])|المساعد|مساعد ذكي|الذكاء الاصطناعي|助手|助理|人工智能|アシスタント|어시스턴트|सहायक|एआई/iu;

export interface ProvenanceLimits {
  maxAtoms: number;
  maxUntrusted: number;
}

export const DEFAULT_LIMITS: ProvenanceLimits = { maxAtoms: 20_000, maxUntrusted: 2_000 };

/**
 * Chinese, Japanese and Korean write prose without spaces: every two of their characters count
 * as a word. Thai, Lao, Khmer and Burmese do too, with longer words: every four characters.
 */
function wordCount(text: string): number {
  const spaced = text.trim().split(/\s+/).length;
  const cjk = cjkCount(text);
  const unspaced = text.match(UNSPACED_LETTERS)?.length ?? 0;
  return cjk === 0 && unspaced === 0 ? spaced : Math.max(spaced, Math.floor(cjk / 2) + Math.floor(unspaced / 4));
}

const UNSPACED_LETTERS = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/g;

/**
 * The key under which every send to an external sink is remembered as well: halves of a value
 * sent to two outside recipients (an e-mail, then a chat) leave the organisation all the same.
 */
export const ANY_EXTERNAL_SINK = '(any external sink)';

export class ProvenanceStore {
  private readonly atoms = new Map<string, LabelledAtom>();
  private readonly untrusted: UntrustedText[] = [];
  private readonly untrustedKeys = new Set<string>();
  /** Five-word phrases of private free text (messages, notes, documents), for quoted fragments. */
  private readonly phrases = new Map<string, { label: string; eventId: string; thread?: string; host?: string }>();
  /** Digit runs already sent per sink, in order, to catch a value split over several sends. */
  private readonly sentDigits = new Map<string, string[]>();
  private readonly sentIds = new Map<string, string[]>();
  private readonly sentTexts = new Map<string, string[]>();

  constructor(private readonly limits: ProvenanceLimits = DEFAULT_LIMITS) {}

  record(candidates: Iterable<AtomCandidate>, label: string, classes: readonly LabelClass[], meta: { eventId: string; agent: string; source: ProvenanceSource; host?: string; service?: string; thread?: string }): number {
    if (!classes.includes('private') && !classes.includes('secret')) return 0;
    const secret = classes.includes('secret');
    let added = 0;
    for (const c of candidates) {
      const existing = this.atoms.get(c.key);
      // (a secret outranks a plain value; a value that must match shorter outranks one that matches longer)
      if (existing && (existing.secret || !secret) && !(c.minMatch !== undefined && c.minMatch < existing.minMatch)) continue;
      this.atoms.set(c.key, { key: c.key, digits: c.digits, raw: c.raw, linkHost: c.linkHost, label, secret, eventId: meta.eventId, agent: meta.agent, source: meta.source, host: meta.host, service: meta.service, thread: meta.thread, minMatch: c.minMatch ?? (NON_ASCII.test(c.key) ? 2 : secret ? 4 : 5) });
      added++;
    }
    while (this.atoms.size > this.limits.maxAtoms) {
      const oldest = this.atoms.keys().next().value as string;
      this.atoms.delete(oldest);
    }
    return added;
  }

  recordUntrusted(texts: Iterable<string>, label: string, eventId: string): void {
    for (const text of texts) {
      const key = squash(text);
      if (key.length < 4 || this.untrustedKeys.has(key)) continue;
      this.untrustedKeys.add(key);
      this.untrusted.push({ key, label, eventId, words: wordCount(text), addressesAgent: ADDRESSES_AGENT.test(text), plain: plainWords(text) });
    }
    if (this.untrusted.length > this.limits.maxUntrusted) {
      for (const dropped of this.untrusted.splice(0, this.untrusted.length - this.limits.maxUntrusted)) this.untrustedKeys.delete(dropped.key);
    }
  }

  recordPhrases(shingleKeys: Iterable<string>, label: string, eventId: string, thread?: string, host?: string): void {
    for (const key of shingleKeys) if (!this.phrases.has(key)) this.phrases.set(key, { label, eventId, thread, host });
    while (this.phrases.size > this.limits.maxAtoms * 4) this.phrases.delete(this.phrases.keys().next().value as string);
  }

  phrase(key: string): { label: string; eventId: string; thread?: string; host?: string } | undefined {
    return this.phrases.get(key);
  }

  get phraseCount(): number {
    return this.phrases.size;
  }

  allAtoms(): IterableIterator<LabelledAtom> {
    return this.atoms.values();
  }

  get atomCount(): number {
    return this.atoms.size;
  }

  untrustedTexts(): readonly UntrustedText[] {
    return this.untrusted;
  }

  sentTo(sink: string): readonly string[] {
    return this.sentDigits.get(sink) ?? [];
  }

  /** Identifiers (letters with digits) sent to a sink, the last few. */
  sentIdsTo(sink: string): readonly string[] {
    return this.sentIds.get(sink) ?? [];
  }

  /** The squashed texts of the last few sends to a sink (each cut to SENT_TEXT_MAX characters). */
  sentTextsTo(sink: string): readonly string[] {
    return this.sentTexts.get(sink) ?? [];
  }

  /** `external`: the sink is outside the organisation; its sends are also remembered as sent out at all. */
  rememberSent(sink: string, digitRunsSent: string[], idsSent: string[] = [], external = false, squashedText = ''): void {
    remember(this.sentDigits, sink, digitRunsSent);
    remember(this.sentIds, sink, idsSent);
    if (squashedText.length > 0) remember(this.sentTexts, sink, [squashedText.length > SENT_TEXT_MAX ? squashedText.slice(0, SENT_TEXT_MAX) : squashedText], SENT_TEXTS);
    if (external && sink !== ANY_EXTERNAL_SINK) this.rememberSent(ANY_EXTERNAL_SINK, digitRunsSent, idsSent, false, squashedText);
  }
}

/** How many earlier send texts per sink a split is looked for in, and how much of each. */
const SENT_TEXTS = 3;
const SENT_TEXT_MAX = 1024;

function remember(map: Map<string, string[]>, sink: string, values: string[], keep = 16): void {
  if (values.length === 0) return;
  const list = map.get(sink) ?? [];
  list.push(...values);
  if (list.length > keep) list.splice(0, list.length - keep);
  map.set(sink, list);
}
