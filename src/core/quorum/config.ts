// Quorum path configuration: k = 2t+1 separately addressed paths, each in a failure group
// (provider / region / broker). A configuration in which one group could decide the quorum is
// refused.
//
// Reading of the rule "a group carrying k/2 or more paths is refused": k/2 is NOT rounded. We
// compare exactly, in integers, 2·count ≥ k. Since k is odd, k/2 is never an integer, so this
// is the same as count ≥ t+1 = ⌈k/2⌉, i.e. a group is refused exactly when it alone holds a
// majority of the slots (k = 5: a group with 3 paths is refused, 2 is allowed). Rounding k/2
// down (2 for k = 5) would also refuse groups of t paths, which cannot decide anything alone:
// if such a group crashes, the other t+1 paths still carry a majority, and if it lies it is
// outvoted. Even k is refused outright: the protocol needs k = 2t+1.
import { agentFlowError, type AgentFlowError } from '../protocol/errors';

export interface QuorumPathSpec {
  /** Stable path id, e.g. `p0`. */
  id: string;
  /** Failure group: provider / region / broker that can fail (or be compromised) as one. */
  group: string;
}

export interface QuorumPathConfig {
  k: number;
  /** Tolerated faulty paths: k = 2t+1. */
  t: number;
  /** Paths in slot order: the first t+1 carry (m, H(m)), the other t carry only H(m). */
  paths: QuorumPathSpec[];
}

export type PathConfigResult = { ok: true; config: QuorumPathConfig } | { ok: false; error: AgentFlowError };

export function checkPathConfig(paths: QuorumPathSpec[]): PathConfigResult {
  const k = paths.length;
  const fail = (message: string, field = 'paths', value?: unknown): PathConfigResult => ({
    ok: false,
    error: agentFlowError('config_invalid', `quorum path configuration refused: ${message}`, [{ field, message, value }]),
  });
  if (k < 3) return fail(`k = ${k} paths; MIRROR needs k = 2t+1 ≥ 3 paths`, 'paths', k);
  if (k % 2 === 0) return fail(`k = ${k} is even; MIRROR needs an odd k = 2t+1 (add or remove one path)`, 'paths', k);
  const ids = new Set<string>();
  const groups = new Map<string, string[]>();
  for (const [i, p] of paths.entries()) {
    if (!p || typeof p.id !== 'string' || p.id.length === 0) return fail(`path ${i} has no id`, `paths.${i}.id`, p?.id);
    if (typeof p.group !== 'string' || p.group.length === 0) return fail(`path "${p.id}" names no failure group`, `paths.${i}.group`, p.group);
    if (ids.has(p.id)) return fail(`path id "${p.id}" is used twice`, `paths.${i}.id`, p.id);
    ids.add(p.id);
    groups.set(p.group, [...(groups.get(p.group) ?? []), p.id]);
  }
  for (const [group, members] of groups) {
    if (2 * members.length >= k) {
      const allowed = Math.floor((k - 1) / 2);
      return fail(
        `failure group "${group}" carries ${members.length} of k = ${k} paths (${members.join(', ')}); ` +
          `${members.length} ≥ k/2 = ${k / 2}, so one failure of "${group}" could forge or block every message. ` +
          `Spread the paths so that no group carries more than ${allowed}.`,
        'paths',
        { group, paths: members },
      );
    }
  }
  return { ok: true, config: { k, t: (k - 1) / 2, paths: paths.map((p) => ({ id: p.id, group: p.group })) } };
}
