// The compiled per-app semantic map and catalogs: fast lookups built once per pack install.
import type { z } from 'zod';
import { fromZodError } from '../protocol/errors';
import {
  AppsFileSchema, ButtonsFileSchema, HostsFileSchema, KindsFileSchema, ToolsFileSchema,
  type ButtonSemantic, type ButtonsFile, type HostsFile, type KindInfo, type ToolsFile,
} from './schema';
import { idWords, labelKey, packageWords } from './words';

/**
 * Argument key names: exact names, plus `*suffix` entries for every key that ends so
 * ("*_amount" holds trans_amount and refund_amount), compared case-insensitively.
 */
/** A dialog's numbered button (android:id/button1): which one, not what it does. */
const DIALOG_BUTTON = /^button\d$/;

class KeySet extends Set<string> {
  constructor(
    names: readonly string[],
    private readonly suffixes: readonly string[],
  ) {
    super(names);
  }

  override has(key: string): boolean {
    if (super.has(key)) return true;
    if (this.suffixes.length === 0) return false;
    const lower = key.toLowerCase();
    return (lower !== key && super.has(lower)) || this.suffixes.some((s) => lower.length > s.length && lower.endsWith(s));
  }
}

function keySet(entries: readonly string[]): ReadonlySet<string> {
  const suffixes = entries.filter((e) => e.startsWith('*')).map((e) => e.slice(1).toLowerCase());
  return new KeySet(entries.filter((e) => !e.startsWith('*')), suffixes);
}

/** The vendor part of a package name (com.revolut of com.revolut.business), when it has one. */
function vendorOf(pkg: string): string | null {
  const parts = pkg.split('.');
  // (co.uk, jp.co, com.au are registries, not vendors)
  return parts.length >= 3 && !REGISTRY_LEVEL.has(parts[1]) ? `${parts[0]}.${parts[1]}` : null;
}

const REGISTRY_LEVEL = new Set(['co', 'com', 'ne', 'or', 'org', 'net', 'ac', 'gov', 'edu', 'go', 'gob', 'mil']);

/** Top-level domains that open package names longer than three letters. */
const TOP_LEVEL = new Set(['info', 'mobi', 'name', 'asia', 'tech', 'site', 'online', 'cloud', 'space', 'store', 'world', 'life', 'live', 'games', 'media', 'digital', 'network']);

export interface SourceFile {
  path: string;
  text: string;
}

/** The last word of an id that names a button. */
const BUTTON_ENDING = /^(button|btn|fab|imagebutton|ibtn)$/;

export interface CatalogError {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
}

export interface Catalog {
  appKind(pkg: string | undefined): string;
  /** The kind of the app a screen names by its display name (a notification's header), or null. */
  appKindByName(name: string): string | null;
  kindInfo(kind: string): KindInfo;
  /** The kind whose provenance a read of this scope resource carries (tools, APIs). */
  kindOfResource(resource: string): string;
  buttonByLabel(label: string | undefined): ButtonSemantic | null;
  buttonById(resourceId: string | undefined): ButtonSemantic | null;
  tools: ToolsFile;
  toolWords: { resources: Map<string, string>; verbs: Map<string, string>; cloud: ReadonlySet<string>; money: ReadonlySet<string> };
  argumentKeys: Record<keyof ToolsFile['argumentKeys'], ReadonlySet<string>>;
  /** Known services' API hosts (hosts.json), by host name. */
  hosts: ReadonlyMap<string, HostsFile['hosts'][string]>;
  sensitiveSetting(text: string): boolean;
  /** Does this screen context name a security feature (any app)? */
  securityFeature(text: string): boolean;
  /** The effect a generic confirm commits on a screen reached through `context` (buttons.json contextEffects). */
  contextEffect(context: string): ContextEffect | null;
}

export type ContextEffect = ButtonsFile['contextEffects'][number][0];

const CATALOG_FILES = ['apps.json', 'kinds.json', 'buttons.json', 'tools.json', 'hosts.json'] as const;
/** The rest of a label after an amount prefix must hold the amount's digits. */
const AMOUNT_DIGIT = /\d/;

function parseJson<S extends z.ZodTypeAny>(file: SourceFile, schema: S, errors: CatalogError[]): z.infer<S> | null {
  let data: unknown;
  try {
    data = JSON.parse(file.text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    let line = 1;
    let col = 1;
    if (pos) {
      const before = file.text.slice(0, Number(pos[1]));
      line = before.split('\n').length;
      col = before.length - before.lastIndexOf('\n');
    }
    errors.push({ file: file.path, line, col, code: 'catalog_syntax', message: `invalid JSON: ${message}` });
    return null;
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const err = fromZodError(data, result.error, 'config_invalid', file.path);
    for (const issue of err.issues) errors.push({ file: file.path, line: 1, col: 1, code: 'catalog_invalid', message: issue.message });
    return null;
  }
  return result.data;
}

export function compileCatalog(files: SourceFile[]): { ok: true; catalog: Catalog } | { ok: false; errors: CatalogError[] } {
  const errors: CatalogError[] = [];
  const byName = new Map(files.map((f) => [f.path.split('/').pop() ?? f.path, f]));
  for (const name of CATALOG_FILES) {
    if (!byName.has(name)) errors.push({ file: name, line: 1, col: 1, code: 'catalog_missing', message: `catalog file ${name} is missing from the pack` });
  }
  if (errors.length > 0) return { ok: false, errors };
  const apps = parseJson(byName.get('apps.json')!, AppsFileSchema, errors);
  const kinds = parseJson(byName.get('kinds.json')!, KindsFileSchema, errors);
  const buttons = parseJson(byName.get('buttons.json')!, ButtonsFileSchema, errors);
  const tools = parseJson(byName.get('tools.json')!, ToolsFileSchema, errors);
  const hosts = parseJson(byName.get('hosts.json')!, HostsFileSchema, errors);
  if (!apps || !kinds || !buttons || !tools || !hosts) return { ok: false, errors };

  for (const [pkg, kind] of Object.entries(apps.apps)) {
    if (!kinds.kinds[kind]) errors.push({ file: byName.get('apps.json')!.path, line: 1, col: 1, code: 'catalog_invalid', message: `app ${pkg} has unknown kind "${kind}"` });
  }
  if (!kinds.kinds.other) errors.push({ file: byName.get('kinds.json')!.path, line: 1, col: 1, code: 'catalog_invalid', message: 'kinds.json must define the fallback kind "other"' });
  if (errors.length > 0) return { ok: false, errors };

  const appMap = new Map(Object.entries(apps.apps).map(([pkg, kind]) => [pkg.toLowerCase(), kind]));
  // A vendor whose known apps are all of one kind (com.revolut.*: payments) makes its other apps
  // that kind too (com.revolut.business); a vendor of many kinds (com.google.*) says nothing.
  // (two known apps at least: one app of a vendor says little of its others)
  const vendorKinds = new Map<string, { kind: string | null; apps: number }>();
  for (const [pkg, kind] of appMap) {
    const vendor = vendorOf(pkg);
    if (vendor === null) continue;
    const seen = vendorKinds.get(vendor);
    vendorKinds.set(vendor, { kind: seen === undefined || seen.kind === kind ? kind : null, apps: (seen?.apps ?? 0) + 1 });
  }
  const keywordMap = new Map(apps.keywords.map(([word, kind]) => [word, kind]));
  const appNames = new Map(Object.entries(apps.names).map(([name, kind]) => [name.toLowerCase(), kind]));
  const appCache = new Map<string, string>();

  const labelMap = new Map<string, ButtonSemantic>();
  for (const [semantic, labels] of Object.entries(buttons.labels) as Array<[ButtonSemantic, string[]]>) {
    for (const label of labels) labelMap.set(labelKey(label), semantic);
  }
  const idMap = new Map<string, ButtonSemantic>();
  for (const [semantic, words] of Object.entries(buttons.ids) as Array<[ButtonSemantic, string[]]>) {
    for (const word of words) idMap.set(word, semantic);
  }
  const fieldWords = new Set(buttons.fieldWords);
  let prefixRest: RegExp;
  try {
    prefixRest = new RegExp(buttons.prefixRest, 'iu');
  } catch (error) {
    errors.push({ file: byName.get('buttons.json')!.path, line: 1, col: 1, code: 'catalog_invalid', message: `prefixRest is not a valid regular expression: ${(error as Error).message}` });
    return { ok: false, errors };
  }
  const listed = (lists: Partial<Record<ButtonSemantic, string[]>>, needsAmount: boolean) =>
    (Object.entries(lists) as Array<[ButtonSemantic, string[]]>).flatMap(([semantic, list]) => list.map((prefix) => ({ prefix: labelKey(prefix), semantic, needsAmount })));
  const prefixes = [...listed(buttons.prefixes, false), ...listed(buttons.amountPrefixes, true)].sort((a, b) => b.prefix.length - a.prefix.length);
  const contextEffects: Array<[ContextEffect, RegExp]> = [];
  for (const [effect, source] of buttons.contextEffects) {
    try {
      contextEffects.push([effect, new RegExp(source, 'iu')]);
    } catch (error) {
      errors.push({ file: byName.get('buttons.json')!.path, line: 1, col: 1, code: 'catalog_invalid', message: `contextEffects ${effect}: "${source}" is not a valid regular expression: ${(error as Error).message}` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const byPrefix = (key: string): ButtonSemantic | null => {
    for (const { prefix, semantic, needsAmount } of prefixes) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      if (prefixRest.test(rest) && (!needsAmount || AMOUNT_DIGIT.test(rest))) return semantic;
    }
    return null;
  };
  // Labels and ids repeat across events: remember their semantics (bounded).
  const labelCache = new Map<string, ButtonSemantic | null>();
  const idCache = new Map<string, ButtonSemantic | null>();
  const remember = <T>(cache: Map<string, T>, key: string, value: T): T => {
    if (cache.size > 5000) cache.clear();
    cache.set(key, value);
    return value;
  };

  const resources = new Map<string, string>();
  for (const [resource, words] of tools.resourceWords) for (const w of words) if (!resources.has(w)) resources.set(w, resource);
  const verbs = new Map<string, string>();
  for (const [verb, words] of tools.verbWords) for (const w of words) if (!verbs.has(w)) verbs.set(w, verb);
  const argumentKeys = Object.fromEntries(Object.entries(tools.argumentKeys).map(([k, v]) => [k, keySet(v)])) as unknown as Catalog['argumentKeys'];
  const sensitive = tools.sensitiveSettings.map((s) => s.toLowerCase());
  const security = tools.securityFeatures.map((s) => s.toLowerCase());

  const catalog: Catalog = {
    appKindByName(name) {
      return appNames.get(name.trim().toLowerCase()) ?? null;
    },
    appKind(pkg) {
      if (!pkg) return 'other';
      const key = pkg.toLowerCase();
      const cached = appCache.get(key);
      if (cached) return cached;
      let kind = appMap.get(key);
      if (!kind) {
        // Longest known package that prefixes this one (e.g. com.venmo.debug), then keywords.
        for (const [known, k] of appMap) if (key.startsWith(`${known}.`)) kind = k;
      }
      if (!kind) {
        const vendor = vendorOf(key);
        const known = vendor === null ? undefined : vendorKinds.get(vendor);
        if (known && known.apps >= 2 && known.kind) kind = known.kind;
      }
      if (!kind) {
        // (the first word is a domain's top level, com or io, unless it says more: chat.simplex.app)
        const all = packageWords(key);
        const words = (all.length > 1 && (all[0].length <= 3 || TOP_LEVEL.has(all[0])) ? all.slice(1) : all).reverse();
        // Two words of one name count as one: com.cxinventor.file.explorer is a file explorer.
        for (let i = 0; i + 1 < words.length && !kind; i++) kind = keywordMap.get(words[i + 1] + words[i]);
        for (const word of kind ? [] : words) {
          // Inside a word: 4+ letter keywords anywhere, 3-letter ones at its start or end (paypay, gopay).
          const hit = keywordMap.get(word) ?? [...keywordMap.entries()].find(([w]) => (w.length >= 4 && word.includes(w)) || (w.length === 3 && word.length > 3 && (word.startsWith(w) || word.endsWith(w))))?.[1];
          if (hit) {
            kind = hit;
            break;
          }
        }
      }
      kind = kind ?? 'other';
      appCache.set(key, kind);
      return kind;
    },
    kindInfo(kind) {
      return kinds.kinds[kind] ?? kinds.kinds.other;
    },
    kindOfResource(resource) {
      return kinds.byResource[resource] ?? 'other';
    },
    buttonByLabel(label) {
      if (!label) return null;
      const cached = labelCache.get(label);
      if (cached !== undefined) return cached;
      const key = labelKey(label);
      return remember(labelCache, label, labelMap.get(key) ?? byPrefix(key));
    },
    buttonById(resourceId) {
      if (!resourceId) return null;
      const cached = idCache.get(resourceId);
      if (cached !== undefined) return cached;
      const words = idWords(resourceId);
      let hit: ButtonSemantic | null = null;
      // (an id that ends as a button is one, whatever field it sits by: conversation_input_send_button)
      if (BUTTON_ENDING.test(words[words.length - 1] ?? '') || !words.some((w) => fieldWords.has(w))) {
        // (a numbered copy of a button is that button, and a word that names what it commits says more
        // than the number of a dialog's button: send_button1 sends, android:id/button1 confirms)
        for (let i = words.length - 1; i >= 0; i--) {
          const named = idMap.get(words[i]) ?? idMap.get(words[i].replace(/\d+$/, ''));
          if (!named) continue;
          hit ??= named;
          if (!DIALOG_BUTTON.test(words[i]) || named !== 'confirm') {
            hit = named;
            break;
          }
        }
      }
      return remember(idCache, resourceId, hit);
    },
    tools,
    toolWords: { resources, verbs, cloud: new Set(tools.cloudServices), money: new Set(tools.moneyMovingWords) },
    argumentKeys,
    hosts: new Map(Object.entries(hosts.hosts)),
    sensitiveSetting(text) {
      const lower = text.toLowerCase();
      return sensitive.some((s) => lower.includes(s));
    },
    securityFeature(text) {
      const lower = text.toLowerCase();
      return security.some((s) => lower.includes(s));
    },
    contextEffect(context) {
      for (const [effect, re] of contextEffects) if (re.test(context)) return effect;
      return null;
    },
  };
  return { ok: true, catalog };
}
