import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../../src/core/audit/canonical-json';
import { getHashAlgorithm, toHex } from '../../../src/core/audit/hash';
import { leafHash } from '../../../src/core/audit/merkle';
import { resolveHashAlgorithm } from '../../../src/storage/native-hash';

describe('native hashing in storage', () => {
  it('native SHA-256 equals the pure implementation, digests and leaves (property)', () => {
    const pure = getHashAlgorithm('sha256');
    const native = resolveHashAlgorithm('sha256');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const bytes = utf8(text);
        expect(toHex(native.hash(bytes))).toBe(toHex(pure.hash(bytes)));
        expect(toHex(leafHash(native, bytes))).toBe(toHex(leafHash(pure, bytes)));
      }),
      { numRuns: 300 },
    );
  });
  it('SM3 logs use the core implementation', () => {
    const sm3 = resolveHashAlgorithm('sm3');
    expect(sm3.name).toBe('sm3');
    expect(toHex(leafHash(sm3, utf8('abc')))).toBe(toHex(leafHash(getHashAlgorithm('sm3'), utf8('abc'))));
    expect(() => resolveHashAlgorithm('md5')).toThrow(/unknown hash algorithm/);
  });
});
