import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { isRecoveryPhrase, recoveryPhraseIn, scanForPhrase } from '../../../../src/core/secrets/recovery-phrase';

const PHRASE = 'humble sketch orbit venture lemon frost cable pilot nephew ribbon spatial episode';

describe('recovery phrases', () => {
  it('finds twelve list words in a row, numbered, punctuated or capitalised', () => {
    expect(recoveryPhraseIn(`Q7 => ${PHRASE}`)).toBe(PHRASE);
    expect(recoveryPhraseIn(PHRASE.split(' ').map((w, i) => `${i + 1}. ${w},`).join(' '))).toBe(PHRASE);
    expect(recoveryPhraseIn(PHRASE.toUpperCase())).toBe(PHRASE);
    expect(isRecoveryPhrase(PHRASE)).toBe(true);
  });

  it('does not find one in prose, JSON or a list of eleven', () => {
    expect(recoveryPhraseIn('Please send the invoice to Maria by Friday and call the office if the courier is late again today')).toBeNull();
    expect(recoveryPhraseIn(JSON.stringify({ words: PHRASE.split(' ') }))).toBeNull();
    expect(recoveryPhraseIn(PHRASE.split(' ').slice(0, 11).join(' ') + ' and more words here')).toBeNull();
  });

  it('the quick filter never hides a phrase the full scan finds (property)', () => {
    // (mostly list words, so runs of twelve and more are common)
    const token = fc.oneof(
      { arbitrary: fc.constantFrom(...wordlist), weight: 30 },
      fc.constantFrom(...wordlist).map((w) => w.toUpperCase()),
      fc.constantFrom(...wordlist).map((w) => `(${w}),`),
      fc.integer({ min: 1, max: 30 }).map((n) => `${n}.`),
      fc.integer({ min: 1, max: 30 }).map((n) => `${n})`),
      fc.constantFrom('the', 'to', 'don\'t', 'a1b', 'über', 'naïve', '{"x":', 'http://x.io', 'İnce', 'K', '—'),
      fc.string({ maxLength: 10 }),
    );
    const space = fc.constantFrom(' ', '  ', '\n', '\t', '\u00a0', ' \r\n');
    const text = fc.array(fc.tuple(token, space), { minLength: 10, maxLength: 60 }).map((parts) => parts.map(([t, s]) => t + s).join(''));
    fc.assert(
      fc.property(text, (t) => {
        const full = t.length < 47 ? null : scanForPhrase(t);
        expect(recoveryPhraseIn(t)).toBe(full);
      }),
      { numRuns: 3000 },
    );
  });
});
