// Redaction of secrets in payloads before they are stored: API keys, passwords, OTPs, private
// keys, bearer tokens. Whole values are masked when their field name says secret; inside free
// text only the secret substring is masked. Every mask is recorded ({path, kind}) so a reviewer
// knows what was hidden and where.
import { auditError } from './errors';

export type SecretKind = 'private_key' | 'api_key' | 'token' | 'password' | 'otp' | 'secret_field';

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

export function mask(kind: SecretKind): string {
  return `[REDACTED:${kind}]`;
}

/** Field names (lowercased, without `-`, `_`, `.`, spaces) whose whole value is a secret. */
const SECRET_KEY_EXACT: Record<string, SecretKind> = {
  pin: 'password',
  pass: 'password',
  pwd: 'password',
  otp: 'otp',
  totp: 'otp',
  hotp: 'otp',
  cookie: 'token',
  setcookie: 'token',
  authorization: 'token',
  proxyauthorization: 'token',
};

const SECRET_KEY_PARTS: Array<[string, SecretKind]> = [
  ['privatekey', 'private_key'],
  ['password', 'password'],
  ['passwd', 'password'],
  ['passcode', 'password'],
  ['passphrase', 'password'],
  ['apikey', 'api_key'],
  ['apisecret', 'api_key'],
  ['clientsecret', 'api_key'],
  ['secret', 'api_key'],
  ['accesstoken', 'token'],
  ['refreshtoken', 'token'],
  ['authtoken', 'token'],
  ['bearertoken', 'token'],
  ['sessiontoken', 'token'],
  ['idtoken', 'token'],
  ['csrftoken', 'token'],
  ['token', 'token'],
  ['onetimecode', 'otp'],
  ['verificationcode', 'otp'],
  ['securitycode', 'otp'],
  ['mfacode', 'otp'],
  ['2facode', 'otp'],
  ['otpcode', 'otp'],
];

const keyCache = new Map<string, SecretKind | null>();

/** The secret kind a field name implies, or null. Android resource ids use their last segment. */
export function secretKindOfKey(key: string): SecretKind | null {
  const cached = keyCache.get(key);
  if (cached !== undefined) return cached;
  const kind = classifyKey(key);
  if (keyCache.size < 10_000) keyCache.set(key, kind);
  return kind;
}

function classifyKey(key: string): SecretKind | null {
  const last = key.includes(':id/') ? key.slice(key.indexOf(':id/') + 4) : key;
  const norm = last.toLowerCase().replace(/[-_.\s]/g, '');
  if (norm in SECRET_KEY_EXACT) return SECRET_KEY_EXACT[norm];
  for (const [part, kind] of SECRET_KEY_PARTS) if (norm.includes(part)) return kind;
  return null;
}

interface TextPattern {
  kind: SecretKind;
  re: RegExp;
  /** Capture group holding the secret; 0 = the whole match. */
  group: number;
}

const TEXT_PATTERNS: TextPattern[] = [
  { kind: 'private_key', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/g, group: 0 },
  { kind: 'api_key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { kind: 'api_key', re: /\b(?:sk|rk)[-_](?:live[-_]|test[-_]|proj[-_]|ant[-_])?[A-Za-z0-9_-]{16,}/g, group: 0 },
  { kind: 'api_key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g, group: 0 },
  { kind: 'api_key', re: /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, group: 0 },
  { kind: 'api_key', re: /\bgithub_pat_[A-Za-z0-9_]{30,}\b/g, group: 0 },
  { kind: 'api_key', re: /\bglpat-[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'api_key', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0 },
  { kind: 'token', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, group: 0 },
  { kind: 'token', re: /\b(?:Bearer|Basic|Token)\s+([A-Za-z0-9._~+/=-]{8,})/gi, group: 1 },
  { kind: 'password', re: /\b(?:password|passwd|pwd|passcode|passphrase|pin)\b(?:\s+is\s+|\s+was\s+|\s*[:=]\s*)["']?([^\s"',;]{3,})/gi, group: 1 },
  { kind: 'api_key', re: /\b(?:api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?key)\b(?:\s+is\s+|\s*[:=]\s*)["']?([A-Za-z0-9._~+/=-]{8,})/gi, group: 1 },
  {
    kind: 'otp',
    re: /\b(?:otp|one[- ]time (?:password|passcode|code|pin)|verification code|security code|confirmation code|login code|sign[- ]in code|2fa code|auth(?:entication)? code|access code)\b[^0-9\n]{0,24}?\b(\d{4,8}|\d{3}[- ]\d{3})\b/gi,
    group: 1,
  },
  { kind: 'otp', re: /\b(?:G-)?(\d{4,8})\b(?= is your (?:[\w ]{0,30})?(?:verification|security|login|one-time|confirmation|otp|2fa|authentication|sign-in)\b)/gi, group: 1 },
];

/** One cheap scan that every text a pattern could match also matches; most text stops here. */
const MAY_HOLD_SECRET =
  /-----BEGIN|AKIA|ASIA|[sr]k[-_]|AIza|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|eyJ|bearer|basic|token|pass|pwd|pin|api|secret|access|otp|one[- ]time|verification|security|login|confirmation|2fa|auth|sign[- ]in|code/i;

/** Masks secret substrings of free text. Returns the masked text and the kinds masked. */
export function redactText(text: string): { text: string; kinds: SecretKind[] } {
  if (!MAY_HOLD_SECRET.test(text)) return { text, kinds: [] };
  let out = text;
  const kinds: SecretKind[] = [];
  for (const pattern of TEXT_PATTERNS) {
    pattern.re.lastIndex = 0;
    if (!pattern.re.test(out)) continue;
    pattern.re.lastIndex = 0;
    out = out.replace(pattern.re, (match: string, ...groups: unknown[]) => {
      const secret = pattern.group === 0 ? match : (groups[pattern.group - 1] as string | undefined);
      if (!secret || secret.startsWith('[REDACTED:')) return match;
      if (!kinds.includes(pattern.kind)) kinds.push(pattern.kind);
      if (pattern.group === 0) return mask(pattern.kind);
      const at = match.lastIndexOf(secret);
      return match.slice(0, at) + mask(pattern.kind) + match.slice(at + secret.length);
    });
  }
  return { text: out, kinds };
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

function keysSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

const INTEGER_KEY = /^(?:0|[1-9]\d{0,9})$/;

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
      const keys = Object.keys(record);
      if (!keysSorted(keys)) keys.sort();
      const secretKeys = ctx.slots?.get(record);
      for (const k of keys) {
        const c = k.charCodeAt(0);
        if (c >= 48 && c <= 57 && INTEGER_KEY.test(k)) ctx.sorted = false;
        ctx.stack.push(k);
        const child = walk(ctx, record[k], keyKind ?? secretKindOfKey(k), secretKeys !== undefined && secretKeys.has(k));
        ctx.stack.pop();
        if (child === undefined) continue;
        if (k === '__proto__') Object.defineProperty(out, k, { value: child, enumerable: true, writable: true, configurable: true });
        else out[k] = child;
      }
      return out;
    }
    default:
      return invalid(ctx, `a ${typeof v}`);
  }
}

/**
 * Returns a redacted deep copy of a JSON value and the list of masked paths (prefixed with
 * `base`). The copy has sorted keys; values JSON cannot carry (NaN, undefined in arrays,
 * functions, class instances) are refused with `invalid_input` naming the path, never dropped.
 */
export function redactValue<T>(value: T, base = '', options: RedactOptions = {}): RedactResult<T> {
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
