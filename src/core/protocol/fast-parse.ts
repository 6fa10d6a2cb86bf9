// A fast path for the hot loop: structurally checks a well-formed ActionRequest without building
// zod's parse result. It only ever says "valid" when the zod schema would accept the same input
// with the same output (a property test holds it to that); anything else — including every
// invalid request — goes through zod, which produces the error naming the field.
import { CHANNELS, GUI_OPS, type ActionRequest } from './schema';

const CHANNEL_SET = new Set<string>(CHANNELS);
const STEP_CHANNELS = new Set(['gui', 'api', 'tool']);
const OPS = new Set<string>(GUI_OPS);
const REQUEST_KEYS = new Set(['v', 'id', 'session', 'agent', 'device', 'channel', 'gui', 'api', 'tool', 'llm', 'meta']);
const GUI_KEYS = new Set(['op', 'app', 'target', 'text', 'key', 'direction']);
const TARGET_KEYS = new Set(['resourceId', 'text', 'contentDesc', 'className', 'xpath', 'point']);
const API_KEYS = new Set(['method', 'url', 'headers', 'body']);
const TOOL_KEYS = new Set(['name', 'arguments']);
const LLM_KEYS = new Set(['planner', 'steps']);
const STEP_KEYS = new Set(['channel', 'gui', 'api', 'tool']);

type Obj = Record<string, unknown>;

function plain(value: unknown): value is Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function onlyKeys(obj: Obj, allowed: ReadonlySet<string>): boolean {
  for (const key in obj) if (!allowed.has(key) || obj[key] === undefined) return false;
  return true;
}

const str = (v: unknown): boolean => typeof v === 'string';
const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);

function target(v: unknown): boolean {
  if (!plain(v) || !onlyKeys(v, TARGET_KEYS)) return false;
  if (!optional(v.resourceId, str) || !optional(v.text, str) || !optional(v.contentDesc, str) || !optional(v.className, str) || !optional(v.xpath, str)) return false;
  if (v.point !== undefined) {
    const p = v.point;
    if (!plain(p) || !onlyKeys(p, new Set(['x', 'y'])) || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  }
  return true;
}

function gui(v: unknown): boolean {
  return plain(v) && onlyKeys(v, GUI_KEYS) && typeof v.op === 'string' && OPS.has(v.op) && optional(v.app, nonEmpty) && optional(v.target, target) && optional(v.text, str) && optional(v.key, str) && optional(v.direction, str);
}

function stringRecord(v: unknown): boolean {
  if (!plain(v)) return false;
  for (const key in v) if (typeof v[key] !== 'string') return false;
  return true;
}

function api(v: unknown): boolean {
  return plain(v) && onlyKeys(v, API_KEYS) && nonEmpty(v.method) && nonEmpty(v.url) && optional(v.headers, stringRecord);
}

function tool(v: unknown): boolean {
  return plain(v) && onlyKeys(v, TOOL_KEYS) && nonEmpty(v.name) && optional(v.arguments, plain);
}

/** Zod fills `tool.arguments` with {} when absent; the fast path must return the same shape. */
function withToolDefaults<T extends { tool?: unknown }>(holder: T): T {
  const t = holder.tool as Obj | undefined;
  return t && t.arguments === undefined ? Object.assign({}, holder, { tool: Object.assign({}, t, { arguments: {} }) }) : holder;
}

function step(v: unknown): boolean {
  return plain(v) && onlyKeys(v, STEP_KEYS) && typeof v.channel === 'string' && STEP_CHANNELS.has(v.channel) && optional(v.gui, gui) && optional(v.api, api) && optional(v.tool, tool);
}

/** The request, typed, when it is certainly valid; null when zod has to look at it. */
export function fastParseActionRequest(input: unknown): ActionRequest | null {
  if (!plain(input) || input.v !== 1 || !onlyKeys(input, REQUEST_KEYS)) return null;
  if (!nonEmpty(input.session) || !nonEmpty(input.agent) || !optional(input.id, nonEmpty) || !optional(input.device, nonEmpty)) return null;
  if (typeof input.channel !== 'string' || !CHANNEL_SET.has(input.channel)) return null;
  if (!optional(input.gui, gui) || !optional(input.api, api) || !optional(input.tool, tool) || !optional(input.meta, plain)) return null;
  let request = input;
  if (input.llm !== undefined) {
    const llm = input.llm;
    if (!plain(llm) || !onlyKeys(llm, LLM_KEYS) || !optional(llm.planner, str) || !Array.isArray(llm.steps) || llm.steps.length === 0 || !llm.steps.every(step)) return null;
    if (llm.steps.some((s: Obj) => s.tool !== undefined && (s.tool as Obj).arguments === undefined)) {
      request = Object.assign({}, input, { llm: Object.assign({}, llm, { steps: llm.steps.map((s: Obj) => withToolDefaults(s)) }) });
    }
  }
  return withToolDefaults(request) as unknown as ActionRequest;
}
