// Redaction of secrets in payloads before they are stored: API keys, passwords, OTPs, private
// keys, bearer tokens. Whole values are masked when their field name says secret; inside free
// text only the secret substring is masked. Every mask is recorded ({path, kind}) so a reviewer
// knows what was hidden and where.
export type SecretKind = 'private_key' | 'api_key' | 'token' | 'password' | 'otp' | 'secret_field';

export interface Redaction {
  /** Dotted path of the masked value inside the stored record part, e.g. `request.api.headers.Authorization`. */
  path: string;
  kind: SecretKind;
}

export interface RedactResult<T> {
  value: T;
  redactions: Redaction[];
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
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** Returns a redacted deep copy of a JSON value and the list of masked paths (prefixed with `base`). */
export function redactValue<T>(value: T, base = '', options: RedactOptions = {}): RedactResult<T> {
  const redactions: Redaction[] = [];
  const walk = (v: unknown, path: string, keyKind: SecretKind | null): unknown => {
    if (options.secretPaths?.has(path) && (typeof v === 'string' || typeof v === 'number') && String(v) !== '') {
      redactions.push({ path, kind: keyKind ?? 'secret_field' });
      return mask(keyKind ?? 'secret_field');
    }
    if (typeof v === 'string') {
      if (keyKind && v !== '' && !v.startsWith('[REDACTED:')) {
        // Keep the scheme of an Authorization header readable: `Bearer [REDACTED:token]`.
        const scheme = /^(Bearer|Basic|Token|Digest)\s+/i.exec(v);
        redactions.push({ path, kind: keyKind });
        return scheme ? `${scheme[0]}${mask(keyKind)}` : mask(keyKind);
      }
      const r = redactText(v);
      for (const kind of r.kinds) redactions.push({ path, kind });
      return r.text;
    }
    if (typeof v === 'number' && keyKind) {
      redactions.push({ path, kind: keyKind });
      return mask(keyKind);
    }
    if (Array.isArray(v)) return v.map((item, i) => walk(item, join(path, i), keyKind));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        out[k] = walk(child, join(path, k), keyKind ?? secretKindOfKey(k));
      }
      return out;
    }
    return v;
  };
  return { value: walk(value, base, null) as T, redactions };
}
