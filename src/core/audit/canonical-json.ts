// Canonical JSON (RFC 8785 style): object keys sorted by UTF-16 code units, no whitespace,
// numbers in ECMAScript shortest form. The Merkle log hashes these bytes, so two writers of the
// same record always produce the same leaf. Values JSON cannot carry are rejected, naming the path.
import { auditError } from './errors';

function encode(value: unknown, path: string, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw auditError('invalid_input', `canonical JSON: ${path || '(root)'} is ${value}, not a finite number`, path || '(root)');
      out.push(Object.is(value, -0) ? '0' : JSON.stringify(value));
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out.push(',');
          const item = value[i];
          if (item === undefined) throw auditError('invalid_input', `canonical JSON: ${path}[${i}] is undefined`, `${path}[${i}]`);
          encode(item, `${path}[${i}]`, out);
        }
        out.push(']');
        return;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw auditError('invalid_input', `canonical JSON: ${path || '(root)'} is a ${proto?.constructor?.name ?? 'non-plain object'}, not a plain object`, path || '(root)');
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out.push('{');
      keys.forEach((key, i) => {
        if (i > 0) out.push(',');
        out.push(JSON.stringify(key), ':');
        encode(record[key], path ? `${path}.${key}` : key, out);
      });
      out.push('}');
      return;
    }
    default:
      throw auditError('invalid_input', `canonical JSON: ${path || '(root)'} is a ${typeof value}, which JSON cannot carry`, path || '(root)');
  }
}

const INVALID = Symbol('invalid');

/** Fast path: no path bookkeeping; throws INVALID and lets `encode` name the offending path. */
function fast(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw INVALID;
      return value === 0 ? '0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let s = '[';
        for (let i = 0; i < value.length; i++) {
          if (value[i] === undefined) throw INVALID;
          s += (i > 0 ? ',' : '') + fast(value[i]);
        }
        return s + ']';
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw INVALID;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let s = '{';
      let first = true;
      for (const key of keys) {
        const v = record[key];
        if (v === undefined) continue;
        s += (first ? '' : ',') + JSON.stringify(key) + ':' + fast(v);
        first = false;
      }
      return s + '}';
    }
    default:
      throw INVALID;
  }
}

/** The canonical JSON text of a value. Object properties that are `undefined` are left out. */
export function canonicalJson(value: unknown): string {
  try {
    return fast(value);
  } catch (error) {
    if (error !== INVALID) throw error;
    const out: string[] = [];
    encode(value, '', out);
    return out.join('');
  }
}

const encoder = new TextEncoder();

/** UTF-8 bytes of the canonical JSON text. */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalJson(value));
}

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
