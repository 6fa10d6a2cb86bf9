import { describe, expect, it } from 'vitest';
import { parseRules } from '../../../../src/core/rules/parser';
import { compilePack } from '../../../../src/core/rules/pack';
import { defaultPackFiles } from '../../../helpers/engine';

describe('FlowRule parser', () => {
  it('parses ids, priority, tier, when/then/else and every predicate form', () => {
    const { rules, errors } = parseRules('x.rules', `
# comment
rule a.b-c priority 7 tier T3
  when (effect in [send, share] or channel is gui) and not agent.mode is HATL
    and payload carries [contacts, private] and target carries untrusted
    and app matches "com.venmo*" and payload contains "iban" and score.shell >= 0.5
    and agent has scope "email.send" and count(effect is send) within 60s > 3
  then deny "no {effect}"
  else allow
`);
    expect(errors).toEqual([]);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ id: 'a.b-c', priority: 7, tier: 'T3', then: { action: 'deny', reason: 'no {effect}' }, else: { action: 'allow' } });
  });

  it('reports syntax errors at file:line:col and keeps checking later rules', () => {
    const { rules, errors } = parseRules('bad.rules', 'rule one\n  when effect is send\n  then explode "x"\nrule two when true then allow\nrule three when effect is\n');
    expect(errors.map((e) => `${e.file}:${e.line}:${e.col}`)).toEqual(['bad.rules:3:8', 'bad.rules:6:1']);
    expect(errors[0].message).toContain('expected allow, deny, ask or approve but found "explode"');
    expect(rules.map((r) => r.id)).toEqual(['two']);
  });

  it('reports an unterminated string', () => {
    const { errors } = parseRules('s.rules', 'rule a when payload contains "abc\nthen deny');
    expect(errors[0]).toMatchObject({ line: 1, col: 30, message: 'unterminated string' });
  });
});

describe('FlowRule validation', () => {
  const compile = (text: string) => compilePack({ rules: [{ path: 'v.rules', text }], catalogs: defaultPackFiles().catalogs });

  it('rejects unknown fields, unknown effect values and duplicate ids with positions', () => {
    const result = compile('rule a when efect is send then deny\nrule b when effect is sendd then deny\nrule a when true then allow\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.errors.map((e) => `${e.line}:${e.col} ${e.message}`);
    expect(messages[0]).toMatch(/^1:13 rule a: unknown field "efect"/);
    expect(messages.some((m) => m.startsWith('2:13') && m.includes('"sendd" is not a value of effect'))).toBe(true);
    expect(messages.some((m) => m.startsWith('3:1') && m.includes('defined twice'))).toBe(true);
  });

  it('gives the same revision for the same sources and a new one for any change', () => {
    const a = compile('rule a when true then allow');
    const b = compile('rule a when true then allow');
    const c = compile('rule a when true then deny');
    if (!a.ok || !b.ok || !c.ok) throw new Error('compile failed');
    expect(a.pack.revision).toBe(b.pack.revision);
    expect(a.pack.revision).not.toBe(c.pack.revision);
  });

  it('indexes rules by effect so rules for other effects are never evaluated', () => {
    const result = compile('rule s when effect is send then deny\nrule p when effect in [payment, delete] then ask\nrule any when true then allow');
    if (!result.ok) throw new Error('compile failed');
    const ids = (effect: Parameters<typeof result.pack.rules.forEffect>[0]) => result.pack.rules.forEffect(effect).map((r) => r.id);
    expect(ids('send')).toEqual(['any', 's']);
    expect(ids('payment')).toEqual(['any', 'p']);
    expect(ids('read')).toEqual(['any']);
  });

  it('ships a default pack that compiles', () => {
    const result = compilePack(defaultPackFiles());
    expect(result.ok).toBe(true);
  });
});

describe('rule index by required field', () => {
  it('offers an event only the rules whose required app/agent/host it has, in priority order', async () => {
    const { compilePack: compile } = await import('../../../../src/core/rules/pack');
    const { defaultPackFiles: files } = await import('../../../helpers/engine');
    const result = compile({ rules: [{ path: 'i.rules', text: 'rule a priority 3 when effect is send and app is "com.whatsapp" then deny\nrule b priority 2 when effect is send and agent in ["x", "Y"] then ask\nrule c priority 1 when effect is send then allow\nrule d priority 4 when effect is send and app is "com.venmo" then deny' }], catalogs: files().catalogs });
    if (!result.ok) throw new Error('compile failed');
    const ids = (app: string | undefined, agent: string) => result.pack.rules.forEvent({ effect: 'send', app, agent, policy: { role: '' }, resource: 'chat', action: 'tap' } as never).map((r) => r.id);
    expect(ids('com.whatsapp', 'y')).toEqual(['a', 'b', 'c']);
    expect(ids('com.signal', 'z')).toEqual(['c']);
    expect(ids(undefined, 'X')).toEqual(['b', 'c']);
  });
});
