// The examples in rules/README.md must compile: the documentation stays true.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../../src/app/pack-loader';
import { compilePack } from '../../../../src/core/rules/pack';
import { decide, defaultPackFiles, engine, tool } from '../../../helpers/engine';

const readme = readFileSync(join(PROJECT_ROOT, 'rules', 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => /^rule /m.test(b) && !b.includes(':='));

describe('rules/README.md examples', () => {
  it('has examples', () => expect(blocks.length).toBeGreaterThan(0));
  it('compile together with the default pack, and behave as described', () => {
    const files = defaultPackFiles();
    const compiled = compilePack({ ...files, rules: [...files.rules, { path: 'README.md', text: blocks.join('\n') }] });
    if (!compiled.ok) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
    const pack = compiled.pack;
    const e = engine({ pack, config: { agents: { 'money-bot': { role: 'budget', scopes: ['payments.*'], mode: 'HATL' } } } });
    expect(decide(e, tool('money-bot', 'transfer_money', { destination: 'revolut:savings-vault', amount: 5 })).decision).toBe('allow');
    expect(decide(e, tool('money-bot', 'transfer_money', { destination: 'revolut:someone-else', amount: 5 })).decision).toBe('ask');
  });
});
