import { describe, expect, it } from 'vitest';
import { checkConsistencyProof, checkInclusionProof, parseCheckpoint, parseCheckpointFile, CHECKPOINT_TYPE, CONSISTENCY_TYPE, INCLUSION_TYPE } from '../../../../src/core/audit/checkpoint';
import { getHashAlgorithm, toHex } from '../../../../src/core/audit/hash';
import { consistencyProof, inclusionProof, leafHash, treeRoot } from '../../../../src/core/audit/merkle';

const alg = getHashAlgorithm('sha256');
const good = { v: 1, type: CHECKPOINT_TYPE, log: 'log-1', hash_alg: 'sha256', size: 3, root: 'ab'.repeat(32), ts: 1 };

describe('checkpoint files', () => {
  it('parses one object, an array, or JSON Lines', () => {
    expect(parseCheckpointFile(JSON.stringify(good), 'cp.json')).toHaveLength(1);
    expect(parseCheckpointFile(JSON.stringify([good, { ...good, size: 4 }]), 'cp.json')).toHaveLength(2);
    expect(parseCheckpointFile(`${JSON.stringify(good)}\n${JSON.stringify({ ...good, size: 9 })}\n`, 'cp.jsonl').map((c) => c.size)).toEqual([3, 9]);
  });
  it('names the file, line and field of every defect', () => {
    expect(() => parseCheckpointFile('', 'cp.json')).toThrow(/cp\.json: empty checkpoint file/);
    expect(() => parseCheckpointFile(`${JSON.stringify(good)}\n{oops`, 'cp.jsonl')).toThrow(/cp\.jsonl:2: not valid JSON/);
    expect(() => parseCheckpointFile(JSON.stringify({ ...good, size: -1 }), 'cp.json')).toThrow(/cp\.json\.size/);
    expect(() => parseCheckpointFile(JSON.stringify({ ...good, root: 'xyz' }), 'cp.json')).toThrow(/cp\.json\.root/);
    expect(() => parseCheckpointFile(JSON.stringify({ ...good, hash_alg: 'md5' }), 'cp.json')).toThrow(/cp\.json\.hash_alg/);
    expect(() => parseCheckpointFile(JSON.stringify({ ...good, extra: 1 }), 'cp.json')).toThrow(/unknown field "extra"/);
    const { log: _log, ...noLog } = good;
    expect(() => parseCheckpoint(noLog, 'cp.json')).toThrow(/missing field "log"/);
  });
});

describe('exported proofs', () => {
  const records = Array.from({ length: 11 }, (_, i) => JSON.stringify({ seq: i, x: i }));
  const leaves = records.map((r) => leafHash(alg, new TextEncoder().encode(r)));
  const root = toHex(treeRoot(alg, leaves));
  const proof = { v: 1, type: INCLUSION_TYPE, log: 'l', hash_alg: 'sha256', seq: 4, size: 11, root, leaf_hash: toHex(leaves[4]), path: inclusionProof(alg, leaves, 4).map(toHex), record: records[4] };

  it('an inclusion proof verifies from the record text alone', () => {
    expect(checkInclusionProof(proof)).toMatchObject({ ok: true });
    expect(checkInclusionProof(proof, root).ok).toBe(true);
  });
  it('rejects an edited record, a forged path, a wrong seq or root, malformed hex', () => {
    expect(checkInclusionProof({ ...proof, record: records[4].replace('"x":4', '"x":5') }).ok).toBe(false);
    expect(checkInclusionProof({ ...proof, path: [...proof.path].reverse() }).ok).toBe(false);
    expect(checkInclusionProof({ ...proof, seq: 5 }).ok).toBe(false);
    expect(checkInclusionProof(proof, 'cd'.repeat(32)).ok).toBe(false);
    expect(checkInclusionProof({ ...proof, path: ['nothex'] })).toMatchObject({ ok: false, message: expect.stringContaining('proof.path[0]') });
    expect(checkInclusionProof({ ...proof, hash_alg: 'sm3' }).ok).toBe(false);
    expect(checkInclusionProof(null).ok).toBe(false);
  });
  it('consistency proofs', () => {
    const c = { v: 1, type: CONSISTENCY_TYPE, log: 'l', hash_alg: 'sha256', first: 5, second: 11, first_root: toHex(treeRoot(alg, leaves, 5)), second_root: root, path: consistencyProof(alg, leaves, 5).map(toHex) };
    expect(checkConsistencyProof(c).ok).toBe(true);
    expect(checkConsistencyProof({ ...c, first: 6 }).ok).toBe(false);
  });
});
