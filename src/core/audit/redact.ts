// Redaction of secrets in payloads before they are stored: API keys, passwords, OTPs, private
// keys, bearer tokens. Whole values are masked when their field name says secret; inside free
// text only the secret substring is masked. Every mask is recorded ({path, kind}) so a reviewer
// knows what was hidden and where. What counts as a secret is defined in `secret-text.ts`.
import { copyIfNothingToRedact } from './clean-copy';
import { auditError } from './errors';
import { withFastProperties } from './fast-properties';
import { mask, redactText, secretKindOfKey, type SecretKind } from './secret-text';
import { isIntegerKey, sortedKeys } from './sorted-keys';

export { mask, redactText, secretKindOfKey, type SecretKind } from './secret-text';

export interface Redaction {
  /** Dotted path of the masked value inside the stored record part, e.g. `request.api.headers.Authorization`. */
  path: string;
  kind: SecretKind;
}

export interface RedactResult<T> {
  value: T;
  redactions: Redaction[];
  /**
   * True when every object of the copy has its keys in canonical (sorted) insertion order, so
   * JSON.stringify of it is already canonical JSON. False when an object has integer-like keys,
   * which JavaScript always enumerates first.
   */
  sorted: boolean;
}

export interface RedactOptions {
  /** Paths (as produced here, relative to the value) whose whole value must be masked. */
  secretPaths?: ReadonlySet<string>;
  /** Objects of the input (by identity) and the keys in them whose values must be masked whole. */
  secretSlots?: ReadonlyMap<object, ReadonlySet<string>>;
}

/** Path of the current node from a stack of keys: `a.b[2].c`. Built only when a path is needed. */
function pathOf(base: string, keys: ReadonlyArray<string | number>): string {
  let path = base;
  for (const key of keys) path = typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  return path;
}


interface WalkContext {
  base: string;
  redactions: Redaction[];
  stack: Array<string | number>;
  secretPaths: ReadonlySet<string> | null;
  slots: ReadonlyMap<object, ReadonlySet<string>> | null;
  sorted: boolean;
}

function here(ctx: WalkContext): string {
  return pathOf(ctx.base, ctx.stack);
}

function invalid(ctx: WalkContext, what: string): never {
  const path = here(ctx);
  throw auditError('invalid_input', `${path || '(root)'} is ${what}, which JSON cannot carry`, path || '(root)');
}

function walk(ctx: WalkContext, v: unknown, keyKind: SecretKind | null, forced: boolean): unknown {
  if (forced || (ctx.secretPaths !== null && ctx.secretPaths.has(here(ctx)))) {
    if ((typeof v === 'string' || typeof v === 'number') && String(v) !== '') {
      const kind = keyKind ?? 'secret_field';
      ctx.redactions.push({ kind, path: here(ctx) });
      return mask(kind);
    }
  }
  switch (typeof v) {
    case 'string': {
      if (keyKind && v !== '' && !v.startsWith('[REDACTED:')) {
        // Keep the scheme of an Authorization header readable: `Bearer [REDACTED:token]`.
        const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(v);
        ctx.redactions.push({ kind: keyKind, path: here(ctx) });
        return scheme ? `${scheme[0]}${mask(keyKind)}` : mask(keyKind);
      }
      const r = redactText(v);
      if (r.kinds.length > 0) {
        const path = here(ctx);
        for (const kind of r.kinds) ctx.redactions.push({ kind, path });
      }
      return r.text;
    }
    case 'number':
      if (!Number.isFinite(v)) return invalid(ctx, String(v));
      if (keyKind) {
        ctx.redactions.push({ kind: keyKind, path: here(ctx) });
        return mask(keyKind);
      }
      return v;
    case 'boolean':
      return v;
    case 'undefined':
      return undefined;
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) {
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          ctx.stack.push(i);
          if (v[i] === undefined) invalid(ctx, 'undefined');
          out[i] = walk(ctx, v[i], keyKind, false);
          ctx.stack.pop();
        }
        return out;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return invalid(ctx, `a ${proto?.constructor?.name ?? 'non-plain object'}`);
      const out: Record<string, unknown> = {};
      const record = v as Record<string, unknown>;
      const secretKeys = ctx.slots?.get(record);
      const keys = sortedKeys(record);
      for (const k of keys) {
        if (isIntegerKey(k)) ctx.sorted = false;
        ctx.stack.push(k);
        const child = walk(ctx, record[k], keyKind ?? secretKindOfKey(k), secretKeys !== undefined && secretKeys.has(k));
        ctx.stack.pop();
        if (child === undefined) continue;
        if (k === '__proto__') Object.defineProperty(out, k, { value: child, enumerable: true, writable: true, configurable: true });
        else out[k] = child;
      }
      return withFastProperties(out, keys.length);
    }
    default:
      return invalid(ctx, `a ${typeof v}`);
  }
}

/**
 * Returns a redacted deep copy of a JSON value and the list of masked paths (prefixed with
 * `base`). The copy has sorted keys; values JSON cannot carry (NaN, undefined in arrays,
 * functions, class instances) are refused with `invalid_input` naming the path, never dropped.
 *
 * Most values hold no secret at all, so a lean copy that proves it (`copyIfNothingToRedact`)
 * is tried first; anything it cannot vouch for goes through the full walk, which alone decides
 * what is masked and which error is thrown. Both give the same result (property-tested).
 */
export function redactValue<T>(value: T, base = '', options: RedactOptions = {}): RedactResult<T> {
  if (!(options.secretPaths && options.secretPaths.size > 0) && !(options.secretSlots && options.secretSlots.size > 0)) {
    const clean = copyIfNothingToRedact(value);
    if (clean !== null) return { value: clean.copy, redactions: [], sorted: true };
  }
  return redactByFullWalk(value, base, options);
}

/** The reference redaction: walks every node, tracking paths, masking and recording each secret. */
export function redactByFullWalk<T>(value: T, base = '', options: RedactOptions = {}): RedactResult<T> {
  const ctx: WalkContext = {
    base,
    redactions: [],
    stack: [],
    secretPaths: options.secretPaths && options.secretPaths.size > 0 ? options.secretPaths : null,
    slots: options.secretSlots && options.secretSlots.size > 0 ? options.secretSlots : null,
    sorted: true,
  };
  const out = walk(ctx, value, null, false) as T;
  return { value: out, redactions: ctx.redactions, sorted: ctx.sorted };
}
