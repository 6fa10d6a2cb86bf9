import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scanAscii } from '../../../../src/core/provenance/ascii-scan';
import { decodedVariants } from '../../../../src/core/provenance/canonical';
import { addText, viewOf, type PayloadView } from '../../../../src/core/provenance/match';

/** The view by its definition: every decoding of every part, each text analysed on its own. */
function definedView(values: string[]): PayloadView {
  const view: PayloadView = { squashed: '', digits: [], shortDigits: [], texts: [], idTokens: [] };
  const squashed: string[] = [];
  for (const value of values) for (const variant of decodedVariants(value)) addText(view, squashed, variant);
  view.squashed = squashed.join('|');
  return view;
}

const parts = (values: string[]) => values.map((value, i) => ({ field: `f${i}`, value }));

// Characters that exercise every branch: capitals, digits, separators inside numbers, the
// base64 alphabet and padding, URL escapes, hex letters, spaces and dashes between groups.
const TRICKY = 'aAbBfFgGzZ0123456789 -_./+,()\'=%:@#\n\t';
// (and words glued to numbers: part1 4716, card_2 5511)
const gluedText = fc.array(fc.oneof(fc.stringMatching(/^[a-zA-Z_]{1,4}[0-9]{0,3}$/), fc.stringMatching(/^[0-9]{1,4}$/), fc.constantFrom(' ', '-', ': ', 'x')), { maxLength: 10 }).map((xs) => xs.join(''));
const trickyText = fc.array(fc.constantFrom(...TRICKY.split('')), { maxLength: 60 }).map((cs) => cs.join(''));
// Groups of capitals and digits (1–8 long) between separators: identifiers written in spaced groups, and near misses.
const groupedText = fc
  .array(fc.tuple(fc.stringMatching(/^[A-Z0-9]{1,8}[a-z]?$/), fc.constantFrom(' ', '-', '  ', ' -', '.', 'x', '')), { maxLength: 6 })
  .map((groups) => groups.map(([g, sep]) => g + sep).join(''));
const encodedText = fc.oneof(
  fc.string({ maxLength: 30 }).map((s) => Buffer.from(s).toString('base64')),
  fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s)),
  fc.string({ maxLength: 20 }).map((s) => Buffer.from(s).toString('hex')),
);

describe('one-pass scan of ASCII payload text', () => {
  it('gives the view the definition gives, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(trickyText, groupedText, gluedText, encodedText, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })), { maxLength: 5 }), (values) => {
        expect(viewOf(parts(values))).toEqual(definedView(values));
      }),
      { numRuns: 3000 },
    );
  });

  it('on the texts payloads carry', () => {
    const values = [
      'Dr. Amundsen 503-555-0171', 'Wed 23 Oct 08:15', 'QQ 73 19 56 C', 'part1 4716 2030', 'PAE48-2913',
      'https://x.io/j/NDQ3MTAwOTIzMzE4', 'name%3DAna%20Souza', '373331393034', 'deadbeefcafe0042', 'OTAyNDYx', 'JavaScript',
    ];
    expect(viewOf(parts(values))).toEqual(definedView(values));
  });

  it('tells when a decoding might apply, and never misses one', () => {
    expect(scanAscii('IVF consult')!.decodable).toBe(false);
    expect(scanAscii('Oregon Reproductive Medicine, 808 SW 15th Ave')!.decodable).toBe(false);
    expect(scanAscii('a%20b')!.decodable).toBe(true);
    expect(scanAscii('token NjE1MjA0 here')!.decodable).toBe(true);
    expect(scanAscii('373331393034')!.decodable).toBe(true);
    expect(scanAscii('Ana Souza ünïcode')).toBeNull();
    fc.assert(
      fc.property(fc.oneof(trickyText, encodedText), (text) => {
        const scan = scanAscii(text);
        if (scan && !scan.decodable) expect(decodedVariants(text)).toEqual([text]);
      }),
      { numRuns: 3000 },
    );
  });
});
