// Storage may use Node's native SHA-256 (same digest as the pure one in core, several times
// faster on records). Other algorithms come from the core registry.
import * as crypto from 'node:crypto';
import { getHashAlgorithm, type HashAlgName, type HashAlgorithm } from '../core/audit/hash';

// crypto.hash (Node ≥ 20.12) is a one-shot digest without a Hash object: ~1.5× faster on the
// 65-byte inputs of Merkle nodes.
const oneShot = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/**
 * The digest as bytes. Asking crypto.hash for a 'buffer' gives each digest its own ArrayBuffer,
 * which on Node 20 costs more than hashing a 65-byte node; a 'binary' (latin1: one char per byte)
 * string turned into a Buffer from Node's shared pool is the same 32 bytes at a third of the cost.
 */
function sha256Bytes(data: Uint8Array | string): Buffer {
  return Buffer.from(oneShot!('sha256', data, 'binary'), 'binary');
}

const nativeSha256: HashAlgorithm = {
  name: 'sha256',
  size: 32,
  hash: oneShot ? sha256Bytes : (data) => crypto.createHash('sha256').update(data).digest(),
};

export function resolveHashAlgorithm(name: HashAlgName | string): HashAlgorithm {
  const alg = getHashAlgorithm(name);
  return alg.name === 'sha256' ? nativeSha256 : alg;
}
