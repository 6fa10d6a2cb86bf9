import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, canonicalMessage, digestOf, parseCanonicalMessage, CanonicalJsonError } from '../../../../src/core/quorum';

describe('canonical bytes', () => {
  it('sorts keys recursively and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });
  it('includes sender, seq and ts, so a re-timed message has another digest', () => {
    const a = canonicalMessage({ v: 1, sender: 's', seq: 1, ts: 10, body: { x: 1 } });
    const b = canonicalMessage({ v: 1, sender: 's', seq: 1, ts: 11, body: { x: 1 } });
    expect(a).toBe('{"body":{"x":1},"sender":"s","seq":1,"ts":10,"v":1}');
    expect(digestOf(a)).not.toBe(digestOf(b));
    expect(digestOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('refuses values without a JSON form', () => {
    expect(() => canonicalJson({ a: NaN })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: 1n })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(new Date())).toThrow(CanonicalJsonError);
  });
  it('parses back only the exact canonical form', () => {
    const text = canonicalMessage({ v: 1, sender: 's', seq: 3, ts: 5, body: [1, 'a'] });
    expect(parseCanonicalMessage(text)).toEqual({ v: 1, sender: 's', seq: 3, ts: 5, body: [1, 'a'] });
    expect(parseCanonicalMessage(text.replace('{"body"', '{ "body"'))).toBeNull();
    expect(parseCanonicalMessage('{"sender":"s","seq":3,"ts":5,"v":1,"body":1}')).toBeNull();
    expect(parseCanonicalMessage('{"body":1,"extra":1,"sender":"s","seq":3,"ts":5,"v":1}')).toBeNull();
    expect(parseCanonicalMessage('not json')).toBeNull();
  });
  it('property: canonical text round-trips and is key-order independent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1 }), fc.nat(), fc.nat(), (body, sender, seq, ts) => {
        const text = canonicalMessage({ v: 1, sender, seq, ts, body });
        const back = parseCanonicalMessage(text);
        expect(back).not.toBeNull();
        expect(canonicalMessage(back!)).toBe(text);
        expect(canonicalJson(JSON.parse(JSON.stringify(body)))).toBe(canonicalJson(body));
      }),
      { numRuns: 300 },
    );
  });
});
