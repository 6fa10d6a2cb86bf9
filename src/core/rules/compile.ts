// FlowRule compiler: validated RuleNodes → closures, indexed by effect so the cost of an event
// does not grow with rules that cannot match it.
import type { AgentEvent, Effect } from '../event/agent-event';
import { grants } from '../config/policy-config';
import type { Comparator, Expr, RuleNode, RuleOutcome } from './ast';
import type { RuleContext } from './context';
import { FIELDS } from './fields';
import type { RuleError } from './parser';

export type Predicate = (ctx: RuleContext) => boolean;

export interface CompiledRule {
  id: string;
  priority: number;
  tier: 'T2' | 'T3' | 'T4';
  when: Predicate;
  then: RuleOutcome;
  else?: RuleOutcome;
  file: string;
  line: number;
  /** Effects this rule can fire on; null = any. */
  effects: ReadonlySet<string> | null;
  /** One field the rule requires to equal one of these values (for the index); null = none. */
  requires: { field: string; values: ReadonlySet<string> } | null;
}

/** Fields an index can key on: exact, case-insensitive string equality on the event. */
const INDEXABLE: Record<string, (e: AgentEvent) => string | null> = {
  app: (e) => e.app ?? null,
  agent: (e) => e.agent,
  'agent.role': (e) => e.policy.role,
  'sink.host': (e) => e.sink?.host ?? null,
  resource: (e) => e.resource,
  action: (e) => e.action,
  device: (e) => e.device ?? null,
};

/** An exact-match constraint of the top-level conjunction on an indexable field, if any. */
function requirementOf(expr: Expr): { field: string; values: Set<string> } | null {
  switch (expr.type) {
    case 'is':
      return !expr.negate && INDEXABLE[expr.field] && typeof expr.value === 'string' ? { field: expr.field, values: new Set([expr.value.toLowerCase()]) } : null;
    case 'in':
      return !expr.negate && INDEXABLE[expr.field] && expr.values.every((v) => typeof v === 'string') ? { field: expr.field, values: new Set(expr.values.map((v) => String(v).toLowerCase())) } : null;
    case 'and':
      return requirementOf(expr.left) ?? requirementOf(expr.right);
    default:
      return null;
  }
}

export interface RuleIndex {
  /** rules that may fire on an event with this effect, highest priority first */
  forEffect(effect: Effect): readonly CompiledRule[];
  /** rules that may fire on this event: by effect, then by one exact-match field each rule
   * requires (app, agent, role, host, …), highest priority first */
  forEvent(event: AgentEvent): readonly CompiledRule[];
  readonly all: readonly CompiledRule[];
  /** session counters (`count(...) within W`), kept incrementally by the session */
  readonly counters: readonly SessionCounter[];
}

export interface SessionCounter {
  index: number;
  windowMs: number;
  matches: Predicate;
}

const EFFECTS = new Set(FIELDS.effect.values);

function compare(a: number, op: Comparator, b: number): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '>=': return a >= b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '<': return a < b;
  }
}

// Many `contains` rules test the same field of the same event (the payload text is one string
// per event): its lower-case form is made once, not once per rule.
let lastText = '';
let lastLower = '';
function lowerCase(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastLower = text.toLowerCase();
  }
  return lastLower;
}

function globToRegex(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

class Validator {
  errors: RuleError[] = [];
  constructor(private readonly rule: RuleNode) {}
  error(pos: { line: number; col: number }, message: string): void {
    this.errors.push({ file: this.rule.file, line: pos.line, col: pos.col, code: 'rule_invalid', message: `rule ${this.rule.id}: ${message}` });
  }
}

function compileExpr(expr: Expr, v: Validator, counters: SessionCounter[]): Predicate {
  switch (expr.type) {
    case 'const':
      return () => expr.value;
    case 'and': {
      const l = compileExpr(expr.left, v, counters);
      const r = compileExpr(expr.right, v, counters);
      return (c) => l(c) && r(c);
    }
    case 'or': {
      const l = compileExpr(expr.left, v, counters);
      const r = compileExpr(expr.right, v, counters);
      return (c) => l(c) || r(c);
    }
    case 'not': {
      const e = compileExpr(expr.expr, v, counters);
      return (c) => !e(c);
    }
    case 'is':
    case 'in': {
      const field = FIELDS[expr.field];
      if (!field) {
        v.error(expr.pos, `unknown field "${expr.field}" (known: ${Object.keys(FIELDS).join(', ')})`);
        return () => false;
      }
      const values = expr.type === 'is' ? [expr.value] : expr.values;
      if (field.values) {
        for (const value of values) {
          if (typeof value !== 'string' || !field.values.includes(value)) v.error(expr.pos, `"${String(value)}" is not a value of ${expr.field} (one of: ${field.values.join(', ')})`);
        }
      }
      const get = field.get;
      const negate = expr.negate;
      // Strings compare case-insensitively: expected values are folded once, here. A field with a
      // closed set of values (effect, sink, agent.mode …) holds exactly those spellings, and the
      // validation above admits only them, so it compares as is.
      const exact = field.values !== undefined;
      const strings = new Set(values.filter((value) => typeof value === 'string').map((value) => (exact ? (value as string) : (value as string).toLowerCase())));
      const others = values.filter((value) => typeof value !== 'string');
      const one = (actual: string | number | boolean | null): boolean => (typeof actual === 'string' ? strings.has(exact ? actual : actual.toLowerCase()) : others.includes(actual as number | boolean));
      return (c) => {
        const actual = get(c.event, c);
        const hit = Array.isArray(actual) ? actual.some(one) : one(actual as string | number | boolean | null);
        return negate ? !hit : hit;
      };
    }
    case 'matches': {
      const field = FIELDS[expr.field];
      if (!field) {
        v.error(expr.pos, `unknown field "${expr.field}"`);
        return () => false;
      }
      let re: RegExp;
      try {
        if (expr.pattern.startsWith('/')) {
          const last = expr.pattern.lastIndexOf('/');
          re = new RegExp(expr.pattern.slice(1, last), expr.pattern.slice(last + 1));
        } else {
          re = globToRegex(expr.pattern);
        }
      } catch (error) {
        v.error(expr.pos, `bad pattern ${expr.pattern}: ${(error as Error).message}`);
        return () => false;
      }
      const get = field.get;
      return (c) => {
        const actual = get(c.event, c);
        if (Array.isArray(actual)) return actual.some((a) => re.test(a));
        return actual !== null && re.test(String(actual));
      };
    }
    case 'contains': {
      const field = FIELDS[expr.field];
      if (!field) {
        v.error(expr.pos, `unknown field "${expr.field}"`);
        return () => false;
      }
      const needle = expr.text.toLowerCase();
      const get = field.get;
      return (c) => {
        const actual = get(c.event, c);
        if (Array.isArray(actual)) return actual.some((a) => lowerCase(a).includes(needle));
        return actual !== null && lowerCase(String(actual)).includes(needle);
      };
    }
    case 'compare': {
      const field = FIELDS[expr.field];
      if (!field) {
        v.error(expr.pos, `unknown field "${expr.field}"`);
        return () => false;
      }
      const get = field.get;
      return (c) => {
        const actual = get(c.event, c);
        return typeof actual === 'number' && compare(actual, expr.op, expr.value);
      };
    }
    case 'carries': {
      const labels = expr.labels;
      if (labels.length === 0) v.error(expr.pos, 'carries needs at least one label');
      if (expr.what === 'target' && labels.some((l) => l === 'private' || l === 'secret')) v.error(expr.pos, 'target carries tests untrusted provenance; use payload carries for private/secret');
      return expr.what === 'payload'
        ? (c) => {
            const carried = c.payloadLabels();
            return carried.size > 0 && labels.some((l) => carried.has(l));
          }
        : (c) => {
            const carried = c.targetLabels();
            return carried.size > 0 && labels.some((l) => carried.has(l));
          };
    }
    case 'scope': {
      const dot = expr.scope.indexOf('.');
      if (dot <= 0) v.error(expr.pos, `scope "${expr.scope}" must be <resource>.<verb>`);
      const resource = expr.scope.slice(0, dot);
      const verb = expr.scope.slice(dot + 1);
      return (c) => grants(c.event.policy.scopes, resource, verb === '*' ? null : verb);
    }
    case 'count': {
      const inner = compileExpr(expr.expr, v, counters);
      if (expr.windowMs <= 0) v.error(expr.pos, 'count window must be positive');
      // The session keeps, per counter, the times of earlier events that matched `inner`;
      // counting is then proportional to the matches in the window, not to the history.
      const counter: SessionCounter = { index: counters.length, windowMs: expr.windowMs, matches: inner };
      counters.push(counter);
      return (c) => compare(c.counted(counter.index, expr.windowMs) + (inner(c) ? 1 : 0), expr.op, expr.value);
    }
  }
}

/** Effects a `when` can be true for, from its top-level conjunction; null when unconstrained. */
function effectsOf(expr: Expr): Set<string> | null {
  switch (expr.type) {
    case 'is':
      return expr.field === 'effect' && !expr.negate && typeof expr.value === 'string' ? new Set([expr.value]) : null;
    case 'in':
      return expr.field === 'effect' && !expr.negate ? new Set(expr.values.map(String)) : null;
    case 'and': {
      const l = effectsOf(expr.left);
      const r = effectsOf(expr.right);
      if (l && r) return new Set([...l].filter((x) => r.has(x)));
      return l ?? r;
    }
    case 'or': {
      const l = effectsOf(expr.left);
      const r = effectsOf(expr.right);
      return l && r ? new Set([...l, ...r]) : null;
    }
    case 'const':
      return expr.value ? null : new Set();
    default:
      return null;
  }
}

export function compileRules(nodes: RuleNode[]): { index: RuleIndex; errors: RuleError[] } {
  const errors: RuleError[] = [];
  const seen = new Map<string, RuleNode>();
  const compiled: CompiledRule[] = [];
  const counters: SessionCounter[] = [];
  for (const node of nodes) {
    const previous = seen.get(node.id);
    if (previous) {
      errors.push({ file: node.file, line: node.pos.line, col: node.pos.col, code: 'rule_invalid', message: `rule ${node.id} is defined twice (first at ${previous.file}:${previous.pos.line})` });
      continue;
    }
    seen.set(node.id, node);
    const v = new Validator(node);
    const when = compileExpr(node.when, v, counters);
    if (node.then.action === 'approve' && node.tier !== 'T2') v.error(node.then.pos, 'approve belongs in a T2 rule');
    errors.push(...v.errors);
    const effects = node.else ? null : effectsOf(node.when);
    for (const e of effects ?? []) if (!EFFECTS.has(e)) errors.push({ file: node.file, line: node.pos.line, col: node.pos.col, code: 'rule_invalid', message: `rule ${node.id}: unknown effect "${e}"` });
    const requires = node.else ? null : requirementOf(node.when);
    compiled.push({ id: node.id, priority: node.priority, tier: node.tier, when, then: node.then, else: node.else, file: node.file, line: node.pos.line, effects, requires });
  }
  compiled.sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
  const byEffect = new Map<string, CompiledRule[]>();
  for (const effect of EFFECTS) byEffect.set(effect, compiled.filter((r) => r.effects === null || r.effects.has(effect)));
  const none: CompiledRule[] = [];
  // Second level: per effect, rules without an indexable requirement, and the others keyed by
  // field → value. An event then meets only the rules whose required value it has.
  const order = new Map(compiled.map((r, i) => [r, i]));
  const byEvent = new Map<string, { open: CompiledRule[]; keyed: Map<string, Map<string, CompiledRule[]>> }>();
  for (const [effect, rules] of byEffect) {
    const open: CompiledRule[] = [];
    const keyed = new Map<string, Map<string, CompiledRule[]>>();
    for (const rule of rules) {
      if (!rule.requires) {
        open.push(rule);
        continue;
      }
      const byValue = keyed.get(rule.requires.field) ?? new Map<string, CompiledRule[]>();
      for (const value of rule.requires.values) byValue.set(value, [...(byValue.get(value) ?? []), rule]);
      keyed.set(rule.requires.field, byValue);
    }
    byEvent.set(effect, { open, keyed });
  }
  const forEvent = (event: AgentEvent): readonly CompiledRule[] => {
    const bucket = byEvent.get(event.effect);
    if (!bucket) return none;
    if (bucket.keyed.size === 0) return bucket.open;
    let extra: CompiledRule[] | null = null;
    for (const [field, byValue] of bucket.keyed) {
      const value = INDEXABLE[field](event);
      const hit = value === null ? undefined : byValue.get(value.toLowerCase());
      if (hit) (extra ??= []).push(...hit);
    }
    if (!extra) return bucket.open;
    return [...bucket.open, ...extra].sort((a, b) => order.get(a)! - order.get(b)!);
  };
  return {
    errors,
    index: {
      forEffect: (effect) => byEffect.get(effect) ?? none,
      forEvent,
      all: compiled,
      counters,
    },
  };
}

export type { AgentEvent };
