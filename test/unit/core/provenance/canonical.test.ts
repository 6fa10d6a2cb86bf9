import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cjkCount, decodeBase64, decodedVariants, mayBeBase64, digitRuns, digitRunsUnicode, jsonLeaves, shingles, squash, squashUnicode } from '../../../../src/core/provenance/canonical';

describe('canonical text forms', () => {
  it('squash folds case, whitespace, punctuation and diacritics', () => {
    expect(squash('Tomás  Herrera!')).toBe('tomasherrera');
    expect(squash('+1 (503) 555-0114')).toBe('15035550114');
    expect(squash('ＡＢＣ１２３')).toBe('abc123');
  });

  it('shingles: five-word runs that say something, also over the words without stopwords', () => {
    const read = shingles('Dr. Kaplan is increasing metformin to 1000 mg twice daily.');
    const sent = shingles('Beatriz: A1c 8.9%, metformin 1000 mg twice daily');
    expect(sent.some((p) => read.includes(p))).toBe(true);
    expect(read).toContain('increasing metformin to 1000 mg');
    // runs of stopwords and short words say nothing
    expect(shingles('it is what it is and so on')).toEqual([]);
  });

  it('cjkCount counts Han, kana and Hangul characters', () => {
    expect(cjkCount('周三 开会 with Ana')).toBe(4);
    expect(cjkCount('カタカナ と 한국어')).toBe(8);
    expect(cjkCount('plain text')).toBe(0);
  });

  it('digitRuns joins digits across separators inside numbers', () => {
    expect(digitRuns('call 503 555 0114 (Tomas)', 6)).toEqual(['5035550114']);
    expect(digitRuns('IBAN: DE44 5001 0517 5407 3249 31', 6)).toEqual(['44500105175407324931']);
    expect(digitRuns('Base 14,230,000; bonus 1,610,000.', 6)).toEqual(['14230000', '1610000']);
    expect(digitRuns('abc 12 def', 6)).toEqual([]);
  });

  it('decodedVariants unwraps base64, URL-encoding and hex', () => {
    const b64 = Buffer.from('Mireille Santos;+1 206-555-0118').toString('base64');
    expect(decodedVariants(b64).some((v) => v.includes('Mireille Santos'))).toBe(true);
    expect(decodedVariants('text=Proseware%20Inc%20owes').some((v) => v.includes('Proseware Inc owes'))).toBe(true);
    const hex = Buffer.from('secret phone 555-0199').toString('hex');
    expect(decodedVariants(hex).some((v) => v.includes('555-0199'))).toBe(true);
    const nested = encodeURIComponent(Buffer.from('Jonas Weber DE44').toString('base64'));
    expect(decodedVariants(`d=${nested}`).some((v) => v.includes('Jonas Weber'))).toBe(true);
  });

  it('jsonLeaves flattens nested JSON including JSON inside strings', () => {
    expect(jsonLeaves({ a: [{ b: 'x' }, 2], c: '{"d":"y"}' })).toEqual([
      { path: 'a[0].b', value: 'x', key: 'b' },
      { path: 'a[1]', value: '2', key: 'a' },
      { path: 'c.d', value: 'y', key: 'd' },
    ]);
  });
});

describe('fast paths of squash and digitRuns', () => {
  it('equal the Unicode definitions on any text (property)', () => {
    const alphabet = fc.constantFrom(...'aZ09 \t\n-./()+,\'_@#%é１Ｚ\u00a0'.split(''));
    // characters whose folding is unusual: context-dependent case (Σ), expansions (İ ﬁ ① ½ ⑳),
    // compositions (= + U+0338), Hangul, halfwidth voiced marks, non-ASCII white space, astral
    // and lone surrogates, digits \d does not match (٣)
    const tricky = fc.constantFrom('Σ', 'ς', '𝛴', '𝚺', '𝐀', 'ΟΔΥΣΣΕΥΣ', 'İ', 'ﬁ', '①', '²', '½', '⑳', '한', 'ｶ', '\uff9e', '\u0301', '\u0338', '=', '🍕', '𝟗', '\ud800', '\udc00', '٣', 'ǅ', 'ẞ', '\u3000', '\u2028', '\ufeff', '\u1680', '\u202f', '５', '－', '．', '7', ' ', '-', 'a');
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: alphabet, maxLength: 60 }),
      fc.array(tricky, { maxLength: 24 }).map((parts) => parts.join('')),
      fc.string({ unit: fc.constantFrom(...'0123456789 -.,()+/\''.split('')), maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 8 }), (t, min) => {
        expect(squash(t)).toBe(squashUnicode(t));
        expect(digitRuns(t, min)).toEqual(digitRunsUnicode(t, min));
      }),
      { numRuns: 6000 },
    );
    expect(squash('ΟΔΥΣΣΕΥΣ Σ')).toBe(squashUnicode('ΟΔΥΣΣΕΥΣ Σ'));
    // a mathematical capital sigma folds to Σ, then takes its final form by context (fast-check seed -1553507138)
    expect(squash('𝐀𝛴')).toBe(squashUnicode('𝐀𝛴'));
    expect(squash('Tomás Herrera 今ここ ①②')).toBe('tomasherrera今ここ12');
    expect(digitRuns('電話\u3000０９０－１２３４－５６７８', 6)).toEqual(['09012345678']);
  });
});

describe('base64 decoding', () => {
  /** The definition: atob, then printable UTF-8 text of at least 4 characters. */
  function reference(token: string): string | null {
    if (!mayBeBase64(token)) return null;
    const normal = token.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    if (normal.length % 4 === 1) return null;
    const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
    const text = new TextDecoder('utf-8').decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return text.length >= 4 && !text.includes('\uFFFD') && /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : null;
  }

  it('takes tokens that mix cases with digits, or many capitals among lower case; not plain words', () => {
    expect(['OTAyNDYx', 'NjE1MjA0', 'TWlyZWlsbGUgU2FudG9z', 'LW-2024-3310'].map(mayBeBase64)).toEqual([true, true, true, true]);
    expect(['JavaScript', 'GitHub', 'password', 'PASSWORD', '20241025'].map(mayBeBase64)).toEqual([false, false, false, false, false]);
  });

  it('equals atob + printable UTF-8 on real encodings and on look-alike identifiers (property)', () => {
    const encoded = fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), fc.boolean()).map(([s, url]) => Buffer.from(s).toString(url ? 'base64url' : 'base64'));
    const lookalike = fc.string({ unit: fc.constantFrom(...'ABCLWaz09-_+/'.split('')), minLength: 12, maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(encoded, lookalike, fc.constantFrom('LW-2024-3310', 'TWlyZWlsbGUgU2FudG9z', 'AAAAAAAAAAAAAAAA')), (token) => {
        expect(decodeBase64(token)).toBe(reference(token));
      }),
      { numRuns: 3000 },
    );
  });
});
