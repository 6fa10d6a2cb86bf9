// Checkpoints (signed-tree-head-like: size, root, time) and proofs as JSON objects that can be
// exported, pinned outside the database and checked by anyone with this file.
import { canonicalBytes, utf8 } from './canonical-json';
import { auditError } from './errors';
import { bytesEqual, fromHex, getHashAlgorithm, isHashAlgName, toHex, type HashAlgName, type HashAlgorithm } from './hash';
import { leafHash, verifyConsistency, verifyInclusion } from './merkle';

export const CHECKPOINT_TYPE = 'agentflow.audit.checkpoint';
export const INCLUSION_TYPE = 'agentflow.audit.inclusion';
export const CONSISTENCY_TYPE = 'agentflow.audit.consistency';

export interface Checkpoint {
  v: 1;
  type: typeof CHECKPOINT_TYPE;
  /** Random id of the log, fixed at creation: a checkpoint of another log is refused. */
  log: string;
  hash_alg: HashAlgName;
  size: number;
  /** Hex Merkle root of the first `size` records. */
  root: string;
  /** Milliseconds since epoch when the checkpoint was taken. */
  ts: number;
}

export interface InclusionProofJson {
  v: 1;
  type: typeof INCLUSION_TYPE;
  log: string;
  hash_alg: HashAlgName;
  seq: number;
  size: number;
  root: string;
  leaf_hash: string;
  path: string[];
  /** The record's canonical JSON text, so its leaf hash can be recomputed. */
  record?: string;
}

export interface ConsistencyProofJson {
  v: 1;
  type: typeof CONSISTENCY_TYPE;
  log: string;
  hash_alg: HashAlgName;
  first: number;
  second: number;
  first_root: string;
  second_root: string;
  path: string[];
}

function field(obj: Record<string, unknown>, name: string, where: string): unknown {
  if (!(name in obj)) throw auditError('checkpoint_invalid', `${where}: missing field "${name}"`, `${where}.${name}`);
  return obj[name];
}

function nonNegInt(value: unknown, where: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw auditError('checkpoint_invalid', `${where}: expected a non-negative integer, got ${JSON.stringify(value)}`, where);
  }
  return value as number;
}

/** Validates one checkpoint object; errors name `where` and the field. */
export function parseCheckpoint(value: unknown, where = 'checkpoint'): Checkpoint {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw auditError('checkpoint_invalid', `${where}: expected a JSON object`, where);
  const obj = value as Record<string, unknown>;
  const known = new Set(['v', 'type', 'log', 'hash_alg', 'size', 'root', 'ts']);
  for (const key of Object.keys(obj)) if (!known.has(key)) throw auditError('checkpoint_invalid', `${where}: unknown field "${key}"`, `${where}.${key}`);
  if (field(obj, 'v', where) !== 1) throw auditError('checkpoint_invalid', `${where}.v: unsupported version ${JSON.stringify(obj.v)}`, `${where}.v`);
  if (field(obj, 'type', where) !== CHECKPOINT_TYPE) throw auditError('checkpoint_invalid', `${where}.type: expected "${CHECKPOINT_TYPE}"`, `${where}.type`);
  const log = field(obj, 'log', where);
  if (typeof log !== 'string' || log === '') throw auditError('checkpoint_invalid', `${where}.log: expected a non-empty string`, `${where}.log`);
  const alg = field(obj, 'hash_alg', where);
  if (!isHashAlgName(alg)) throw auditError('checkpoint_invalid', `${where}.hash_alg: unknown hash algorithm ${JSON.stringify(alg)}`, `${where}.hash_alg`);
  const size = nonNegInt(field(obj, 'size', where), `${where}.size`);
  const root = field(obj, 'root', where);
  try {
    fromHex(root, `${where}.root`, getHashAlgorithm(alg).size);
  } catch (error) {
    throw auditError('checkpoint_invalid', (error as Error).message, `${where}.root`);
  }
  const ts = nonNegInt(field(obj, 'ts', where), `${where}.ts`);
  return { v: 1, type: CHECKPOINT_TYPE, log, hash_alg: alg, size, root: (root as string).toLowerCase(), ts };
}

/** Parses a checkpoint file: one JSON object, a JSON array of them, or JSON Lines. Errors name file:line and field. */
export function parseCheckpointFile(text: string, file: string): Checkpoint[] {
  const trimmed = text.trim();
  if (trimmed === '') throw auditError('checkpoint_invalid', `${file}: empty checkpoint file`, file);
  let whole: unknown;
  let parsedWhole = false;
  try {
    whole = JSON.parse(trimmed);
    parsedWhole = true;
  } catch {}
  if (parsedWhole) {
    const list = Array.isArray(whole) ? whole : [whole];
    if (list.length === 0) throw auditError('checkpoint_invalid', `${file}: no checkpoint in the file`, file);
    return list.map((item, i) => parseCheckpoint(item, Array.isArray(whole) ? `${file}[${i}]` : file));
  }
  const out: Checkpoint[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw auditError('checkpoint_invalid', `${file}:${i + 1}: not valid JSON (${(error as Error).message})`, `${file}:${i + 1}`);
    }
    out.push(parseCheckpoint(value, `${file}:${i + 1}`));
  });
  return out;
}

function hexList(value: unknown, where: string, size: number): Uint8Array[] {
  if (!Array.isArray(value)) throw auditError('proof_invalid', `${where}: expected an array of hex hashes`, where);
  return value.map((item, i) => fromHex(item, `${where}[${i}]`, size));
}

export interface ProofCheck {
  ok: boolean;
  message: string;
}

function proofHeader(value: unknown, type: string): { obj: Record<string, unknown>; alg: HashAlgorithm } {
  if (!value || typeof value !== 'object') throw auditError('proof_invalid', 'proof: expected a JSON object', 'proof');
  const obj = value as Record<string, unknown>;
  if (obj.v !== 1 || obj.type !== type) throw auditError('proof_invalid', `proof: expected v 1 and type "${type}"`, 'proof.type');
  if (!isHashAlgName(obj.hash_alg)) throw auditError('proof_invalid', `proof.hash_alg: unknown hash algorithm ${JSON.stringify(obj.hash_alg)}`, 'proof.hash_alg');
  return { obj, alg: getHashAlgorithm(obj.hash_alg) };
}

/** Verifies an exported inclusion proof on its own: record → leaf hash → path → root. */
export function checkInclusionProof(value: unknown, expectedRoot?: string): ProofCheck {
  try {
    const { obj, alg } = proofHeader(value, INCLUSION_TYPE);
    const seq = obj.seq as number;
    const size = obj.size as number;
    const root = fromHex(obj.root, 'proof.root', alg.size);
    const leaf = fromHex(obj.leaf_hash, 'proof.leaf_hash', alg.size);
    const path = hexList(obj.path, 'proof.path', alg.size);
    if (typeof obj.record === 'string') {
      const recomputed = leafHash(alg, utf8(obj.record));
      if (!bytesEqual(recomputed, leaf)) return { ok: false, message: `record text does not hash to leaf_hash (got ${toHex(recomputed)})` };
      let record: unknown;
      try {
        record = JSON.parse(obj.record);
      } catch {
        return { ok: false, message: 'proof.record is not JSON' };
      }
      if ((record as { seq?: unknown }).seq !== seq) return { ok: false, message: `record seq ${(record as { seq?: unknown }).seq} differs from proof seq ${seq}` };
    }
    if (expectedRoot !== undefined && expectedRoot.toLowerCase() !== toHex(root)) return { ok: false, message: `proof root ${toHex(root)} is not the expected root ${expectedRoot}` };
    const ok = verifyInclusion(alg, seq, size, leaf, path, root);
    return { ok, message: ok ? `record ${seq} is included in the log of size ${size} with root ${toHex(root)}` : `inclusion proof for record ${seq} in size ${size} does not verify` };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export function checkConsistencyProof(value: unknown): ProofCheck {
  try {
    const { obj, alg } = proofHeader(value, CONSISTENCY_TYPE);
    const first = obj.first as number;
    const second = obj.second as number;
    const ok = verifyConsistency(alg, first, second, fromHex(obj.first_root, 'proof.first_root', alg.size), fromHex(obj.second_root, 'proof.second_root', alg.size), hexList(obj.path, 'proof.path', alg.size));
    return { ok, message: ok ? `tree ${first} is a prefix of tree ${second}` : `consistency proof ${first} → ${second} does not verify` };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** Hash (hex) of a JSON value's canonical form, e.g. a policy configuration snapshot. */
export function contentHash(alg: HashAlgorithm, value: unknown): string {
  return toHex(alg.hash(canonicalBytes(value)));
}
