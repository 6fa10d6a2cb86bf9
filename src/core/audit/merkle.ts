// RFC 6962 / RFC 9162 Merkle tree math: leaf = H(0x00 ‖ d), node = H(0x01 ‖ l ‖ r), the tree
// hash of n leaves splits at the largest power of two below n. Proof generation works on a list
// of leaf hashes; verification needs only the proof, so a third party can check it.
import { bytesEqual, type HashAlgorithm } from './hash';

export function leafHash(alg: HashAlgorithm, data: Uint8Array): Uint8Array {
  const buf = new Uint8Array(data.length + 1);
  buf[0] = 0x00;
  buf.set(data, 1);
  return alg.hash(buf);
}

/**
 * Input buffer of nodeHash, reused: hash functions read their input synchronously and keep
 * none of it (see HashAlgorithm.hash), and a fresh 65-byte array per node costs a noticeable
 * share of hashing one with native SHA-256.
 */
let nodeInput = new Uint8Array(65);

export function nodeHash(alg: HashAlgorithm, left: Uint8Array, right: Uint8Array): Uint8Array {
  const n = 1 + left.length + right.length;
  if (nodeInput.length !== n) nodeInput = new Uint8Array(n);
  const buf = nodeInput;
  buf[0] = 0x01;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return alg.hash(buf);
}

/** Root of the empty tree: the hash of the empty string. */
export function emptyRoot(alg: HashAlgorithm): Uint8Array {
  return alg.hash(new Uint8Array(0));
}

/** Largest power of two strictly less than n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[lo:hi]) over leaf hashes. */
export function subtreeRoot(alg: HashAlgorithm, leaves: readonly Uint8Array[], lo: number, hi: number): Uint8Array {
  const n = hi - lo;
  if (n === 0) return emptyRoot(alg);
  if (n === 1) return leaves[lo];
  const k = splitPoint(n);
  return nodeHash(alg, subtreeRoot(alg, leaves, lo, lo + k), subtreeRoot(alg, leaves, lo + k, hi));
}

export function treeRoot(alg: HashAlgorithm, leaves: readonly Uint8Array[], size = leaves.length): Uint8Array {
  return subtreeRoot(alg, leaves, 0, size);
}

function checkSize(size: number, available: number): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > available) throw new RangeError(`tree size ${size} out of range (log has ${available} leaves)`);
}

/** RFC 6962 PATH(m, D[0:n]): sibling hashes from the leaf up to the root. */
export function inclusionProof(alg: HashAlgorithm, leaves: readonly Uint8Array[], index: number, size = leaves.length): Uint8Array[] {
  checkSize(size, leaves.length);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`leaf index ${index} out of range for tree size ${size}`);
  const path: Uint8Array[] = [];
  const walk = (m: number, lo: number, hi: number): void => {
    const n = hi - lo;
    if (n <= 1) return;
    const k = splitPoint(n);
    if (m < k) {
      walk(m, lo, lo + k);
      path.push(subtreeRoot(alg, leaves, lo + k, hi));
    } else {
      walk(m - k, lo + k, hi);
      path.push(subtreeRoot(alg, leaves, lo, lo + k));
    }
  };
  walk(index, 0, size);
  return path;
}

/** RFC 6962 PROOF(m, D[0:n]): proves that the tree of size m is a prefix of the tree of size n. */
export function consistencyProof(alg: HashAlgorithm, leaves: readonly Uint8Array[], first: number, second = leaves.length): Uint8Array[] {
  checkSize(second, leaves.length);
  if (!Number.isSafeInteger(first) || first < 0 || first > second) throw new RangeError(`first size ${first} out of range for second size ${second}`);
  if (first === 0 || first === second) return [];
  const path: Uint8Array[] = [];
  const sub = (m: number, lo: number, hi: number, complete: boolean): void => {
    const n = hi - lo;
    if (m === n) {
      if (!complete) path.push(subtreeRoot(alg, leaves, lo, hi));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      sub(m, lo, lo + k, complete);
      path.push(subtreeRoot(alg, leaves, lo + k, hi));
    } else {
      sub(m - k, lo + k, hi, false);
      path.push(subtreeRoot(alg, leaves, lo, lo + k));
    }
  };
  sub(first, 0, second, true);
  return path;
}

function wellFormed(alg: HashAlgorithm, hashes: readonly Uint8Array[]): boolean {
  return hashes.every((h) => h instanceof Uint8Array && h.length === alg.size);
}

/** Root implied by an inclusion proof (RFC 9162 §2.1.3.2), or null when the proof cannot fit the sizes. */
export function rootFromInclusionProof(alg: HashAlgorithm, index: number, size: number, leaf: Uint8Array, proof: readonly Uint8Array[]): Uint8Array | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || size <= 0 || index >= size) return null;
  if (!wellFormed(alg, [leaf, ...proof])) return null;
  // Bit arithmetic on sizes above 2^31 would overflow 32-bit operators, so use Math.floor division.
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(alg, p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(alg, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** True iff `proof` proves that `leaf` is leaf number `index` of the tree of `size` with `root`. */
export function verifyInclusion(alg: HashAlgorithm, index: number, size: number, leaf: Uint8Array, proof: readonly Uint8Array[], root: Uint8Array): boolean {
  if (!(root instanceof Uint8Array) || root.length !== alg.size) return false;
  const computed = rootFromInclusionProof(alg, index, size, leaf, proof);
  return computed !== null && bytesEqual(computed, root);
}

/** True iff `proof` proves the tree (first, firstRoot) is a prefix of (second, secondRoot) (RFC 9162 §2.1.4.2). */
export function verifyConsistency(
  alg: HashAlgorithm,
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (!wellFormed(alg, [firstRoot, secondRoot, ...proof])) return false;
  if (first === second) return proof.length === 0 && bytesEqual(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0 && bytesEqual(firstRoot, emptyRoot(alg));
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (let i = 1; i < path.length; i++) {
    const c = path[i];
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(alg, c, fr);
      sr = nodeHash(alg, c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(alg, sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesEqual(fr, firstRoot) && bytesEqual(sr, secondRoot);
}

/**
 * The right edge of a growing tree: roots of its perfect subtrees, largest first. Appending is
 * amortized O(1) hashes and the root is O(log n), so a log never rereads its leaves to append.
 */
export class MerkleFrontier {
  private readonly stack: Uint8Array[];
  private count: number;

  constructor(
    private readonly alg: HashAlgorithm,
    size = 0,
    nodes: readonly Uint8Array[] = [],
  ) {
    const expected = popcount(size);
    if (nodes.length !== expected) throw new RangeError(`frontier of size ${size} needs ${expected} nodes, got ${nodes.length}`);
    this.stack = [...nodes];
    this.count = size;
  }

  get size(): number {
    return this.count;
  }

  /** Perfect-subtree roots, largest (leftmost) first. */
  get nodes(): readonly Uint8Array[] {
    return this.stack;
  }

  push(leaf: Uint8Array): void {
    let h = leaf;
    let s = this.count;
    while (s % 2 === 1) {
      h = nodeHash(this.alg, this.stack.pop() as Uint8Array, h);
      s = Math.floor(s / 2);
    }
    this.stack.push(h);
    this.count++;
  }

  root(): Uint8Array {
    if (this.stack.length === 0) return emptyRoot(this.alg);
    let h = this.stack[this.stack.length - 1];
    for (let i = this.stack.length - 2; i >= 0; i--) h = nodeHash(this.alg, this.stack[i], h);
    return h;
  }

  clone(): MerkleFrontier {
    return new MerkleFrontier(this.alg, this.count, this.stack);
  }
}

function isPowerOfTwo(n: number): boolean {
  while (n > 1 && n % 2 === 0) n /= 2;
  return n === 1;
}

function popcount(n: number): number {
  let c = 0;
  while (n > 0) {
    c += n % 2;
    n = Math.floor(n / 2);
  }
  return c;
}

/** Hashes of one tree level, packed contiguously (size bytes each) to keep memory at ~2 hashes per leaf. */
class PackedLevel {
  private buf: Uint8Array;
  length = 0;
  constructor(private readonly size: number) {
    this.buf = new Uint8Array(size * 64);
  }
  push(hash: Uint8Array): void {
    if ((this.length + 1) * this.size > this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf.set(hash, this.length * this.size);
    this.length++;
  }
  get(i: number): Uint8Array {
    return this.buf.subarray(i * this.size, (i + 1) * this.size);
  }
}

/**
 * The whole tree kept in memory: every complete perfect subtree root, level by level. Appends
 * cost amortized one node hash; any subtree root needs O(log n) hashes, so inclusion and
 * consistency proofs are O(log² n) instead of rehashing all leaves.
 */
export class MerkleTree {
  private readonly levels: PackedLevel[] = [];

  constructor(private readonly alg: HashAlgorithm) {
    this.levels.push(new PackedLevel(alg.size));
  }

  get size(): number {
    return this.levels[0].length;
  }

  leaf(i: number): Uint8Array {
    return this.levels[0].get(i);
  }

  push(leaf: Uint8Array): void {
    if (leaf.length !== this.alg.size) throw new RangeError(`leaf hash must be ${this.alg.size} bytes, got ${leaf.length}`);
    this.levels[0].push(leaf);
    let h = 0;
    while (this.levels[h].length % 2 === 0) {
      const level = this.levels[h];
      if (!this.levels[h + 1]) this.levels.push(new PackedLevel(this.alg.size));
      this.levels[h + 1].push(nodeHash(this.alg, level.get(level.length - 2), level.get(level.length - 1)));
      h++;
    }
  }

  /** MTH(D[lo:hi]) using stored perfect subtrees. */
  subtreeRoot(lo: number, hi: number): Uint8Array {
    const n = hi - lo;
    if (n === 0) return emptyRoot(this.alg);
    if (n === 1) return this.levels[0].get(lo);
    // A perfect, aligned range is stored: its level is log2(n).
    if ((n & (n - 1)) === 0 && lo % n === 0) {
      const h = Math.log2(n);
      const level = this.levels[h];
      if (level && lo / n < level.length) return level.get(lo / n);
    }
    const k = splitPoint(n);
    return nodeHash(this.alg, this.subtreeRoot(lo, lo + k), this.subtreeRoot(lo + k, hi));
  }

  root(size = this.size): Uint8Array {
    return this.subtreeRoot(0, size);
  }

  inclusionProof(index: number, size = this.size): Uint8Array[] {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size) throw new RangeError(`tree size ${size} out of range (log has ${this.size} leaves)`);
    if (!Number.isSafeInteger(index) || index < 0 || index >= size) throw new RangeError(`leaf index ${index} out of range for tree size ${size}`);
    const path: Uint8Array[] = [];
    const walk = (m: number, lo: number, hi: number): void => {
      const n = hi - lo;
      if (n <= 1) return;
      const k = splitPoint(n);
      if (m < k) {
        walk(m, lo, lo + k);
        path.push(this.subtreeRoot(lo + k, hi));
      } else {
        walk(m - k, lo + k, hi);
        path.push(this.subtreeRoot(lo, lo + k));
      }
    };
    walk(index, 0, size);
    return path;
  }

  consistencyProof(first: number, second = this.size): Uint8Array[] {
    if (!Number.isSafeInteger(second) || second < 0 || second > this.size) throw new RangeError(`tree size ${second} out of range (log has ${this.size} leaves)`);
    if (!Number.isSafeInteger(first) || first < 0 || first > second) throw new RangeError(`first size ${first} out of range for second size ${second}`);
    if (first === 0 || first === second) return [];
    const path: Uint8Array[] = [];
    const sub = (m: number, lo: number, hi: number, complete: boolean): void => {
      const n = hi - lo;
      if (m === n) {
        if (!complete) path.push(this.subtreeRoot(lo, hi));
        return;
      }
      const k = splitPoint(n);
      if (m <= k) {
        sub(m, lo, lo + k, complete);
        path.push(this.subtreeRoot(lo + k, hi));
      } else {
        sub(m - k, lo + k, hi, false);
        path.push(this.subtreeRoot(lo, lo + k));
      }
    };
    sub(first, 0, second, true);
    return path;
  }
}
