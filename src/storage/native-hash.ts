// Storage may use Node's native SHA-256 (same digest as the pure one in core, several times
// faster on records). Other algorithms come from the core registry.
import { createHash } from 'node:crypto';
import { getHashAlgorithm, type HashAlgName, type HashAlgorithm } from '../core/audit/hash';

const nativeSha256: HashAlgorithm = {
  name: 'sha256',
  size: 32,
  hash: (data) => createHash('sha256').update(data).digest(),
};

export function resolveHashAlgorithm(name: HashAlgName | string): HashAlgorithm {
  const alg = getHashAlgorithm(name);
  return alg.name === 'sha256' ? nativeSha256 : alg;
}
