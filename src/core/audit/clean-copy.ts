// The prefilter of redaction: a sorted deep copy of a JSON value made without any of the full
// walk's bookkeeping (paths, masks, error messages), returned only when it proves the full walk
// would mask nothing and refuse nothing. Live traffic is almost always in that case, and this
// copy costs a fraction of the walk. Anything it is unsure of — a secret-named key, a string
// that may hold a secret, a value JSON cannot carry, a key JavaScript would reorder — makes it
// give up, and `redactByFullWalk` decides.
import { withFastProperties } from './fast-properties';
import { secretKindOfKey, textNeedsRedaction } from './secret-text';
import { isIntegerKey, keysSorted, sortedKeys } from './sorted-keys';

/** Returned by the copy when it cannot vouch for a value. */
const UNSURE: unique symbol = Symbol('unsure');

function copy(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
      return textNeedsRedaction(v) ? UNSURE : v;
    case 'number':
      return Number.isFinite(v) ? v : UNSURE;
    case 'boolean':
      return v;
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) {
        let out: unknown[] | null = null;
        for (let i = 0; i < v.length; i++) {
          // `undefined` falls to the default case: the full walk refuses it in an array.
          const item = copy(v[i]);
          if (item === UNSURE) return UNSURE;
          if (item !== v[i]) (out ??= v.slice(0, i)).push(item);
          else if (out) out.push(item);
        }
        return out ?? v;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return UNSURE;
      const record = v as Record<string, unknown>;
      const own = Object.keys(record);
      const inOrder = keysSorted(own);
      const keys = inOrder ? own : sortedKeys(record);
      // An object already in canonical order whose parts need no change is used as it is (the
      // normalizer builds events that way, so they are serialized without being copied); a copy
      // is started only at the first key that differs, so the common case allocates nothing.
      let out: Record<string, unknown> | null = inOrder ? null : {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (key === '__proto__' || isIntegerKey(key)) return UNSURE; // the walk copies these its own way
        const value = record[key];
        // Under a secret-named key every string and number is masked; flags and nulls are kept
        // (e.g. AgentEvent.secretField: false).
        if (value !== undefined && typeof value !== 'boolean' && value !== null && secretKindOfKey(key) !== null) return UNSURE;
        const item = value === undefined ? undefined : copy(value);
        if (item === UNSURE) return UNSURE;
        if (out === null && item !== value) out = startCopy(record, keys, i);
        // An undefined value is left out, as JSON and the full walk do (JSON.stringify skips it when shared).
        if (out !== null && item !== undefined) out[key] = item;
      }
      return out === null ? v : withFastProperties(out, keys.length);
    }
    default:
      return UNSURE;
  }
}

/** A new object holding the first `upTo` keys of `record` (their values needed no change). */
function startCopy(record: Record<string, unknown>, keys: readonly string[], upTo: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < upTo; i++) if (record[keys[i]] !== undefined) out[keys[i]] = record[keys[i]];
  return out;
}

/**
 * `{ copy }` — a deep copy with every object's keys in canonical order, equal to what
 * `redactByFullWalk` returns with no redactions and `sorted: true` — or null when the value may
 * need masking or cannot be stored as JSON.
 */
export function copyIfNothingToRedact<T>(value: T): { copy: T } | null {
  const out = copy(value);
  return out === UNSURE ? null : { copy: out as T };
}
