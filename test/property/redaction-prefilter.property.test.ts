// The redaction prefilter (a lean sorted copy returned only when nothing needs masking) never
// lets a secret through that the full walk would mask, and never changes what is stored: for
// any value redactValue gives exactly what the reference walk gives — the same copy with the
// same key order, the same masks, the same `sorted` flag, or the same error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyIfNothingToRedact } from '../../src/core/audit/clean-copy';
import { redactByFullWalk, redactValue } from '../../src/core/audit/redact';
import { redactText, SHORTEST_SECRET_TEXT, textNeedsRedaction } from '../../src/core/audit/secret-text';
import { sortedKeys } from '../../src/core/audit/sorted-keys';

/** Text each kind of secret pattern masks, and look-alikes it must not. */
const SECRET_TEXTS = [
  'use key AKIAIOSFODNN7EXAMPLE now',
  'token sk-live-abcdefghijklmnopqrstuv',
  'ghp_0123456789abcdefghijklmnopqrstuvwxyz1',
  'Authorization: Bearer abc.def-ghijk123',
  'my password is hunter22!',
  'password: "s3cr3t"',
  'Your verification code is 482913.',
  'G-482913 is your Google verification code',
  'OTP: 1234',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----',
  'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'api key: abcd1234efgh',
];
const HARMLESS_TEXTS = ['pin the message to the top', 'zip code 94107', 'login', 'api', 'Access granted', 'security settings', 'Tomás Herrera', '新员工', 'skip-navigation-links', '[REDACTED:token]'];
const KEYS = ['a', 'b', 'text', 'value', 'field', 'password', 'api_key', 'Authorization', 'otp', 'pin', 'secretField', 'com.bank:id/password_input', 'headers', 'body', '0', '10', '__proto__', 'constructor', 'Z', 'é'];

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...SECRET_TEXTS), fc.constantFrom(...HARMLESS_TEXTS), fc.string({ unit: 'grapheme', maxLength: 12 }));
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 6 }),
})).value;
/** Mostly ordinary data, so that the fast path is taken as often as it declines. */
const ordinary = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(...HARMLESS_TEXTS), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'text', 'field', 'secretField', 'Z', 'é', 'label'), tie('value'), { maxKeys: 6 }),
})).value;

/** Objects past the size at which copies are re-made with fast properties (fast-properties.ts). */
const wide = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), fc.oneof(leaf, ordinary), { minKeys: 17, maxKeys: 30 });

type Outcome = { ok: true; text: string; value: unknown; redactions: unknown; sorted: boolean } | { ok: false; error: string };

function outcome(f: () => { value: unknown; redactions: unknown; sorted: boolean }): Outcome {
  try {
    const r = f();
    // JSON.stringify keeps the key order of the copy, which is what gets hashed.
    return { ok: true, text: JSON.stringify(r.value) ?? 'undefined', value: r.value, redactions: r.redactions, sorted: r.sorted };
  } catch (error) {
    return { ok: false, error: String((error as Error).message) };
  }
}

describe('redaction prefilter', () => {
  it('redactValue equals the full walk for any value: same copy, key order, masks and errors (property)', () => {
    let fast = 0;
    fc.assert(
      fc.property(fc.oneof(json, ordinary, wide, fc.array(wide, { maxLength: 2 })), fc.constantFrom('', 'request', 'event'), (value, base) => {
        if (copyIfNothingToRedact(value) !== null) fast++;
        const got = outcome(() => redactValue(value, base));
        const want = outcome(() => redactByFullWalk(value, base));
        expect(got).toEqual(want);
      }),
      { numRuns: 2000 },
    );
    // Both paths are exercised: the comparison is not vacuous.
    expect(fast).toBeGreaterThan(200);
    expect(fast).toBeLessThan(1900);
  });

  it('never vouches for a value holding a secret the full walk masks (property)', () => {
    fc.assert(
      fc.property(json, (value) => {
        const clean = copyIfNothingToRedact(value);
        if (clean === null) return;
        const full = redactByFullWalk(value);
        expect(full.redactions).toEqual([]);
        expect(full.sorted).toBe(true);
        expect(JSON.stringify(clean.copy)).toBe(JSON.stringify(full.value));
      }),
      { numRuns: 2000 },
    );
  });

  it('declines every planted secret: in free text, under a secret-named key, deep inside', () => {
    for (const secret of SECRET_TEXTS) {
      expect(copyIfNothingToRedact({ a: [{ b: { text: `x ${secret} y` } }] })).toBeNull();
      expect(copyIfNothingToRedact([1, 'ok', secret])).toBeNull();
    }
    for (const key of ['password', 'api_key', 'Authorization', 'otp', 'com.bank:id/password_input', 'client_secret']) {
      expect(copyIfNothingToRedact({ body: { [key]: 'plain' } })).toBeNull();
      expect(copyIfNothingToRedact({ body: { [key]: 1234 } })).toBeNull();
      expect(copyIfNothingToRedact({ body: { [key]: { nested: 'x' } } })).toBeNull();
    }
    // Flags and nulls under secret-named keys are kept as they are by the full walk too.
    expect(copyIfNothingToRedact({ secretField: false, password: null })).toEqual({ copy: { password: null, secretField: false } });
  });

  it('declines what the full walk refuses or copies its own way', () => {
    for (const value of [{ a: NaN }, { a: [1, undefined] }, { when: new Date(0) }, { f: () => 1 }, JSON.parse('{"__proto__": {"x": 1}}'), { 1: 'a', b: 'c' }, 10n]) {
      expect(copyIfNothingToRedact(value)).toBeNull();
    }
  });

  it('large copies keep every key in canonical order, a `__proto__` key as plain data', () => {
    const input: Record<string, unknown> = JSON.parse('{"__proto__": {"x": 1}}');
    for (let i = 0; i < 30; i++) input[`k${String(29 - i).padStart(2, '0')}`] = i;
    const { value } = redactValue(input);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(Object.keys(input).sort());
    expect(JSON.stringify(value)).toContain('"__proto__":{"x":1}');
  });

  it('leaves the input alone, and shares only parts already in canonical order', () => {
    const input = { b: { c: ['x'] }, a: 1, d: { z: 1, y: 2 } };
    const before = JSON.stringify(input);
    const clean = copyIfNothingToRedact(input)!;
    expect(Object.keys(clean.copy)).toEqual(['a', 'b', 'd']);
    expect(JSON.stringify(input)).toBe(before);
    // {c: […]} is canonical and clean: used as it is; {z, y} is not: copied in order.
    expect(clean.copy.b).toBe(input.b);
    expect(clean.copy.d).not.toBe(input.d);
    expect(Object.keys(clean.copy.d)).toEqual(['y', 'z']);
    const sorted = { a: 1, b: { c: ['x'] } };
    expect(copyIfNothingToRedact(sorted)!.copy).toBe(sorted);
  });

  it(`no text shorter than ${SHORTEST_SECRET_TEXT} characters is masked, however close to a secret it looks (property)`, () => {
    // Built from the pieces the patterns are made of, so near misses are common.
    const piece = fc.constantFrom('pin', 'pwd', 'otp', 'pass', 'key', 'api', 'sk-', 'G-', 'is', ' ', ':', '=', '"', "'", '1234', '12', '0', 'a', 'Z', '-', '_', '.', '\n');
    const short = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('').slice(0, SHORTEST_SECRET_TEXT - 1));
    fc.assert(
      fc.property(fc.oneof(short, fc.string({ maxLength: SHORTEST_SECRET_TEXT - 1 })), (t) => {
        expect(redactText(t).kinds).toEqual([]);
      }),
      { numRuns: 5000 },
    );
    // ...and the bound is tight: the shortest secret text is masked.
    expect(redactText('pin:abc').kinds).toEqual(['password']);
    expect(textNeedsRedaction('pin:abc')).toBe(true);
  });

  it('a text found clean once is clean every time; a secret is found every time', () => {
    for (let i = 0; i < 3; i++) {
      for (const t of HARMLESS_TEXTS) expect(textNeedsRedaction(t)).toBe(redactText(t).kinds.length > 0);
      for (const t of SECRET_TEXTS) expect(textNeedsRedaction(t)).toBe(true);
    }
  });

  it('textNeedsRedaction agrees with redactText (property)', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.array(text, { maxLength: 3 }).map((parts) => parts.join(' '))), (t) => {
        expect(textNeedsRedaction(t)).toBe(redactText(t).kinds.length > 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('sortedKeys is Object.keys in UTF-16 code unit order, short or long (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary', maxLength: 5 }), fc.constant(1), { maxKeys: 80 }), (dict) => {
        expect(sortedKeys(dict)).toEqual(Object.keys(dict).sort());
      }),
      { numRuns: 500 },
    );
  });
});
