import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../src/core/audit/canonical-json';
import { bytesEqual, fromHex, getHashAlgorithm, toHex } from '../../../../src/core/audit/hash';
import { sm3 } from '../../../../src/core/audit/sm3';

const enc = (s: string) => new TextEncoder().encode(s);

describe('SM3 (GB/T 32905-2016)', () => {
  it('standard test vector 1: "abc"', () => {
    expect(toHex(sm3(enc('abc')))).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });
  it('standard test vector 2: "abcd" × 16 (512 bits, two-block padding)', () => {
    expect(toHex(sm3(enc('abcd'.repeat(16))))).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
  });
  it('handles every padding boundary and is deterministic', () => {
    const seen = new Set<string>();
    for (let n = 0; n <= 130; n++) {
      const data = new Uint8Array(n).fill(0x61);
      const h = toHex(sm3(data));
      expect(h).toHaveLength(64);
      expect(toHex(sm3(data))).toBe(h);
      seen.add(h);
    }
    expect(seen.size).toBe(131);
  });
});

describe('hash registry', () => {
  it('sha256 is SHA-256', () => {
    expect(toHex(getHashAlgorithm('sha256').hash(enc('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('unknown algorithms are refused by name', () => {
    expect(() => getHashAlgorithm('md5')).toThrow(/unknown hash algorithm "md5"/);
  });
  it('hex round-trips and rejects junk with the field name', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => bytesEqual(fromHex(toHex(b), 'x'), b)));
    expect(() => fromHex('zz', 'checkpoint.root')).toThrow(/checkpoint\.root/);
    expect(() => fromHex('abcd', 'root', 32)).toThrow(/expected 32 bytes/);
  });
});

describe('canonical JSON', () => {
  it('sorts keys, drops undefined properties, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined, d: { z: 1, y: -0 } })).toBe('{"a":[true,null,"x"],"b":1,"d":{"y":0,"z":1}}');
  });
  it('is independent of key insertion order and parses back to an equal value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = canonicalJson(v);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          const reversed = Object.fromEntries(Object.entries(v).reverse());
          expect(canonicalJson(reversed)).toBe(text);
        }
      }),
    );
  });
  it('rejects values JSON cannot carry, naming the path', () => {
    expect(() => canonicalJson({ a: { b: NaN } })).toThrow(/a\.b is NaN/);
    expect(() => canonicalJson({ a: [1, undefined] })).toThrow(/a\[1\] is undefined/);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/d is a Date/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/f is a function/);
    expect(() => canonicalJson(10n)).toThrow(/bigint/);
  });
});
