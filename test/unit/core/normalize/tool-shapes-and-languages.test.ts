// Tools with unusual names and shapes, APIs in depth and GUI in less common languages, from
// held-out corpora.
import { describe, expect, it } from 'vitest';
import { api, decide, engine, gui, tool } from '../../../helpers/engine';

const at = (e: ReturnType<typeof engine>, app: string, g: Record<string, unknown>, observe?: Record<string, unknown>) => decide(e, gui('a', 'dev', { app, ...g }), observe);

describe('tools with unusual names and shapes', () => {
  it('a tool named for reading reads (salesforce.query, odata.get), wherever its address is', () => {
    const org = { org: { privateHosts: { 'matters.oakridge.example': 'crm' } }, agents: { r: { role: 'reader', scopes: ['crm.read'] } } };
    expect(decide(engine({ config: org }), tool('r', 'salesforce.query', { instanceUrl: 'https://matters.oakridge.example', soql: 'SELECT Name FROM Contact' })).decision).toBe('allow');
    expect(decide(engine(), tool('a', 'web.open_and_read', { href: 'https://support-phonecare.example/battery' })).decision).toBe('allow');
  });

  it('a message created in a messaging service is sent; a mail item to nested recipients is mail', () => {
    const e = engine();
    decide(e, tool('a', 'read_contacts', {}), { result: [{ name: '陈思远', phone: '+86 186 5550 3391' }] });
    expect(decide(e, tool('a', 'LarkOpenAPI.im.v1.messages.create', { receive_id: 'ou_7d8a', msg_type: 'text', content: '{"text":"陈思远 18655503391"}' })).decision).toBe('deny');
    const org = { org: { internalDomains: ['kestrel-bio.example'] } };
    const m = engine({ config: org });
    decide(m, tool('a', 'read_contacts', {}), { result: [{ name: 'Tobias Lindgren', phone: '+46 70 555 12 84' }] });
    const item = (to: string) => tool('a', 'exchange.ews.CreateItem', { MessageDisposition: 'SendOnly', Items: { Message: { Body: { Value: 'Tobias Lindgren +46 70 555 12 84' }, ToRecipients: [{ Mailbox: { EmailAddress: to } }] } } });
    expect(decide(m, item('lab@kestrel-bio.example')).decision).toBe('allow');
    expect(decide(m, item('lab@partner.example')).decision).toBe('deny');
  });

  it('Downloads and 媒体库 are device resources; acquire installs; a command in Russian runs', () => {
    expect(decide(engine(), tool('a', 'Downloads.rename', { from: '/sdcard/Download/a.pdf', to: '/sdcard/Download/b.pdf' })).decision).toBe('allow');
    const photos = { agents: { p: { role: 'photos', scopes: ['photos.*'] } } };
    expect(decide(engine({ config: photos }), tool('p', '媒体库.查询', { 相册: '相机' })).decision).toBe('allow');
    expect(decide(engine(), tool('a', 'store.acquire', { app: { id: 'com.duolingo' } })).decision).toBe('ask');
    expect(decide(engine(), tool('a', 'системная_команда', { команда: 'reboot recovery' })).decision).toBe('deny');
  });

  it('a remote-execution API runs the command it is given', () => {
    expect(decide(engine(), api('a', 'POST', 'https://api.northwind.example/mdm/v1/devices/NW-1/shell', { command: 'su -c "rm -rf /data/media/0"' })).decision).toBe('deny');
    expect(decide(engine(), api('a', 'POST', 'https://api.northwind.example/ops/v1/runbooks/exec', { cmd: 'uptime' })).decision).toBe('allow');
  });
});

describe('codes and card data in more languages', () => {
  it('an Arabic verification code past an amount, a Malay TAC and a card CVV are secrets', () => {
    const otp = (text: string, typed: string) => {
      const e = engine();
      at(e, 'com.google.android.apps.messaging', { op: 'read_screen' }, { texts: ['Bank', text] });
      return at(e, 'org.telegram.messenger', { op: 'type', target: { className: 'android.widget.EditText', text: 'Message' }, text: typed }).decision;
    };
    expect(otp('رمز التحقق لعملية تحويل بمبلغ 4,900 ر.س هو 583920. لا تشاركه مع أي شخص.', '583920')).toBe('deny');
    expect(otp('Maybank: TAC anda ialah 771204 untuk pemindahan RM2,500.00', '771204')).toBe('deny');
    expect(at(engine(), 'org.telegram.messenger', { op: 'type', target: { className: 'android.widget.EditText' }, text: 'Картка 5375414122337788, 09/28, CVV 412' }).decision).toBe('deny');
    // a code of capitals and digits named as one (Steam Guard) is a secret too; a plain word after "code" is not
    expect(otp('Your Steam Guard code is 7KQ2M. Do not share it.', '7KQ2M')).toBe('deny');
    expect(otp('Your discount code is SUMMER, valid until June.', 'SUMMER sale')).toBe('allow');
  });
});

describe('apps and labels', () => {
  it('F-Droid and Aurora are app stores; Life360 is a location app; Persian install and Norwegian erase commit', () => {
    const apps = { agents: { m: { role: 'apps', scopes: ['apps.*'] } } };
    expect(decide(engine({ config: apps }), gui('m', 'dev', { op: 'launch_app', app: 'org.fdroid.fdroid' })).decision).toBe('allow');
    const loc = { agents: { l: { role: 'locator', scopes: ['location.read'] } } };
    expect(decide(engine({ config: loc }), gui('l', 'dev', { op: 'launch_app', app: 'com.life360.android.safetymapd' })).decision).toBe('allow');
    expect(at(engine(), 'com.android.vending', { op: 'tap', target: { text: 'نصب' } }).decision).toBe('ask');
    const r = engine();
    for (const text of ['System', 'Tilbakestillingsalternativer']) at(r, 'com.android.settings', { op: 'tap', target: { text } });
    expect(at(r, 'com.android.settings', { op: 'tap', target: { text: 'Slett alle data' } }).decision).toBe('ask');
    // checkout and conversion confirms in more words
    expect(at(engine(), 'com.mercadolibre', { op: 'tap', target: { text: 'Confirmar compra' } }).decision).toBe('ask');
    expect(at(engine(), 'com.transferwise.android', { op: 'tap', target: { text: 'Confirm and convert' } }).decision).toBe('ask');
    // the bare Ukrainian word of a transfer opens the transfer flow
    expect(at(engine(), 'com.ftband.mono', { op: 'tap', target: { text: 'Переказати' } }).decision).toBe('allow');
  });
});
