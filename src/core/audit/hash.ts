// The hash algorithm of an audit log is a named, swappable choice recorded in every record
// (`hash_alg`) and checkpoint. SHA-256 is the default; SM3 (GB/T 32905) is the option.
import { sha256 } from '@noble/hashes/sha2.js';
import { auditError } from './errors';
import { sm3 } from './sm3';

export const HASH_ALGORITHMS = ['sha256', 'sm3'] as const;
export type HashAlgName = (typeof HASH_ALGORITHMS)[number];
export const DEFAULT_HASH_ALG: HashAlgName = 'sha256';

export interface HashAlgorithm {
  readonly name: HashAlgName;
  /** Digest size in bytes. */
  readonly size: number;
  /** A new digest of `data`; must neither keep `data` nor return a view of it (callers reuse input buffers). */
  hash(data: Uint8Array): Uint8Array;
}

const builtin: Record<HashAlgName, HashAlgorithm> = {
  sha256: { name: 'sha256', size: 32, hash: (data) => sha256(data) },
  sm3: { name: 'sm3', size: 32, hash: (data) => sm3(data) },
};

export function isHashAlgName(name: unknown): name is HashAlgName {
  return typeof name === 'string' && (HASH_ALGORITHMS as readonly string[]).includes(name);
}

/** The pure-JS implementation of a named algorithm; throws `hash_alg_unknown` naming it. */
export function getHashAlgorithm(name: string): HashAlgorithm {
  if (!isHashAlgName(name)) {
    throw auditError('hash_alg_unknown', `unknown hash algorithm "${name}" (known: ${HASH_ALGORITHMS.join(', ')})`, 'hash_alg');
  }
  return builtin[name];
}

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return out;
}

/** Parses lowercase or uppercase hex; throws naming `what` when it is not hex of the expected size. */
export function fromHex(text: unknown, what: string, size?: number): Uint8Array {
  if (typeof text !== 'string' || text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) {
    throw auditError('invalid_input', `${what}: expected a hex string, got ${JSON.stringify(text)?.slice(0, 40)}`, what);
  }
  if (size !== undefined && text.length !== size * 2) {
    throw auditError('invalid_input', `${what}: expected ${size} bytes (${size * 2} hex digits), got ${text.length / 2} bytes`, what);
  }
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (nibble(text.charCodeAt(i * 2)) << 4) | nibble(text.charCodeAt(i * 2 + 1));
  return out;
}

function nibble(c: number): number {
  return c <= 57 ? c - 48 : c <= 70 ? c - 55 : c - 87;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
