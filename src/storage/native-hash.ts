// Storage may use Node's native SHA-256 (same digest as the pure one in core, several times
// faster on records). Other algorithms come from the core registry.
import * as crypto from 'node:crypto';
import { getHashAlgorithm, type HashAlgName, type HashAlgorithm } from '../core/audit/hash';

// crypto.hash (Node ≥ 20.12) is a one-shot digest without a Hash object: ~1.5× faster on the
// 65-byte inputs of Merkle nodes.
const oneShot = (crypto as { hash?: (alg: string, data: Uint8Array, enc: 'buffer') => Buffer }).hash;

const nativeSha256: HashAlgorithm = {
  name: 'sha256',
  size: 32,
  hash: oneShot ? (data) => oneShot('sha256', data, 'buffer') : (data) => crypto.createHash('sha256').update(data).digest(),
};

export function resolveHashAlgorithm(name: HashAlgName | string): HashAlgorithm {
  const alg = getHashAlgorithm(name);
  return alg.name === 'sha256' ? nativeSha256 : alg;
}
