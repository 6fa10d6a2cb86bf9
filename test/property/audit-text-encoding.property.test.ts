// The audit log stores the UTF-8 bytes it hashed (RecordEncoder): for any texts they are the
// UTF-8 encoding of each and the leaf is the RFC 6962 leaf hash of those bytes, for every
// algorithm, however many texts share (or overflow) one buffer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../src/core/audit/canonical-json';
import { getHashAlgorithm, toHex } from '../../src/core/audit/hash';
import { leafHash } from '../../src/core/audit/merkle';
import { resolveHashAlgorithm } from '../../src/storage/native-hash';
import { RecordEncoder } from '../../src/storage/record-encoder';

describe('record text encoding', () => {
  it('bytes are the UTF-8 of each text and the leaf is H(0x00 ‖ bytes) (property)', () => {
    const texts = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 50 }).map((s) => JSON.stringify(s))), { maxLength: 12 });
    fc.assert(
      fc.property(texts, fc.constantFrom(1, 64, 4096), (batch, capacity) => {
        for (const alg of [resolveHashAlgorithm('sha256'), resolveHashAlgorithm('sm3')]) {
          const encoder = new RecordEncoder(alg, capacity);
          encoder.reset();
          // All views of one batch stay intact until the batch is done, even across a new buffer.
          const encoded = batch.map((text) => encoder.encode(text));
          batch.forEach((text, i) => {
            expect(Buffer.compare(encoded[i].bytes, Buffer.from(utf8(text)))).toBe(0);
            expect(toHex(encoded[i].leaf)).toBe(toHex(leafHash(getHashAlgorithm(alg.name), utf8(text))));
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
