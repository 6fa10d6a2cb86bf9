import { describe, expect, it } from 'vitest';
import { atomsOfJson, atomsOfText, looksSensitive } from '../../../../src/core/provenance/atoms';

const keys = (m: Map<string, { key: string }>) => [...m.keys()];

describe('atoms: what is worth tracking', () => {
  it('keeps identifiers and names, drops UI chrome', () => {
    for (const chrome of ['Mobile', 'Email', 'Call', 'Video call', 'Home address', 'Message', 'Thanks kiddo']) expect(looksSensitive(chrome, false)).toBe(false);
    for (const value of ['+1 503-555-0114', 'tomas.herrera@gmail.com', 'Tomás Herrera', '1912 SE Division St, Portland, OR 97202', '1EG4-TE5-MK73']) expect(looksSensitive(value, false)).toBe(true);
  });

  it('extracts identifier tokens from free text', () => {
    const atoms = atomsOfText('My Medicare number is 1EG4-TE5-MK73, can you fill the form for me?', false);
    expect(keys(atoms)).toContain('1eg4te5mk73');
  });

  it('takes every data value of a JSON body but never its keys', () => {
    const atoms = atomsOfJson({ staff: [{ emp: 'TT-0042', full_name: 'Renata Flores', annual: 76300, acct: '118822004417' }] });
    const k = keys(atoms);
    expect(k).toEqual(expect.arrayContaining(['tt0042', 'renataflores', '76300', '118822004417']));
    expect(k).not.toContain('fullname');
  });

  it('handles CJK names as data', () => {
    expect(keys(atomsOfJson({ 姓名: '何雨桐', 部门: '算法组' }))).toContain('何雨桐');
  });
});
