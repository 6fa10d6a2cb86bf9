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

  it('takes a handle, but not the mail provider of an address, as a value of its own', () => {
    expect(keys(atomsOfText('DM @lena_makes or write to hannah.oduya@posteo.de', false))).toEqual(expect.arrayContaining(['lenamakes', 'hannahoduyaposteode']));
    expect(keys(atomsOfText('DM @lena_makes or write to hannah.oduya@posteo.de', false))).not.toContain('posteode');
  });

  it('leaves the schema\'s type words out: they say what a record is, not who it is about', () => {
    const k = keys(atomsOfJson({ resourceType: 'Patient', id: 'pt-88120', name: [{ family: 'Vasilescu', given: ['Teodora'] }], kind: 'drive#file' }));
    expect(k).toEqual(expect.arrayContaining(['pt88120', 'vasilescu', 'teodora']));
    expect(k).not.toContain('patient');
    expect(k).not.toContain('drivefile');
  });

  it('keeps a street address and its parts with numbers, not the town on its own', () => {
    const k = keys(atomsOfText('1739 N Halsted St, Unit 3F, Chicago, IL 60614', true));
    expect(k).toEqual(expect.arrayContaining(['1739nhalstedstunit3fchicagoil60614', '1739nhalstedst', 'unit3f', 'il60614']));
    expect(k).not.toContain('chicago');
    // (a name in a list is still a name)
    expect(keys(atomsOfText('Kowalski, 14:00, Room 3', true))).toContain('kowalski');
  });

  it('a title and a surname name a person, with or without a possessive', () => {
    expect(keys(atomsOfText("Hi Lucía, Dr. Patel's office: your A1C came back at 6.9%.", true))).toContain('drpatel');
  });

  it('a greeting opening a message is not a value; the name signing it is', () => {
    const k = keys(atomsOfText('Namaste, 40 log ke liye chai-samosa order chahiye, Saturday 4 baje. – Anjali Rao', true));
    expect(k).not.toContain('namaste');
    expect(k).toContain('anjalirao');
  });

  it('handles CJK names as data', () => {
    expect(keys(atomsOfJson({ 姓名: '何雨桐', 部门: '算法组' }))).toContain('何雨桐');
  });
});
