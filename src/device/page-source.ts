// UiAutomator2 page source (`<hierarchy>` XML) → nodes, observations and a screen version.
// Works the same for the device twin and for real devices behind appium-uiautomator2-driver.
import { createHash } from 'node:crypto';
import type { Observe } from '../core/protocol/schema';

export interface ScreenNode {
  /** Android class (tag name). */
  cls: string;
  resourceId: string;
  text: string;
  contentDesc: string;
  hint: string;
  package: string;
  bounds: [number, number, number, number];
  clickable: boolean;
  longClickable: boolean;
  scrollable: boolean;
  editable: boolean;
  password: boolean;
  checked: boolean;
  enabled: boolean;
  /** Document order index. */
  index: number;
  depth: number;
  parent: number;
}

export interface Screen {
  /** Hash of the page source: the shard version of this device's screen. */
  version: string;
  source: string;
  nodes: ScreenNode[];
  observe: Observe;
}

const TAG = /<(\/?)([A-Za-z_][\w.$-]*)([^>]*?)(\/?)>/g;
/** One attribute's value from a tag's attribute text (` name="value"`), unescaped; '' when absent. */
function attr(text: string, name: string): string {
  const key = ` ${name}="`;
  const i = text.indexOf(key);
  if (i < 0) return '';
  const start = i + key.length;
  const end = text.indexOf('"', start);
  const v = text.slice(start, end < 0 ? text.length : end);
  return v.includes('&') ? unescape(v) : v;
}

const unescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-fA-F]+));/g, (_m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name] ?? '';
  });

function parseBounds(b: string | undefined): [number, number, number, number] {
  const m = /\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(b ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : [0, 0, 0, 0];
}

export const screenVersion = (source: string) => createHash('sha256').update(source).digest('hex').slice(0, 16);

/** Parses the hierarchy into a flat list of nodes in document order (the <hierarchy> root excluded). */
export function parsePageSource(source: string): ScreenNode[] {
  const nodes: ScreenNode[] = [];
  const stack: number[] = [];
  TAG.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TAG.exec(source))) {
    const [, closing, name, attrText, selfClose] = m;
    if (closing) {
      if (name !== 'hierarchy') stack.pop();
      continue;
    }
    const open = name;
    if (open === 'hierarchy') continue;
    const t = ` ${attrText ?? ''}`;
    const cls = attr(t, 'class') || open;
    const index = nodes.length;
    nodes.push({
      cls,
      resourceId: attr(t, 'resource-id'),
      text: attr(t, 'text'),
      contentDesc: attr(t, 'content-desc'),
      hint: attr(t, 'hint'),
      package: attr(t, 'package'),
      bounds: parseBounds(attr(t, 'bounds')),
      clickable: attr(t, 'clickable') === 'true',
      longClickable: attr(t, 'long-clickable') === 'true',
      scrollable: attr(t, 'scrollable') === 'true',
      editable: /EditText|AutoCompleteTextView/.test(cls),
      password: attr(t, 'password') === 'true',
      checked: attr(t, 'checked') === 'true',
      enabled: attr(t, 'enabled') !== 'false',
      index,
      depth: stack.length,
      parent: stack.length ? stack[stack.length - 1] : -1,
    });
    if (!selfClose) stack.push(index);
  }
  return nodes;
}

/** Field key: the resource-id, or the hint, or `Class#n` when a field has neither. */
export function fieldKey(n: ScreenNode, ordinal: number): string {
  return n.resourceId || (n.hint ? `hint:${n.hint}` : `${n.cls}#${ordinal}`);
}

/**
 * What a read of this screen shows, in protocol `observe` form: visible texts (text and
 * content-desc of non-editable views, in screen order, without duplicates), editable field
 * values keyed by resource-id, and the foreground package.
 */
export function toObserve(nodes: ScreenNode[], foreground?: string): Observe {
  const texts: string[] = [];
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  let ordinal = 0;
  for (const n of nodes) {
    if (n.editable) {
      // a password field's value is shown masked by the platform; record it as such
      fields[fieldKey(n, ordinal++)] = n.text;
      continue;
    }
    for (const t of [n.text, n.contentDesc]) {
      const v = t.trim();
      if (v && !seen.has(v)) {
        seen.add(v);
        texts.push(v);
      }
    }
  }
  const pkg = foreground ?? nodes.find((n) => n.package)?.package;
  return { texts, fields, ...(pkg ? { foreground: pkg } : {}) };
}

export function toScreen(source: string, foreground?: string, previous?: Screen): Screen {
  // the same source as last time (nothing changed on the device): reuse the parse
  if (previous && previous.source === source && (foreground === undefined || previous.observe.foreground === foreground)) return previous;
  const nodes = parsePageSource(source);
  return { version: screenVersion(source), source, nodes, observe: toObserve(nodes, foreground) };
}
