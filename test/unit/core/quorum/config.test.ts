import { describe, expect, it } from 'vitest';
import { checkPathConfig } from '../../../../src/core/quorum';

const paths = (groups: string[]) => groups.map((group, i) => ({ id: `p${i}`, group }));

describe('failure-group configuration check', () => {
  it('accepts k = 5 with at most 2 paths per group', () => {
    const r = checkPathConfig(paths(['aws', 'aws', 'gcp', 'gcp', 'azure']));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.config).toMatchObject({ k: 5, t: 2 });
  });
  it('refuses k = 5 when one group carries 3 paths (3 ≥ k/2 = 2.5), saying why', () => {
    const r = checkPathConfig(paths(['aws', 'aws', 'aws', 'gcp', 'azure']));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('config_invalid');
      expect(r.error.message).toContain('failure group "aws" carries 3 of k = 5 paths');
      expect(r.error.message).toContain('k/2 = 2.5');
      expect(r.error.message).toContain('no group carries more than 2');
    }
  });
  it('refuses a single-group configuration and k = 3 with two paths in one group', () => {
    expect(checkPathConfig(paths(['a', 'a', 'a', 'a', 'a'])).ok).toBe(false);
    expect(checkPathConfig(paths(['a', 'a', 'b'])).ok).toBe(false);
    expect(checkPathConfig(paths(['a', 'b', 'c'])).ok).toBe(true);
  });
  it('refuses even k, k < 3, duplicate ids and missing groups', () => {
    expect(checkPathConfig(paths(['a', 'b', 'c', 'd']))).toMatchObject({ ok: false, error: { message: expect.stringContaining('even') } });
    expect(checkPathConfig(paths(['a']))).toMatchObject({ ok: false });
    expect(checkPathConfig([{ id: 'x', group: 'a' }, { id: 'x', group: 'b' }, { id: 'y', group: 'c' }])).toMatchObject({ ok: false, error: { message: expect.stringContaining('used twice') } });
    expect(checkPathConfig([{ id: 'x', group: '' }, { id: 'y', group: 'b' }, { id: 'z', group: 'c' }])).toMatchObject({ ok: false });
  });
  it('k = 7 allows 3 per group, refuses 4', () => {
    expect(checkPathConfig(paths(['a', 'a', 'a', 'b', 'b', 'b', 'c'])).ok).toBe(true);
    expect(checkPathConfig(paths(['a', 'a', 'a', 'a', 'b', 'b', 'c'])).ok).toBe(false);
  });
});
