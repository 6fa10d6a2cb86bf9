// What counts as a secret: field names whose whole value is secret, and patterns of secrets
// inside free text (API keys, tokens, passwords, OTPs, private keys). `redact.ts` applies these
// to whole values; everything here works on one name or one string.
import { CREDENTIAL_NAME, NOT_A_SECRET_VALUE, PRIVATE_KEY_BEGIN, VENDOR_TOKEN_MARKERS, VENDOR_TOKENS } from '../secrets/token-formats';
import { memoByText } from '../provenance/memo';
import { otpCodesIn } from '../gate/one-time-codes';

export type SecretKind = 'private_key' | 'api_key' | 'token' | 'password' | 'otp' | 'secret_field';

export function mask(kind: SecretKind): string {
  return `[REDACTED:${kind}]`;
}

/** Field names (lowercased, without `-`, `_`, `.`, spaces) whose whole value is a secret. */
const SECRET_KEY_EXACT: Record<string, SecretKind> = {
  pin: 'password',
  pass: 'password',
  pwd: 'password',
  psk: 'password',
  wpakey: 'password',
  networkkey: 'password',
  presharedkey: 'password',
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
  { kind: 'private_key', re: new RegExp(`${PRIVATE_KEY_BEGIN}[\\s\\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)`, 'g'), group: 0 },
  // scheme://user:password@host (a database URL, a camera link)
  { kind: 'password', re: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:/@]{1,64}:([^\s@/]{3,})@[\w.-]+/gi, group: 1 },
  // "the PIN for the debit card is 7391"
  { kind: 'password', re: /\b(?:pin|pin code|card pin|atm pin)\b[^\n.]{0,40}?\s(?:is|ist|es|est|lautet|jest|é|è)\s*:?\s*(\d{4,6})(?!\d)/gi, group: 1 },
  { kind: 'api_key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { kind: 'api_key', re: /\b(?:sk|rk)[-_](?:live[-_]|test[-_]|proj[-_]|ant[-_])?[A-Za-z0-9_-]{16,}/g, group: 0 },
  { kind: 'api_key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g, group: 0 },
  { kind: 'api_key', re: /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, group: 0 },
  { kind: 'api_key', re: /\bgithub_pat_[A-Za-z0-9_]{30,}\b/g, group: 0 },
  { kind: 'api_key', re: /\bglpat-[A-Za-z0-9_-]{20,}/g, group: 0 },
  { kind: 'api_key', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0 },
  { kind: 'token', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, group: 0 },
  { kind: 'token', re: /\b(?:Bearer|Basic|Token)\s+([A-Za-z0-9._~+/=-]{8,})/gi, group: 1 },
  { kind: 'password', re: new RegExp(`\\b(?:password|passwd|pwd|passcode|passphrase|pin)\\b(?:\\s+is\\s+|\\s+was\\s+|\\s*[:=]\\s*)["']?(?!${NOT_A_SECRET_VALUE})([^\\s"',;]{3,})`, 'giu'), group: 1 },
  { kind: 'api_key', re: /\b(?:api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?key)\b(?:\s+is\s+|\s*[:=]\s*)["']?([A-Za-z0-9._~+/=-]{8,})/gi, group: 1 },
  // AWS_SECRET_ACCESS_KEY=…, STRIPE_API_KEY: … (prefixed setting names, .env files)
  { kind: 'api_key', re: new RegExp(`${CREDENTIAL_NAME}\\s*[:=]\\s*["']?([A-Za-z0-9._~+/=-]{8,})`, 'gi'), group: 1 },
  ...VENDOR_TOKENS.map((t): TextPattern => ({ kind: 'api_key', re: new RegExp(t.source, 'g'), group: 0 })),
  {
    kind: 'otp',
    re: /\b(?:otp|one[- ]time (?:password|passcode|code|pin)|verification code|security code|confirmation code|login code|sign[- ]in code|2fa code|auth(?:entication)? code|access code)\b[^0-9\n]{0,24}?\b(\d{4,8}|\d{3}[- ]\d{3})\b/gi,
    group: 1,
  },
  { kind: 'otp', re: /\b(?:G-)?(\d{4,8})\b(?= is your (?:[\w ]{0,30})?(?:verification|security|login|one-time|confirmation|otp|2fa|authentication|sign-in)\b)/gi, group: 1 },
];

/** One cheap scan that every text a pattern could match also matches; most text stops here. */
const MAY_HOLD_SECRET = new RegExp(
  `-----BEGIN|:\\/\\/[^\\s:/@]+:[^\\s@/]+@|AKIA|ASIA|[sr]k[-_]|AIza|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|eyJ|bearer|basic|token|pass|pwd|pin|api|secret|access|otp|one[- ]time|verification|security|login|confirmation|2fa|auth|sign[- ]in|code|private[_-]?key|[_-]key|${VENDOR_TOKEN_MARKERS}`,
  'i',
);

/** Masks secret substrings of free text. Returns the masked text and the kinds masked. */
export function redactText(text: string): { text: string; kinds: SecretKind[] } {
  const patterns = MAY_HOLD_SECRET.test(text);
  if (!patterns && !CODE_DIGITS.test(text)) return { text, kinds: [] };
  const kinds: SecretKind[] = [];
  let out = patterns ? maskPatterns(text, kinds) : text;
  // One-time codes in every language the gate reads them in ("验证码：483920", "Ваш код 4821").
  for (const code of otpCodesIn(out)) {
    const masked = out.replace(codePattern(code), mask('otp'));
    if (masked !== out && !kinds.includes('otp')) kinds.push('otp');
    out = masked;
  }
  return { text: out, kinds };
}

/** Digits a one-time code needs (in any script): four in a row, or two groups of three. */
const CODE_DIGITS = /\p{Nd}{4}|\p{Nd}{3}[ -]\p{Nd}{3}/u;

/** Zero of the decimal digits apps show besides ASCII: Arabic-Indic, Persian/Urdu, Devanagari, Bengali, Thai, full-width. */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];

function anyScriptDigit(d: string): string {
  const v = d.charCodeAt(0) - 48;
  return `[${d}${DIGIT_ZEROS.map((z) => String.fromCharCode(z + v)).join('')}]`;
}

/** A code as it may be written: its characters with an optional space or dash between them, not inside a longer run. */
function codePattern(code: string): RegExp {
  // (the code's digits as any script writes them: codes are found in ASCII, the text may hold ٤٨٢٩١٥)
  const chars = [...code].map((c) => (c >= '0' && c <= '9' ? anyScriptDigit(c) : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`(?<![\\p{L}\\p{N}])${chars.join('[ -]?')}(?![\\p{L}\\p{N}])`, 'giu');
}

function maskPatterns(text: string, kinds: SecretKind[]): string {
  let out = text;
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
  return out;
}

/**
 * No pattern above matches fewer characters: the shortest is a password given inline,
 * `pin:abc` (a keyword of 3, a separator, 3 characters); an OTP needs a separator and 4 digits.
 */
export const SHORTEST_SECRET_TEXT = 7;

/**
 * Audit records repeat most of their strings from one decision to the next (package names,
 * resource ids, sessions, agents, roles, scopes, labels), and checking a string against the
 * patterns costs ~15 ns a character, looking it up ~1: verdicts on texts up to this long are
 * remembered (bounded, see memoByText).
 */
const REMEMBERED_MAX_LENGTH = 256;

const needsRedaction = (text: string): boolean => redactText(text).kinds.length > 0;
const rememberedNeedsRedaction = memoByText(needsRedaction, 8192);

/** True iff `redactText` would mask something in `text` (without building the masked copy). */
export function textNeedsRedaction(text: string): boolean {
  if (text.length < SHORTEST_SECRET_TEXT) return false;
  return text.length <= REMEMBERED_MAX_LENGTH ? rememberedNeedsRedaction(text) : needsRedaction(text);
}
