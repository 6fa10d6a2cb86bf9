import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PackFiles } from '../../../src/core/rules/pack';
import { openAuditLog } from '../../../src/storage/audit-log';
import { createRuleInstaller, formatRuleError, watchRules, type RuleCompiler, type RuleError } from '../../../src/storage/rule-installer';
import { openRuleStore } from '../../../src/storage/rule-store';
import { tempDir } from './helpers';

/** A fake compiler: a rule file is lines of `allow X` / `deny X`; anything else is an error at line:col. */
interface FakePack {
  revision: string;
  deny: Set<string>;
}
const fakeCompile: RuleCompiler<FakePack> = (files) => {
  const errors: RuleError[] = [];
  const deny = new Set<string>();
  for (const f of files.rules) {
    f.text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const m = /^(allow|deny) (\w+)$/.exec(line.trim());
      if (!m) errors.push({ file: f.path, line: i + 1, col: line.search(/\S/) + 1, code: 'rule_syntax', message: `cannot parse "${line.trim()}"` });
      else if (m[1] === 'deny') deny.add(m[2]);
    });
  }
  if (errors.length) return { ok: false, errors };
  const revision = files.rules.map((f) => f.text).join('|');
  return { ok: true, pack: { revision, deny } };
};
const pack = (text: string): PackFiles => ({ rules: [{ path: 'rules/main.rules', text }], catalogs: [] });

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => (tmp = tempDir('agentflow-rules-')));
afterEach(() => tmp.cleanup());

describe('rule store and hot install', () => {
  it('install → swap; a bad set never replaces the running one and its errors name file:line:col', () => {
    const db = tmp.file('af.db');
    const store = openRuleStore(db, { now: () => 1000 });
    const audit = openAuditLog(db);
    let running: FakePack | null = null;
    const installer = createRuleInstaller({ store, compile: fakeCompile, swap: (p) => (running = p), audit });

    const a = installer.install(pack('deny pay'), 'ann', 'first');
    expect(a).toMatchObject({ ok: true, revision: 'deny pay', unchanged: false });
    expect(running!.deny.has('pay')).toBe(true);

    const bad = installer.install(pack('deny pay\n  oops here'), 'bob');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map(formatRuleError)).toEqual(['rules/main.rules:2:3: rule_syntax: cannot parse "oops here"']);
      expect(bad.message).toMatch(/revision deny pay stays in force/);
    }
    expect(running!.revision).toBe('deny pay');
    expect(installer.status()).toMatchObject({ state: 'error', revision: 'deny pay' });

    const b = installer.install(pack('deny pay\ndeny send'), 'bob', 'block sends');
    expect(b.ok).toBe(true);
    expect(running!.deny.has('send')).toBe(true);
    expect(installer.status()).toMatchObject({ state: 'ok', revision: 'deny pay\ndeny send' });
    expect(installer.install(pack('deny pay\ndeny send'), 'bob')).toMatchObject({ ok: true, unchanged: true });

    // History: who, when, from what text; rollback by id or by revision prefix.
    const list = store.list();
    expect(list.map((r) => [r.id, r.revision, r.action, r.installedBy, r.active])).toEqual([
      [1, 'deny pay', 'install', 'ann', false],
      [2, 'deny pay\ndeny send', 'install', 'bob', true],
    ]);
    expect(store.get(1).files.rules[0].text).toBe('deny pay');
    const rb = installer.rollback(1, 'carol');
    expect(rb).toMatchObject({ ok: true, revision: 'deny pay', storeId: 3 });
    expect(running!.deny.has('send')).toBe(false);
    expect(store.active()).toMatchObject({ id: 3, action: 'rollback', revision: 'deny pay', installedBy: 'carol' });
    expect(installer.rollback('deny pay\nd', 'carol')).toMatchObject({ ok: true, revision: 'deny pay\ndeny send' });
    expect(installer.rollback('nope', 'carol')).toMatchObject({ ok: false });

    // Every operator action went to the audit log first, naming the revision.
    const ops = audit.records({ kind: 'operator' });
    expect(ops.map((r) => (r.kind === 'operator' ? [r.action, r.operator, r.ruleset] : null))).toEqual([
      ['rule_install', 'ann', 'deny pay'],
      ['rule_install', 'bob', 'deny pay\ndeny send'],
      ['rule_rollback', 'carol', 'deny pay'],
      ['rule_rollback', 'carol', 'deny pay\ndeny send'],
    ]);
    expect(audit.verify().ok).toBe(true);
    audit.close();
    store.close();

    // A restart restores the active revision from the store.
    const store2 = openRuleStore(db);
    let restored: FakePack | null = null;
    const again = createRuleInstaller({ store: store2, compile: fakeCompile, swap: (p) => (restored = p) });
    expect(again.loadActive()).toMatchObject({ ok: true, revision: 'deny pay\ndeny send' });
    expect(restored!.deny.has('send')).toBe(true);
    store2.close();
  });

  it('a running installer picks up installs made by another process on the same database', () => {
    const db = tmp.file('af.db');
    const serverStore = openRuleStore(db);
    let running: FakePack | null = null;
    const server = createRuleInstaller({ store: serverStore, compile: fakeCompile, swap: (p) => (running = p) });
    expect(server.refresh()).toBeNull();
    const cliStore = openRuleStore(db);
    const cli = createRuleInstaller({ store: cliStore, compile: fakeCompile, swap: () => {} });
    cli.install(pack('deny pay'), 'ann');
    expect(server.refresh()).toMatchObject({ ok: true, revision: 'deny pay' });
    expect(running!.deny.has('pay')).toBe(true);
    expect(server.refresh()).toBeNull();
    cli.install(pack('deny send'), 'ann');
    cli.rollback(1, 'bob');
    expect(server.refresh()).toBeNull(); // back on the revision already in force
    expect(server.status()).toMatchObject({ revision: 'deny pay', storeId: 3 });
    cliStore.close();
    serverStore.close();
  });

  it('a failed audit write refuses the install (fail closed)', () => {
    const db = tmp.file('af.db');
    const store = openRuleStore(db);
    const audit = openAuditLog(db);
    audit.close(); // every append now throws
    let running: FakePack | null = null;
    const installer = createRuleInstaller({ store, compile: fakeCompile, swap: (p) => (running = p), audit });
    const r = installer.install(pack('deny pay'), 'ann');
    expect(r.ok).toBe(false);
    expect(running).toBeNull();
    expect(store.list()).toEqual([]);
    store.close();
  });

  it('a compiler that throws is reported as an error, not a crash', () => {
    const store = openRuleStore(tmp.file('af.db'));
    const installer = createRuleInstaller<FakePack>({
      store,
      compile: () => {
        throw new Error('boom');
      },
      swap: () => {},
    });
    expect(installer.install(pack('x'), 'ann')).toMatchObject({ ok: false, errors: [{ code: 'internal' }] });
    store.close();
  });

  it('watch mode installs each settled change of the rules directory', async () => {
    const dir = join(tmp.dir, 'rules');
    mkdirSync(dir);
    writeFileSync(join(dir, 'main.rules'), 'deny pay\n');
    const read = (): PackFiles => ({ rules: [{ path: join(dir, 'main.rules'), text: readFileSync(join(dir, 'main.rules'), 'utf8') }], catalogs: [] });
    const store = openRuleStore(tmp.file('af.db'));
    let running: FakePack | null = null;
    const installer = createRuleInstaller({ store, compile: fakeCompile, swap: (p) => (running = p) });
    installer.install(read(), 'ann');
    const results: boolean[] = [];
    const waitFor = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const t0 = Date.now();
        const poll = () => (results.length >= n ? resolve() : Date.now() - t0 > 5000 ? reject(new Error('watch timeout')) : setTimeout(poll, 20));
        poll();
      });
    const watcher = watchRules([dir], installer, { read, by: 'watch', debounceMs: 50, onResult: (r) => results.push(r.ok) });
    try {
      writeFileSync(join(dir, 'main.rules'), 'deny pay\ndeny send\n');
      await waitFor(1);
      expect(running!.deny.has('send')).toBe(true);
      writeFileSync(join(dir, 'main.rules'), 'deny pay\nbroken!\n');
      await waitFor(2);
      expect(results[1]).toBe(false);
      expect(running!.deny.has('send')).toBe(true);
    } finally {
      watcher.close();
      store.close();
    }
  });
});
