import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, getHashAlgorithm, toHex } from '../../../../src/core/audit/hash';
import {
  consistencyProof,
  emptyRoot,
  inclusionProof,
  leafHash,
  MerkleFrontier,
  MerkleTree,
  nodeHash,
  rootFromInclusionProof,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
} from '../../../../src/core/audit/merkle';

const sha = getHashAlgorithm('sha256');
const sm3 = getHashAlgorithm('sm3');

// The RFC 6962 reference leaves used by Certificate Transparency's test suites.
const INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const LEAVES = INPUTS.map((h) => leafHash(sha, fromHex(h, 'leaf')));
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

/** Independent textbook definition of MTH (RFC 6962 §2.1), for cross-checking. */
function referenceRoot(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return emptyRoot(sha);
  if (leaves.length === 1) return leaves[0];
  let k = 1;
  while (k << 1 < leaves.length) k <<= 1;
  return nodeHash(sha, referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
}

function makeLeaves(n: number, alg = sha): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => leafHash(alg, new TextEncoder().encode(`record-${i}`)));
}

describe('RFC 6962 reference vectors', () => {
  it('empty tree root is H("")', () => {
    expect(toHex(emptyRoot(sha))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('roots of the first 1..8 reference leaves', () => {
    for (let n = 1; n <= 8; n++) expect(toHex(treeRoot(sha, LEAVES, n))).toBe(ROOTS[n - 1]);
  });
  it('inclusion proofs of the reference tree', () => {
    expect(inclusionProof(sha, LEAVES, 0, 8).map(toHex)).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(inclusionProof(sha, LEAVES, 5, 8).map(toHex)).toEqual([
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(inclusionProof(sha, LEAVES, 2, 3).map(toHex)).toEqual(['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']);
    expect(inclusionProof(sha, LEAVES, 1, 5).map(toHex)).toEqual([
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
  });
  it('consistency proofs of the reference tree', () => {
    expect(consistencyProof(sha, LEAVES, 1, 8).map(toHex)).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(consistencyProof(sha, LEAVES, 6, 8).map(toHex)).toEqual([
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(consistencyProof(sha, LEAVES, 2, 5).map(toHex)).toEqual([
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
  });
});

describe('tree construction', () => {
  it('matches the textbook definition and the incremental frontier for sizes 0..70', () => {
    const leaves = makeLeaves(70);
    const frontier = new MerkleFrontier(sha);
    expect(toHex(frontier.root())).toBe(toHex(emptyRoot(sha)));
    for (let n = 1; n <= 70; n++) {
      frontier.push(leaves[n - 1]);
      const expected = toHex(referenceRoot(leaves.slice(0, n)));
      expect(toHex(treeRoot(sha, leaves, n))).toBe(expected);
      expect(toHex(frontier.root())).toBe(expected);
    }
  });
  it('node hashes share no memory with their (reused) input: each equals H(0x01 ‖ l ‖ r) built afresh', () => {
    for (const alg of [sha, sm3]) {
      const leaves = makeLeaves(6);
      const results: Array<[Uint8Array, string]> = [];
      for (let i = 0; i + 1 < leaves.length; i++) {
        const fresh = new Uint8Array([0x01, ...leaves[i], ...leaves[i + 1]]);
        results.push([nodeHash(alg, leaves[i], leaves[i + 1]), toHex(alg.hash(fresh))]);
      }
      // Inputs of another size (a malformed proof) do not disturb later nodes either.
      expect(toHex(nodeHash(alg, leaves[0].subarray(0, 5), leaves[1]))).toBe(toHex(alg.hash(new Uint8Array([0x01, ...leaves[0].subarray(0, 5), ...leaves[1]]))));
      results.push([nodeHash(alg, leaves[2], leaves[3]), toHex(alg.hash(new Uint8Array([0x01, ...leaves[2], ...leaves[3]])))]);
      for (const [got, want] of results) expect(toHex(got)).toBe(want);
    }
  });
  it('a frontier restored from its nodes continues identically', () => {
    const leaves = makeLeaves(37);
    const a = new MerkleFrontier(sha);
    leaves.slice(0, 21).forEach((l) => a.push(l));
    const b = new MerkleFrontier(sha, a.size, a.nodes);
    leaves.slice(21).forEach((l) => {
      a.push(l);
      b.push(l);
    });
    expect(toHex(b.root())).toBe(toHex(a.root()));
    expect(() => new MerkleFrontier(sha, 5, a.nodes.slice(0, 1))).toThrow(/needs 2 nodes/);
  });
});

function flipBit(h: Uint8Array, bit: number): Uint8Array {
  const c = Uint8Array.from(h);
  c[Math.floor(bit / 8) % c.length] ^= 1 << bit % 8;
  return c;
}

describe('inclusion verifier', () => {
  const leaves = makeLeaves(33);
  it('accepts every valid proof for every size 1..33 and index', () => {
    for (let size = 1; size <= 33; size++) {
      const root = treeRoot(sha, leaves, size);
      for (let i = 0; i < size; i++) {
        expect(verifyInclusion(sha, i, size, leaves[i], inclusionProof(sha, leaves, i, size), root)).toBe(true);
      }
    }
  });

  it('rejects forged proofs: bit flips, truncation, extension, wrong index, size, leaf and root', () => {
    for (let size = 1; size <= 20; size++) {
      const root = treeRoot(sha, leaves, size);
      for (let i = 0; i < size; i++) {
        const proof = inclusionProof(sha, leaves, i, size);
        const ok = (idx: number, sz: number, leaf: Uint8Array, p: Uint8Array[], r: Uint8Array) => verifyInclusion(sha, idx, sz, leaf, p, r);
        for (let j = 0; j < proof.length; j++) {
          for (const bit of [0, 7, 100, 255]) {
            const forged = proof.map((h, k) => (k === j ? flipBit(h, bit) : h));
            expect(ok(i, size, leaves[i], forged, root)).toBe(false);
          }
        }
        expect(ok(i, size, flipBit(leaves[i], 3), proof, root)).toBe(false);
        expect(ok(i, size, leaves[i], proof, flipBit(root, 9))).toBe(false);
        if (proof.length > 0) expect(ok(i, size, leaves[i], proof.slice(0, -1), root)).toBe(false);
        if (proof.length > 0) expect(ok(i, size, leaves[i], proof.slice(1), root)).toBe(false);
        expect(ok(i, size, leaves[i], [...proof, leaves[0]], root)).toBe(false);
        expect(ok(i, size, leaves[i], [leaves[0], ...proof], root)).toBe(false);
        expect(ok(i, size, leaves[i], [...proof, proof[proof.length - 1] ?? root], root)).toBe(false);
        // Wrong sizes and indices: a proof for (i, size) never verifies as another position.
        for (let other = 0; other < size; other++) if (other !== i) expect(ok(other, size, leaves[i], proof, root)).toBe(false);
        // Wrong tree sizes as in the transparency-dev probes (×2, ÷2). A size ±1 can share the
        // proof shape; that is harmless because (size, root) comes from a trusted checkpoint.
        expect(ok(i, size * 2, leaves[i], proof, root)).toBe(false);
        if (Math.floor(size / 2) !== size && i < Math.floor(size / 2)) expect(ok(i, Math.floor(size / 2), leaves[i], proof, root)).toBe(false);
        expect(ok(size, size, leaves[i], proof, root)).toBe(false);
        expect(ok(-1, size, leaves[i], proof, root)).toBe(false);
        expect(ok(i, 0, leaves[i], proof, root)).toBe(false);
        expect(ok(i + 0.5, size, leaves[i], proof, root)).toBe(false);
        // Malformed hashes are rejected, not crashed on.
        if (proof.length > 0) expect(ok(i, size, leaves[i], [proof[0].slice(1), ...proof.slice(1)], root)).toBe(false);
        expect(ok(i, size, leaves[i], proof, root.slice(0, 31))).toBe(false);
      }
    }
  });

  it('a proof never verifies a leaf that is not at that index (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.nat(), fc.nat(), (size, a, b) => {
        const ls = makeLeaves(size);
        const i = a % size;
        const j = b % size;
        const proof = inclusionProof(sha, ls, i, size);
        const root = treeRoot(sha, ls, size);
        expect(verifyInclusion(sha, j, size, ls[j], proof, root)).toBe(i === j || (size > 1 ? false : true));
        expect(toHex(rootFromInclusionProof(sha, i, size, ls[i], proof)!)).toBe(toHex(root));
      }),
      { numRuns: 200 },
    );
  });

  it('works with SM3 too, and proofs do not cross algorithms', () => {
    const ls = makeLeaves(13, sm3);
    const root = treeRoot(sm3, ls);
    const proof = inclusionProof(sm3, ls, 7);
    expect(verifyInclusion(sm3, 7, 13, ls[7], proof, root)).toBe(true);
    expect(verifyInclusion(sha, 7, 13, ls[7], proof, root)).toBe(false);
  });
});

describe('consistency verifier', () => {
  const leaves = makeLeaves(33);
  it('accepts every valid proof for 0 ≤ m ≤ n ≤ 33', () => {
    for (let n = 0; n <= 33; n++) {
      for (let m = 0; m <= n; m++) {
        const proof = consistencyProof(sha, leaves, m, n);
        expect(verifyConsistency(sha, m, n, treeRoot(sha, leaves, m), treeRoot(sha, leaves, n), proof)).toBe(true);
      }
    }
  });

  it('rejects forged proofs: bit flips, truncation, extension, wrong sizes and roots', () => {
    for (let n = 1; n <= 20; n++) {
      for (let m = 1; m < n; m++) {
        const r1 = treeRoot(sha, leaves, m);
        const r2 = treeRoot(sha, leaves, n);
        const proof = consistencyProof(sha, leaves, m, n);
        const ok = (a: number, b: number, x: Uint8Array, y: Uint8Array, p: Uint8Array[]) => verifyConsistency(sha, a, b, x, y, p);
        for (let j = 0; j < proof.length; j++) {
          const forged = proof.map((h, k) => (k === j ? flipBit(h, j * 13 + 1) : h));
          expect(ok(m, n, r1, r2, forged)).toBe(false);
        }
        expect(ok(m, n, flipBit(r1, 0), r2, proof)).toBe(false);
        expect(ok(m, n, r1, flipBit(r2, 0), proof)).toBe(false);
        expect(ok(m, n, r1, r2, proof.slice(0, -1))).toBe(false);
        expect(ok(m, n, r1, r2, proof.slice(1))).toBe(false);
        expect(ok(m, n, r1, r2, [...proof, r2])).toBe(false);
        expect(ok(m, n, r1, r2, [])).toBe(false);
        expect(ok(m, n * 2, r1, r2, proof)).toBe(false);
        if (m * 2 <= n) expect(ok(m * 2, n, r1, r2, proof)).toBe(false);
        if (m > 1) expect(ok(Math.floor(m / 2), n, r1, r2, proof)).toBe(false);
        expect(ok(n, m, r2, r1, proof)).toBe(false);
        // A rewritten history: the old root of a different prefix never proves consistent.
        const other = makeLeaves(n).map((l, k) => (k === 0 ? flipBit(l, 5) : l));
        expect(ok(m, n, treeRoot(sha, other, m), r2, proof)).toBe(false);
      }
    }
  });

  it('same-size and empty-tree edge cases', () => {
    const r = treeRoot(sha, leaves, 5);
    expect(verifyConsistency(sha, 5, 5, r, r, [])).toBe(true);
    expect(verifyConsistency(sha, 5, 5, r, r, [r])).toBe(false);
    expect(verifyConsistency(sha, 5, 5, r, treeRoot(sha, leaves, 6), [])).toBe(false);
    expect(verifyConsistency(sha, 0, 5, emptyRoot(sha), r, [])).toBe(true);
    expect(verifyConsistency(sha, 0, 5, r, r, [])).toBe(false);
    expect(verifyConsistency(sha, -1, 5, r, r, [])).toBe(false);
  });

  it('a consistency proof never links two different histories (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 48 }), fc.nat(), fc.nat(), (n, a, b) => {
        const m = 1 + (a % (n - 1));
        const ls = makeLeaves(n);
        const tampered = ls.map((l, k) => (k === b % m ? flipBit(l, 1) : l));
        const proof = consistencyProof(sha, ls, m, n);
        expect(verifyConsistency(sha, m, n, treeRoot(sha, ls, m), treeRoot(sha, ls, n), proof)).toBe(true);
        expect(verifyConsistency(sha, m, n, treeRoot(sha, tampered, m), treeRoot(sha, ls, n), proof)).toBe(false);
        expect(verifyConsistency(sha, m, n, treeRoot(sha, ls, m), treeRoot(sha, tampered, n), proof)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('in-memory MerkleTree', () => {
  it('gives the same roots and proofs as the list-based functions for every size up to 70', () => {
    const leaves = makeLeaves(70);
    const tree = new MerkleTree(sha);
    for (let n = 1; n <= 70; n++) {
      tree.push(leaves[n - 1]);
      expect(toHex(tree.root())).toBe(toHex(treeRoot(sha, leaves, n)));
      for (let size = 1; size <= n; size += 7) {
        for (let i = 0; i < size; i += 3) expect(tree.inclusionProof(i, size).map(toHex)).toEqual(inclusionProof(sha, leaves, i, size).map(toHex));
        for (let m = 0; m <= size; m += 5) expect(tree.consistencyProof(m, size).map(toHex)).toEqual(consistencyProof(sha, leaves, m, size).map(toHex));
      }
    }
    expect(() => tree.inclusionProof(70)).toThrow(RangeError);
    expect(() => tree.push(new Uint8Array(3))).toThrow(/32 bytes/);
  });
});
