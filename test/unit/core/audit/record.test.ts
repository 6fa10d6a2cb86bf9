import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../src/core/audit/canonical-json';
import { getHashAlgorithm, toHex } from '../../../../src/core/audit/hash';
import { buildDecisionRecord, buildOperatorRecord, buildOutcomeRecord, checkRecordEnvelope, recordText } from '../../../../src/core/audit/record';
import { makeInput } from './fixtures';

const stamp = { seq: 7, ts: 1_700_000_000_123, hashAlg: getHashAlgorithm('sha256') };

describe('audit records', () => {
  it('a decision record holds every field the issue asks for', () => {
    const input = makeInput(1, {}, { decision: 'deny', tier: 'T2', rules: ['no-private-egress'], reason: 'contacts → external email', flows: [{ from: 'contacts', to: 'email:bob@ext.example' }] });
    const r = buildDecisionRecord({ ...input, configHash: 'cfg1' }, stamp);
    expect(r).toMatchObject({
      v: 1,
      seq: 7,
      kind: 'decision',
      ts: stamp.ts,
      hash_alg: 'sha256',
      decision_id: 'ev-1',
      session: 's-1',
      agent: 'mailer',
      device: 'emulator-5554',
      channel: 'gui',
      mode: 'HOTL',
      decision: 'deny',
      tier: 'T2',
      rules: ['no-private-egress'],
      reason: 'contacts → external email',
      flows: [{ from: 'contacts', to: 'email:bob@ext.example' }],
      ruleset: 'rev-a',
      latency_us: 42,
      config_hash: 'cfg1',
      redacted: [],
    });
    expect(r.event.id).toBe('ev-1');
    expect(r.request).toEqual(input.request);
    expect(r.screen).toEqual(input.screen);
    // Canonical JSON of a record round-trips exactly.
    expect(canonicalJson(JSON.parse(canonicalJson(r)))).toBe(canonicalJson(r));
  });

  it('redacts secrets in the event, the request and the screen, and lists the masked paths', () => {
    const input = makeInput(2, { action: 'type', secretField: true, payload: [{ field: 'text', value: 'hunter2' }], targets: [] });
    input.request = { v: 1, session: 's', agent: 'a', channel: 'gui', gui: { op: 'type', target: { resourceId: 'com.bank:id/password' }, text: 'hunter2' } };
    input.screen = { texts: ['Your verification code is 553311'], fields: { 'com.bank:id/password': 'hunter2' } };
    const r = buildDecisionRecord(input, stamp);
    const text = canonicalJson(r);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('553311');
    expect(r.redacted.map((x) => x.path).sort()).toEqual(['event.payload[0].value', 'request.gui.text', 'screen.fields.com.bank:id/password', 'screen.texts[0]'].sort());
  });

  it('an outcome record keeps a hash of the unredacted observation', () => {
    const observed = { texts: ['code 123456 is your login code'] };
    const r = buildOutcomeRecord({ decisionId: 'ev-1', session: 's', agent: 'a', status: 'executed', observed }, stamp);
    expect(r.observed_hash).toBe(toHex(stamp.hashAlg.hash(new TextEncoder().encode(canonicalJson(observed)))));
    expect(JSON.stringify(r.observed)).not.toContain('123456');
    expect(r.redacted).toEqual([{ path: 'observed.texts[0]', kind: 'otp' }]);
  });

  it('operator records validate the action and redact details', () => {
    const r = buildOperatorRecord({ action: 'rule_install', operator: 'ops@acme', ruleset: 'rev-b', detail: { api_key: 'abc' } }, stamp);
    expect(r.detail).toEqual({ api_key: '[REDACTED:api_key]' });
    expect(() => buildOperatorRecord({ action: 'nuke' as never, operator: 'x' }, stamp)).toThrow(/unknown action "nuke"/);
    expect(() => buildOperatorRecord({ action: 'approve', operator: '' }, stamp)).toThrow(/operator is missing/);
  });

  it('envelope check names the broken field', () => {
    expect(() => checkRecordEnvelope({ v: 2 }, 'record 3')).toThrow(/record 3: unsupported record version 2/);
    expect(() => checkRecordEnvelope({ v: 1, seq: -1 }, 'record 3')).toThrow(/seq/);
    expect(() => checkRecordEnvelope([], 'record 3')).toThrow(/not a JSON object/);
  });
});

describe('fast canonical text of built records', () => {
  it('recordText equals canonicalJson for any JSON in the request, screen, observation and detail (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), (anything, dict) => {
        const input = makeInput(3);
        input.request = { v: 1, session: 's', agent: 'a', channel: 'tool', tool: { name: 'x', arguments: dict }, meta: { anything } };
        input.screen = { texts: ['a'], fields: Object.fromEntries(Object.keys(dict).map((k) => [k, 'v'])), body: anything } as never;
        const d = buildDecisionRecord(input, stamp);
        expect(recordText(d)).toBe(canonicalJson(d));
        const o = buildOutcomeRecord({ decisionId: 'x', session: 's', agent: 'a', status: 'executed', observed: { body: anything, result: dict } }, stamp);
        expect(recordText(o)).toBe(canonicalJson(o));
        const op = buildOperatorRecord({ action: 'approve', operator: 'o', detail: dict }, stamp);
        expect(recordText(op)).toBe(canonicalJson(op));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses values JSON cannot carry instead of silently changing them', () => {
    const input = makeInput(4);
    input.request = { a: [1, undefined] };
    expect(() => buildDecisionRecord(input, stamp)).toThrow(/request\.a\[1\] is undefined/);
    input.request = { when: new Date(0) };
    expect(() => buildDecisionRecord(input, stamp)).toThrow(/request\.when is a Date/);
    input.request = { n: NaN };
    expect(() => buildDecisionRecord(input, stamp)).toThrow(/request\.n is NaN/);
    expect(() => buildDecisionRecord(makeInput(5, {}, { latency_us: Infinity }), stamp)).toThrow(/latency_us must be a finite number/);
    const proto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}');
    input.request = proto;
    const r = buildDecisionRecord(input, stamp);
    expect(recordText(r)).toContain('"__proto__":{"x":1}');
    expect(recordText(r)).toBe(canonicalJson(r));
  });
});
