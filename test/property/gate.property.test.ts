// Invariants of the gate, checked over generated inputs (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../../src/core/engine/engine';
import { counterIds, fixedClock } from '../../src/core/engine/ports';
import { FIELDS } from '../../src/core/rules/fields';
import { defaultPack, packWithRules } from '../helpers/engine';

const EFFECTS = FIELDS.effect.values as readonly string[];

const toolRequest = fc.record({
  name: fc.constantFrom('send_email', 'send_sms', 'read_contacts', 'http_post', 'run_shell', 'install_app', 'transfer_money', 'fs_write_file', 'list_photos', 'mystery_tool', 'delete_file'),
  text: fc.string({ maxLength: 40 }),
  to: fc.constantFrom('a@acme.example', 'x@evil.io', '+1 555 0100 333', 'https://hooks.example.io/x'),
}).map(({ name, text, to }) => ({ channel: 'tool' as const, tool: { name, arguments: { to, url: to.startsWith('http') ? to : undefined, text, command: text, package: 'com.x', amount: 3, path: '/sdcard/x' } } }));

const guiRequest = fc.record({
  op: fc.constantFrom('tap', 'type', 'launch_app', 'read_screen', 'back', 'key', 'long_press', 'swipe'),
  app: fc.constantFrom('com.whatsapp', 'com.google.android.gm', 'com.venmo', 'com.android.settings', 'com.example.x', 'org.mozilla.firefox'),
  label: fc.constantFrom('Send', 'OK', 'Pay', 'Delete', 'Chats', 'Install', '确认', 'Settings', 'Uninstall'),
  text: fc.string({ maxLength: 20 }),
}).map(({ op, app, label, text }) => ({ channel: 'gui' as const, device: 'd1', gui: { op, app, target: { text: label }, text, key: 'ENTER' } }));

const apiRequest = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  host: fc.constantFrom('hr.acme.example', 'api.acme.example', 'evil.example.net', 'api.mailgun.net'),
  body: fc.dictionary(fc.constantFrom('to', 'text', 'name', 'amount'), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
}).map(({ method, host, body }) => ({ channel: 'api' as const, api: { method, url: `https://${host}/v1/x`, body } }));

const step = fc.oneof(toolRequest, guiRequest, apiRequest);
const request = (s: object, i: number) => ({ v: 1, id: `r${i}`, session: 's', agent: 'a', ...s });

const org = { internalDomains: ['acme.example'], privateHosts: { 'hr.acme.example': 'hr' }, allowedHosts: ['api.acme.example'] };
const newEngine = (pack = defaultPack()) => new PolicyEngine({ pack, config: { org, agents: {}, requireManifest: false }, clock: fixedClock(), ids: counterIds('p') });

describe('gate invariants', () => {
  it('default deny: with no rules every action is denied', () => {
    const empty = packWithRules('# no rules');
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
      const e = newEngine(empty);
      steps.forEach((s, i) => {
        const r = e.evaluate(request(s, i));
        if (r.ok) for (const d of r.decided) expect(d.decision.decision).toBe('deny');
      });
    }), { numRuns: 150 });
  });

  it('deny beats allow: a matching deny rule wins whatever else matches', () => {
    fc.assert(fc.property(fc.constantFrom(...EFFECTS), fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), fc.array(step, { minLength: 1, maxLength: 6 }), (denied, pAllow, pDeny, steps) => {
      const pack = packWithRules(`rule allow-all priority ${pAllow} when true then approve\nrule ask-all priority 0 when true then ask\nrule deny-one priority ${pDeny} when effect is ${denied} then deny "no"`);
      const e = newEngine(pack);
      steps.forEach((s, i) => {
        const r = e.evaluate(request(s, i));
        if (!r.ok) return;
        for (const { event, decision } of r.decided) {
          if (event.effect === denied) expect(decision.decision).toBe('deny');
          else expect(decision.decision).not.toBe('deny');
        }
      });
    }), { numRuns: 150 });
  });

  it('same input, same decision: two engines fed the same sequence agree exactly', () => {
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), (steps) => {
      const a = newEngine();
      const b = newEngine();
      steps.forEach((s, i) => {
        const ra = a.evaluate(request(s, i));
        const rb = b.evaluate(request(s, i));
        expect(JSON.stringify(ra.ok ? ra.decided.map((d) => d.decision) : ra.error)).toBe(JSON.stringify(rb.ok ? rb.decided.map((d) => d.decision) : rb.error));
      });
    }), { numRuns: 150 });
  });

  it('never throws on arbitrary JSON input: it answers with a decision or a clear error', () => {
    const e = newEngine();
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const r = e.evaluate(value);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
    }), { numRuns: 300 });
  });
});

// A private value read from contacts must be recognised at an external sink after any of the
// transformations protocol.md §5.1 lists.
const phone = fc.tuple(fc.integer({ min: 200, max: 989 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 1000, max: 9999 })).map(([a, b, c]) => ({ raw: `+1 ${a}-${b}-${c}`, digits: `${a}${b}${c}` }));
const name = fc.tuple(fc.constantFrom('Ana', 'Bruno', 'Chiara', 'Dmitri', 'Emeka', 'Fatima', 'Günther', 'Hiroshi'), fc.constantFrom('Souza', 'Rossi', 'Okafor', 'Nakamura', 'Lefèvre', 'Kowalski', 'Haddad')).map(([f, l]) => `${f} ${l}`);

type Transform = (name: string, phone: { raw: string; digits: string }) => string[];
const transforms: Record<string, Transform> = {
  verbatim: (n, p) => [`${n} ${p.raw}`],
  whitespace: (n, p) => [`${n.split('').join(' ')} ${p.digits.split('').join(' ')}`],
  case: (n) => [n.toUpperCase()],
  punctuation: (n, p) => [`${n.replace(' ', '.')}; tel (${p.digits.slice(0, 3)}) ${p.digits.slice(3, 6)}.${p.digits.slice(6)}`],
  phoneFormat: (_n, p) => [`call ${p.digits.slice(0, 3)} ${p.digits.slice(3, 6)} ${p.digits.slice(6)}`],
  base64: (n, p) => [Buffer.from(`${n};${p.raw}`).toString('base64')],
  url: (n, p) => [encodeURIComponent(`${n} ${p.raw}`)],
  split: (_n, p) => [`part 1: ${p.digits.slice(0, 5)}`, `part 2: ${p.digits.slice(5)}`],
};

describe('provenance survives transformations', () => {
  for (const [label, transform] of Object.entries(transforms)) {
    it(`label survives ${label}`, () => {
      fc.assert(fc.property(name, phone, (n, p) => {
        const e = newEngine();
        const read = e.evaluate(request({ channel: 'tool', tool: { name: 'read_contacts', arguments: {} } }, 0));
        if (!read.ok) throw new Error(read.error.message);
        e.commit('s', read.decided[0].event.id, { result: [{ displayName: n, phone: p.raw }] });
        const messages = transform(n, p);
        const decisions = messages.map((text, i) => {
          const r = e.evaluate(request({ channel: 'tool', tool: { name: 'send_sms', arguments: { phone: '+44 7700 900123', message: text } } }, i + 1));
          if (!r.ok) throw new Error(r.error.message);
          return r.decided[0].decision.decision;
        });
        expect(decisions[decisions.length - 1]).toBe('deny');
      }), { numRuns: 60 });
    });
  }

  it('own content with no observed value is not blocked', () => {
    fc.assert(fc.property(name, phone, fc.constantFrom('see you at 8', 'running late, sorry', 'the meeting moved to Friday', 'Happy birthday!'), (n, p, text) => {
      const e = newEngine();
      const read = e.evaluate(request({ channel: 'tool', tool: { name: 'read_contacts', arguments: {} } }, 0));
      if (!read.ok) throw new Error(read.error.message);
      e.commit('s', read.decided[0].event.id, { result: [{ displayName: n, phone: p.raw }] });
      const r = e.evaluate(request({ channel: 'tool', tool: { name: 'send_sms', arguments: { phone: p.raw, message: text } } }, 1));
      expect(r.ok && r.decided[0].decision.decision).toBe('allow');
    }), { numRuns: 60 });
  });
});
