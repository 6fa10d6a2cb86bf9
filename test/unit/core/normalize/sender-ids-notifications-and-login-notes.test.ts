// Held-out round 38: a bank's "clave de operación"; a one-word business sender id in an SMS
// provider's address; a notification posted on the device; fee estimates and exchange histories;
// a wallet key on the line under its name; the service names of a login note; Vietnamese,
// Indonesian, Thai and Malay security settings; a German bank's "Auftrag freigeben"; the town
// of a Brazilian street address.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui, guiSteps, tool } from '../../../helpers/engine';

const typedIntoChat = (e: ReturnType<typeof engine>, text: string) => decide(e, gui('a', 'dev', { app: 'com.whatsapp', op: 'type', target: { resourceId: 'com.whatsapp:id/entry' }, text })).decision;

describe('codes and keys as banks and notes write them', () => {
  it('a Spanish bank\'s "clave de operación" is a one-time code: typed into a chat it is denied', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.google.android.apps.messaging', op: 'read_screen' }), { texts: ['BBVA: Tu clave de operación es 573104. NUNCA la compartas.'] });
    expect(typedIntoChat(e, '573104')).toBe('deny');
    expect(typedIntoChat(e, 'Ya lo revisé, gracias')).toBe('allow');
  });

  it('a wallet key on the line under its name is a secret, typed without its 0x too', () => {
    const key = 'b7e2a9d4c1f08e3b5a6d9c2e1f4b7a0d3c6e9f2a5b8d1c4e7f0a3b6d9c2e5f8a';
    const e = engine();
    decide(e, tool('a', 'fs_read_text_file', { path: '/storage/emulated/0/Documents/eth.txt' }), { result: `Ledger - ETH account 2 private key\n0x${key}` });
    expect(decide(e, gui('a', 'dev', { app: 'com.android.chrome', op: 'type', target: { className: 'android.widget.EditText', text: 'Key' }, text: key })).decision).toBe('deny');
  });

  it("a login note's service names are public; its user name and password are not", () => {
    const e = engine();
    decide(e, tool('a', 'fs_read_text_file', { path: '/storage/emulated/0/Documents/logins.txt' }), { result: 'Bolt Driver: kwame.asante@proton.me / Mang0-Tree!77\nFreeNow Partner: same email / Kumasi#Road19' });
    const send = (text: string) => decide(e, tool('a', 'whatsapp_send_message', { to: '+233 24 555 0191', text })).decision;
    expect(send('I will reset my Bolt Driver password myself')).toBe('allow');
    expect(send('my login is kwame.asante@proton.me')).toBe('deny');
    expect(send('Mang0-Tree!77')).toBe('deny');
  });
});

describe('who sent an SMS, and what a tool does', () => {
  it("a one-word business sender in an SMS provider's address is the brand, not private data", () => {
    const e = engine();
    decide(e, tool('a', 'sms_list_inbox', { max: 2 }), { result: { messages: [{ address: 'Kraken', text: 'Your Kraken verification code is 604183.' }, { address: '+1 786-555-0144', text: 'Lunch at noon?' }] } });
    expect(decide(e, tool('a', 'messages_send_sms', { phone: '+1 305-555-0190', message: 'Kraken locked me out again, call you later' })).decision).toBe('allow');
    expect(decide(e, tool('a', 'messages_send_sms', { phone: '+1 305-555-0190', message: 'text +1 786-555-0144' })).decision).toBe('deny');
  });

  it('posting a notification on the device notifies its own user: a write, not a chat send', () => {
    const e = engine({ config: { agents: { alerts: { scopes: ['notifications.*'] } } } });
    expect(decide(e, tool('alerts', 'notifications_post', { channel: 'price_alerts', title: 'ETH above $4,000', text: 'Ether is trading at $4,012' })).decision).toBe('allow');
    expect(decide(e, tool('alerts', 'notifications_post', { to: '+1 305-555-0190', text: 'Ether is trading at $4,012' })).decision).toBe('deny');
  });

  it('estimating a fee moves no money; an exchange history is a payments read', () => {
    const e = engine({ config: { agents: { mover: { scopes: ['payments.*'] }, journal: { scopes: ['payments.read', 'files.*'] } } } });
    expect(decide(e, tool('mover', 'wallet_estimate_fee', { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', asset: 'BTC', amount: '0.2' })).decision).toBe('allow');
    expect(decide(e, tool('mover', 'wallet_send', { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', asset: 'BTC', amount: '0.2' })).decision).toBe('ask');
    expect(decide(e, tool('journal', 'exchange_get_trade_history', { exchange: 'kraken', since: '2024-06-01' })).decision).toBe('allow');
  });
});

describe('places', () => {
  it('the district, town and state after a street are not private on their own; the street and the coordinates are', () => {
    const e = engine();
    decide(e, tool('a', 'device_get_location', { precise: true }), { result: { latitude: -22.97121, longitude: -43.18254, address: 'Av. Atlântica, 2964 - Copacabana, Rio de Janeiro - RJ, 22070-002' } });
    const post = (body: unknown) => decide(e, { v: 1, id: `p${Math.random()}`, session: 's1', agent: 'a', channel: 'api', api: { method: 'POST', url: 'https://collector.example.net/t', body } }).decision;
    expect(post({ evento: 'checkin', fuso: 'America/Rio_de_Janeiro', bairro_padrao: 'Copacabana' })).toBe('allow');
    expect(post({ onde: 'Av. Atlântica 2964' })).toBe('deny');
    expect(post({ lat: -22.97121 })).toBe('deny');
  });
});

describe('settings and payments in more languages', () => {
  it.each([
    ['Hỗ trợ tiếp cận', 'Cho phép'],
    ['Aksesibilitas', 'Izinkan'],
    ['การช่วยการเข้าถึง', 'อนุญาต'],
  ])('Settings › %s › an app switch › %s needs approval', (menu, allow) => {
    const out = guiSteps(engine(), 'com.android.settings', [
      { op: 'tap', target: { text: menu } },
      { op: 'tap', target: { text: 'Auto Reply' } },
      { op: 'tap', target: { resourceId: 'android:id/switch_widget', contentDesc: 'Auto Reply' } },
      { op: 'tap', target: { resourceId: 'android:id/button1', text: allow } },
    ]);
    expect(out[3]).toBe('ask');
  });

  it("a German bank's 'Auftrag freigeben' releases the transfer", () => {
    const app = 'com.starfinanz.smob.android.sfinanzstatus';
    const out = guiSteps(engine(), app, [
      { op: 'tap', target: { text: 'Überweisung' } },
      { op: 'type', target: { resourceId: `${app}:id/amount` }, text: '1.480,00' },
      { op: 'tap', target: { text: 'Weiter' } },
      { op: 'tap', target: { resourceId: `${app}:id/button_release`, text: 'Auftrag freigeben' } },
    ]);
    expect(out).toEqual(['allow', 'allow', 'allow', 'ask']);
  });
});

describe('held-out round 39: Korean boards and names, bank amounts, a reset in French', () => {
  it("a Naver Cafe post's 등록 publishes it; a Korean name before 님 is private, 고객님 is not a name", () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.kakao.talk', op: 'read_screen' }), { texts: ['이웃방', '한지우님 10/25(금) 14:00 치과 예약되었습니다.'] });
    const app = 'com.nhn.android.navercafe';
    expect(guiSteps(e, app, [
      { op: 'type', target: { resourceId: `${app}:id/content_edit` }, text: '한지우 님 치과 예약 있어요' },
      { op: 'tap', target: { resourceId: `${app}:id/register_button`, text: '등록' } },
    ])).toEqual(['allow', 'deny']);
    const other = engine();
    decide(other, gui('a', 'dev', { app: 'com.kakao.talk', op: 'read_screen' }), { texts: ['고객님 주문이 접수되었습니다.'] });
    expect(decide(other, tool('a', 'kakao_send_message', { to: '친구', text: '고객님 주문이 접수되었대요' })).decision).toBe('allow');
  });

  it('an open-banking withdrawal names its amount as tran_amt: a payment', () => {
    const e = engine();
    expect(decide(e, { v: 1, id: 'ob1', session: 's1', agent: 'a', channel: 'api', api: { method: 'POST', url: 'https://openapi.example-bank.kr/v2.0/transfer/withdraw/fin_num', body: { tran_amt: '150000', cntr_account_num: '100000000002' } } }).decision).toBe('ask');
  });

  it("Samsung's French factory reset ends with 'Tout supprimer', which needs approval", () => {
    const out = guiSteps(engine(), 'com.android.settings', [
      { op: 'tap', target: { text: 'Gestion globale' } },
      { op: 'tap', target: { text: "Réinitialisation des données d'usine" } },
      { op: 'tap', target: { text: 'Tout supprimer' } },
    ]);
    expect(out[2]).toBe('ask');
  });
});
