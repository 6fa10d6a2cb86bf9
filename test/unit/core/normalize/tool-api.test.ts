import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formFields } from '../../../../src/core/normalize/api';
import { api, engine, tool } from '../../../helpers/engine';

function liftTool(name: string, args: Record<string, unknown>, cfg: unknown = {}) {
  const r = engine({ config: cfg }).evaluate(tool('a', name, args));
  if (!r.ok) throw new Error(r.error.message);
  return r.decided[0].event;
}

describe('tool lifting', () => {
  it('maps catalog names', () => {
    expect(liftTool('send_email', { to: 'x@y.io', body: 'hi' })).toMatchObject({ effect: 'send', resource: 'email', sink: { kind: 'email', recipients: ['x@y.io'] } });
    expect(liftTool('transfer_money', { to: 'IBAN1', amount: 5 })).toMatchObject({ effect: 'payment', impact: 'high' });
    expect(liftTool('install_app', { package: 'com.x' })).toMatchObject({ effect: 'install', impact: 'high' });
    expect(liftTool('run_shell', { command: 'ls' })).toMatchObject({ effect: 'shell' });
  });

  it('falls back on name words and argument shape for unknown tools', () => {
    expect(liftTool('gmail.send_message', { to: 'x@y.io', text: 'hi' })).toMatchObject({ effect: 'send', resource: 'email' });
    expect(liftTool('sendTelegramMessage', { chat_id: '42', text: 'hi' })).toMatchObject({ effect: 'send', resource: 'chat' });
    expect(liftTool('crm_push_lead', { phone: '+1 555 0100 200', message: 'hi' })).toMatchObject({ effect: 'send' });
    expect(liftTool('get_recent_sms', { n: 3 })).toMatchObject({ effect: 'read', resource: 'sms' });
    expect(liftTool('pay_invoice', { payee: 'ACME', amount: 10 })).toMatchObject({ effect: 'payment' });
    expect(liftTool('remove_photo', { path: '/sdcard/DCIM/a.jpg' })).toMatchObject({ effect: 'delete', resource: 'photos' });
    expect(liftTool('webhook_call', { url: 'https://hooks.example.io/x', body: { a: 1 } })).toMatchObject({ effect: 'http_write', sink: { kind: 'http', host: 'hooks.example.io', external: true } });
  });

  it('knows security-relevant settings', () => {
    expect(liftTool('settings_set', { key: 'screen_brightness', value: 10 })).toMatchObject({ effect: 'settings', impact: 'low' });
    expect(liftTool('settings_set', { key: 'adb_enabled', value: 1 })).toMatchObject({ effect: 'settings', impact: 'high' });
  });
});

describe('API lifting', () => {
  const org = { org: { internalDomains: ['acme.example'], privateHosts: { 'hr.acme.example': 'hr' }, allowedHosts: ['api.acme.example'] } };
  const lift = (method: string, url: string, body?: unknown) => {
    const r = engine({ config: org }).evaluate(api('a', method, url, body));
    if (!r.ok) throw new Error(r.error.message);
    return r.decided[0].event;
  };

  it('labels private hosts and judges sinks by allowedHosts', () => {
    expect(lift('GET', 'https://hr.acme.example/people')).toMatchObject({ effect: 'read', resource: 'hr', sink: null });
    expect(lift('POST', 'https://api.acme.example/v1', { a: 1 })).toMatchObject({ effect: 'http_write', sink: { external: false } });
    expect(lift('PUT', 'https://evil.example.net/x', { a: 1 })).toMatchObject({ effect: 'http_write', sink: { external: true } });
  });

  it('treats a mail API POST as an email send to the recipients in its body', () => {
    const ev = lift('POST', 'https://api.sendgrid.com/v3/mail/send', { personalizations: [{ to: [{ email: 'ops@acme.example' }] }], content: [{ value: 'hi' }] });
    expect(ev.effect).toBe('send');
  });

  it('rejects a URL that does not parse, naming the field', () => {
    const r = engine().evaluate(api('a', 'GET', 'http://'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('api.url');
  });
});

describe('form bodies', () => {
  it('parse like URLSearchParams for well-formed bodies (property)', () => {
    const field = fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.boolean());
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 6 }), (fields) => {
        const body = fields.map(([k, v, plus]) => `${encodeURIComponent(k)}=${plus ? encodeURIComponent(v).replace(/%20/g, '+') : encodeURIComponent(v)}`).join('&');
        const expected: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(body)) expected[k] = expected[k] ? `${expected[k]},${v}` : v;
        expect(formFields(body)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps malformed escapes as written', () => {
    expect(formFields('a=100%25&b=50%&c=%E4%B8%AD%zz')).toEqual({ a: '100%', b: '50%', c: '中%zz' });
  });
});
