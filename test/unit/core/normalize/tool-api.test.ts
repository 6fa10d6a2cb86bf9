import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formFields } from '../../../../src/core/normalize/api';
import { api, decide, engine, liftedTool, tool } from '../../../helpers/engine';


describe('tool lifting', () => {
  it('maps catalog names', () => {
    expect(liftedTool('send_email', { to: 'x@y.io', body: 'hi' })).toMatchObject({ effect: 'send', resource: 'email', sink: { kind: 'email', recipients: ['x@y.io'] } });
    expect(liftedTool('transfer_money', { to: 'IBAN1', amount: 5 })).toMatchObject({ effect: 'payment', impact: 'high' });
    expect(liftedTool('install_app', { package: 'com.x' })).toMatchObject({ effect: 'install', impact: 'high' });
    expect(liftedTool('run_shell', { command: 'ls' })).toMatchObject({ effect: 'shell' });
  });

  it('falls back on name words and argument shape for unknown tools', () => {
    expect(liftedTool('gmail.send_message', { to: 'x@y.io', text: 'hi' })).toMatchObject({ effect: 'send', resource: 'email' });
    expect(liftedTool('sendTelegramMessage', { chat_id: '42', text: 'hi' })).toMatchObject({ effect: 'send', resource: 'chat' });
    expect(liftedTool('crm_push_lead', { phone: '+1 555 0100 200', message: 'hi' })).toMatchObject({ effect: 'send' });
    expect(liftedTool('get_recent_sms', { n: 3 })).toMatchObject({ effect: 'read', resource: 'sms' });
    expect(liftedTool('pay_invoice', { payee: 'ACME', amount: 10 })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('remove_photo', { path: '/sdcard/DCIM/a.jpg' })).toMatchObject({ effect: 'delete', resource: 'photos' });
    expect(liftedTool('webhook_call', { url: 'https://hooks.example.io/x', body: { a: 1 } })).toMatchObject({ effect: 'http_write', sink: { kind: 'http', host: 'hooks.example.io', external: true } });
    // two-word verbs: signing an account out of the phone removes it
    expect(liftedTool('account_sign_out', { provider: 'microsoft', account: 'd.kowalski@outlook.com' })).toMatchObject({ effect: 'delete', resource: 'accounts', impact: 'high' });
    expect(liftedTool('accounts_logout', { account: 'd.kowalski@outlook.com' })).toMatchObject({ effect: 'delete', resource: 'accounts' });
  });

  it('knows security-relevant settings', () => {
    expect(liftedTool('settings_set', { key: 'screen_brightness', value: 10 })).toMatchObject({ effect: 'settings', impact: 'low' });
    expect(liftedTool('settings_set', { key: 'adb_enabled', value: 1 })).toMatchObject({ effect: 'settings', impact: 'high' });
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

describe('tools named in other conventions, and service APIs', () => {
  it('reads plurals as their singular and generic tools by their action argument', () => {
    expect(liftedTool('stripe_transfers_create', { amount_cents: 25000, destination: 'acct_1' })).toMatchObject({ effect: 'payment', impact: 'high' });
    expect(liftedTool('do_action', { action: 'uninstall', app_id: 'com.facebook.katana' })).toMatchObject({ effect: 'uninstall' });
    expect(liftedTool('do_action', { action: '{"op": "shell", "cmd": "rm -rf /sdcard/DCIM"}' })).toMatchObject({ effect: 'shell' });
    expect(liftedTool('envoyer_sms', { number: '+33 7 55 50 12 12', texte: 'salut' })).toMatchObject({ effect: 'send', resource: 'sms' });
  });

  it('takes a raw MIME message\'s recipients from its headers, and a webhook URL as a target', () => {
    const raw = Buffer.from('To: it-helpdesk@contoso.com\r\nCc: s.ito@contoso.com\r\nSubject: x\r\n\r\nhello').toString('base64url');
    const r = engine({ config: { org: { internalDomains: ['contoso.com'], privateHosts: {}, allowedHosts: [] } } }).evaluate(api('a', 'POST', 'https://gmail.googleapis.com/gmail/v1/users/me/messages/send', { raw }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.decided[0].event.sink).toMatchObject({ kind: 'email', external: false, recipients: ['it-helpdesk@contoso.com', 's.ito@contoso.com'] });
    const hook = engine().evaluate(api('a', 'POST', 'https://discord.com/api/webhooks/1/abc', { content: 'build passed' }));
    if (!hook.ok) throw new Error(hook.error.message);
    expect(hook.decided[0].event.targets).toContainEqual({ field: 'url', value: 'https://discord.com/api/webhooks/1/abc' });
  });

  it('labels a service API read by its path, and a value sent back to the host it came from is not leaving', () => {
    const e = engine();
    decide(e, api('a', 'GET', 'https://graph.microsoft.com/v1.0/me/contacts'), { body: { value: [{ displayName: 'Rafaela Costa', mobilePhone: '+55 11 95555-0134' }] } });
    expect(decide(e, tool('a', 'whatsapp_send_message', { recipient: '+55 21 98888-0101', message: 'Rafaela Costa +55 11 95555-0134' })).decision).toBe('deny');
    const g = engine();
    decide(g, api('a', 'GET', 'https://gmail.googleapis.com/gmail/v1/users/me/messages?q=from:orders'), { body: { messages: [{ id: '18f0c2d9a1b3', threadId: '18f0c2d9a1b3' }] } });
    expect(decide(g, api('a', 'GET', 'https://gmail.googleapis.com/gmail/v1/users/me/messages/18f0c2d9a1b3')).decision).toBe('allow');
  });
});

describe('service APIs whose path says what they hold (held-out SaaS corpus)', () => {
  it('a read of www.googleapis.com returns what its path names: calendar events are private, search results are web content', () => {
    const e = engine();
    decide(e, api('a', 'GET', 'https://www.googleapis.com/calendar/v3/calendars/primary/events?maxResults=2'), { body: { items: [{ summary: 'Cardiology review - Dr. Okonkwo-Lind', location: 'St Brennan Clinic, 14 Harrow Rise' }] } });
    const leak = decide(e, api('a', 'POST', 'https://api.airtable.com/v0/appZ9/Schedule', { records: [{ fields: { What: 'Cardiology review - Dr. Okonkwo-Lind', Where: 'St Brennan Clinic, 14 Harrow Rise' } }] }));
    expect(leak.decision).toBe('deny');
    expect(leak.flows).toContainEqual(expect.objectContaining({ from: 'calendar' }));
    // a custom search names no product of its own: what it returns is untrusted web text, not private
    const s = engine();
    decide(s, api('a', 'GET', 'https://www.googleapis.com/customsearch/v1?q=harrow+rise+clinic'), { body: { items: [{ title: 'St Brennan Clinic opening hours', snippet: 'Open 8-18 weekdays at 14 Harrow Rise' }] } });
    expect(decide(s, api('a', 'POST', 'https://api.airtable.com/v0/appZ9/Notes', { records: [{ fields: { Note: 'St Brennan Clinic opening hours' } }] })).decision).toBe('allow');
  });

  it("uploading contacts to a mail service's contact list is an upload of their data, not a message to them", () => {
    const e = engine();
    decide(e, api('a', 'GET', 'https://graph.microsoft.com/v1.0/me/contacts?$top=2'), { body: { value: [{ displayName: 'Ilse Vandermeulen', emailAddresses: [{ address: 'ilse.vdm@brouwerij-ghent.be' }], mobilePhone: '+32 9 555 01 77' }] } });
    const upload = decide(e, api('a', 'PUT', 'https://api.sendgrid.com/v3/marketing/contacts', { list_ids: ['4f1c'], contacts: [{ email: 'ilse.vdm@brouwerij-ghent.be', first_name: 'Ilse', phone_number: '+32 9 555 01 77' }] }));
    expect(upload.decision).toBe('deny');
    // a message to that person through the same service is a send to her, with nothing of hers but her address
    const e2 = engine();
    decide(e2, api('a', 'GET', 'https://graph.microsoft.com/v1.0/me/contacts?$top=2'), { body: { value: [{ displayName: 'Ilse Vandermeulen', emailAddresses: [{ address: 'ilse.vdm@brouwerij-ghent.be' }] }] } });
    expect(decide(e2, api('a', 'POST', 'https://api.sendgrid.com/v3/mail/send', { personalizations: [{ to: [{ email: 'ilse.vdm@brouwerij-ghent.be' }] }], from: { email: 'events@brouwerij.test' }, subject: 'Tasting on Friday', content: [{ type: 'text/plain', value: 'See you at 7.' }] })).decision).toBe('allow');
  });
});
