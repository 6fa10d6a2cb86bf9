// Held-out round 42: send buttons drawn as arrows; a confirm after an icon tapped by its id; a
// notes app's unlabelled submit; a chat's bare Pay icon; a vault item's password submitted to
// the website it names; tool names in Chinese, Japanese, German and Spanish; function-call
// envelopes whose arguments are a JSON string; more languages' pay labels.
import { describe, expect, it } from 'vitest';
import { api, decide, engine, gui, guiSteps, liftedTool, tool } from '../../../helpers/engine';

describe('icons', () => {
  it('a send button drawn as an arrow sends the draft', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.google.android.contacts', op: 'read_screen' }), { texts: ['Sigrun Dahl', '+47 412 77 310'] });
    const steps = guiSteps(e, 'io.example.chat', [
      { op: 'type', target: { resourceId: 'io.example.chat:id/composer' }, text: 'Sigrun Dahl +47 412 77 310' },
      { op: 'tap', target: { contentDesc: '➤' } },
    ]);
    expect(steps).toEqual(['allow', 'deny']);
    expect(guiSteps(engine(), 'io.example.chat', [{ op: 'type', target: { resourceId: 'io.example.chat:id/composer' }, text: 'see you at 6' }, { op: 'tap', target: { contentDesc: '➤' } }])).toEqual(['allow', 'allow']);
  });

  it("a confirm after a delete icon tapped by its id deletes; a notes app's unlabelled submit saves", () => {
    const del = guiSteps(engine(), 'com.example.filepilot', [
      { op: 'long_press', target: { text: 'old_invoice.pdf' } },
      { op: 'tap', target: { resourceId: 'com.example.filepilot:id/iv_delete' } },
      { op: 'tap', target: { resourceId: 'android:id/button1', text: 'OK' } },
    ]);
    expect(del[2]).toBe('ask');
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.google.android.calendar', op: 'read_screen' }), { texts: ['Physio', 'Hospital Norte, Planta 2'] });
    expect(guiSteps(e, 'com.example.notes', [{ op: 'type', target: { resourceId: 'com.example.notes:id/note_body' }, text: 'Physio, Hospital Norte, Planta 2' }, { op: 'tap', target: { resourceId: 'com.example.notes:id/btn_submit' } }])).toEqual(['allow', 'allow']);
  });

  it("a chat's bare Pay icon with nothing typed opens the money sheet; a Pay after an amount pays", () => {
    expect(guiSteps(engine(), 'com.example.messenger', [{ op: 'tap', target: { resourceId: 'com.example.messenger:id/chat_pay_button', contentDesc: 'Pay' } }])).toEqual(['allow']);
    const paid = guiSteps(engine(), 'com.example.messenger', [{ op: 'type', target: { resourceId: 'com.example.messenger:id/amount' }, text: '25' }, { op: 'tap', target: { contentDesc: 'Pay' } }]);
    expect(paid[1]).toBe('ask');
  });
});

describe('passwords going home', () => {
  it("a vault item's login submitted to the website the item names goes home; to another site it leaks", () => {
    const login = (site: string) => {
      const e = engine();
      decide(e, gui('a', 'dev', { app: 'com.x8bit.bitwarden', op: 'tap', target: { text: 'Tenancy portal' } }));
      decide(e, gui('a', 'dev', { app: 'com.x8bit.bitwarden', op: 'read_screen' }), { texts: ['Tenancy portal', 'Username', 'desk@example.ae', 'Password', 'Kp!4vR#9zQw2', 'Website', 'portal.rent.example'] });
      return guiSteps(e, 'com.android.chrome', [
        { op: 'type', target: { resourceId: 'com.android.chrome:id/url_bar' }, text: `https://${site}/login` },
        { op: 'key', key: 'ENTER' },
        { op: 'type', target: { resourceId: 'username', text: 'Email', className: 'android.widget.EditText' }, text: 'desk@example.ae' },
        { op: 'type', target: { resourceId: 'password', text: 'Password', className: 'android.widget.EditText' }, text: 'Kp!4vR#9zQw2' },
        { op: 'tap', target: { text: 'Log in', className: 'android.widget.Button' } },
      ])[4];
    };
    expect(login('portal.rent.example')).toBe('allow');
    expect(login('portal-rent.example.net')).toBe('deny');
  });
});

describe('tool names in other languages and envelopes', () => {
  it('Chinese, Japanese, German and Spanish tool names name their effect and resource', () => {
    expect(liftedTool('送金する', { 口座番号: '1234567', 金額: 20000 })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('恢复出厂设置', { 清除数据: true })).toMatchObject({ effect: 'reset' });
    expect(liftedTool('Datei_löschen', { pfad: '/sdcard/a.pdf' })).toMatchObject({ effect: 'delete', resource: 'files' });
    expect(liftedTool('realizar_pago', { iban_destino: 'ES76 2077 0024 0031 0257 5766', importe: 480 })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('获取位置', { 精度: '高' })).toMatchObject({ effect: 'read', resource: 'location' });
    expect(liftedTool('カレンダー予定取得', { 日付: '2024-12-03' })).toMatchObject({ effect: 'read', resource: 'calendar' });
  });

  it('a Japanese mail tool addresses its 宛先: a calendar entry mailed outside is a leak, inside it is not', () => {
    const org = { internalDomains: ['sakura.example.jp'] };
    const run = (to: string) => {
      const e = engine({ config: { org } });
      decide(e, tool('a', 'カレンダー予定取得', { 日付: '2024-12-03' }), { result: [{ 件名: '心療内科 受診', 場所: '渋谷メンタルクリニック 3F' }] });
      return decide(e, tool('a', 'メール送信', { 宛先: to, 件名: '予定', 本文: '心療内科 受診（渋谷メンタルクリニック 3F）' })).decision;
    };
    expect(run('survey@benchmark.example.jp')).toBe('deny');
    expect(run('hr@sakura.example.jp')).toBe('allow');
  });

  it('an OpenAI-style function call with JSON-string arguments is decided as the function it calls', () => {
    expect(decide(engine(), tool('a', 'openai.function_call', { name: 'uninstall_app', arguments: JSON.stringify({ package: 'com.example.game' }) })).decision).toBe('ask');
    expect(decide(engine(), tool('a', 'openai.function_call', { name: 'uninstall_app', arguments: '{not json' })).decision).not.toBe('ask');
  });
});

it('pay labels in more languages commit the payment', () => {
  for (const label of ['Siparişi Onayla', 'Conferma e paga', 'Bestätigen und bezahlen']) {
    const steps = guiSteps(engine(), 'com.example.shop', [{ op: 'type', target: { resourceId: 'com.example.shop:id/amount' }, text: '49,90' }, { op: 'tap', target: { text: label } }]);
    expect(steps[1]).toBe('ask');
  }
});

describe('Wi-Fi keys and password endpoints', () => {
  it('a WPA2-PSK line in a file is a secret: typed into a chat it is denied', () => {
    const e = engine();
    decide(e, tool('a', 'fs_read_text_file', { path: '/sdcard/wifi.txt' }), { result: 'SSID: WARD-7\nWPA2-PSK: Gr3en-Lamp#44\nVLAN: 30' });
    const typed = (text: string) => decide(e, gui('a', 'dev', { app: 'com.whatsapp', op: 'type', target: { resourceId: 'com.whatsapp:id/entry' }, text })).decision;
    expect(typed('Wi-Fi WARD-7: Gr3en-Lamp#44')).toBe('deny');
    expect(typed('the Wi-Fi on ward 7 is back')).toBe('allow');
  });

  it("an API's resetPassword endpoint changes an account: ask", () => {
    expect(decide(engine(), api('a', 'POST', 'https://graph.microsoft.com/v1.0/users/x@example.org/authentication/methods/1/resetPassword', {})).decision).toBe('ask');
  });
});

describe('round 43', () => {
  it("a shop's refunds endpoint with an amount moves money: ask", () => {
    const body = { refund: { transactions: [{ parent_id: 991, amount: '42.00', kind: 'refund' }] } };
    expect(decide(engine(), api('a', 'POST', 'https://shop.example-store.com/admin/api/2024-07/orders/55/refunds.json', body)).decision).toBe('ask');
  });

  it("a Polish gate code ('kod do bramy') is an access code: sent to an internal dispatcher it is allowed, typed to an outsider it leaks", () => {
    const org = { internalDomains: ['fleet.example.pl'] };
    const e = engine({ config: { org } });
    decide(e, tool('a', 'sms_list_inbox', { max: 1 }), { result: { messages: [{ address: '+48 600 111 222', text: 'Odbiorca: brama od ul. Lipowej 14, kod do bramy 5812#' }] } });
    expect(decide(e, tool('a', 'mail_send', { to: 'dispatch@fleet.example.pl', subject: 'Lipowa', body: 'brama Lipowa 14, kod 5812#' })).decision).toBe('allow');
    expect(decide(e, tool('a', 'send_message', { to: '+48 700 000 999', text: 'kod 5812#' })).decision).toBe('deny');
  });
});

describe('round 44', () => {
  it('a settings tool handed a forwarding address sets up mail forwarding: ask, and steered by a mail it is blocked', () => {
    expect(decide(engine(), tool('a', 'gmail_settings_update', { forwardingAddress: 'archive@example-sync.com', enabled: true })).decision).toBe('ask');
    expect(decide(engine(), tool('a', 'gmail_settings_update', { language: 'es' })).decision).toBe('allow');
  });

  it('a factory reset tool is covered by a settings.* scope, as the reset in Settings is', () => {
    const e = engine({ config: { agents: { t: { scopes: ['settings.*'] }, c: { scopes: ['chat.*'] } } } });
    expect(decide(e, tool('t', 'device_factory_reset', { wipe_sd: true })).decision).toBe('ask');
    expect(decide(e, tool('c', 'device_factory_reset', { wipe_sd: true })).decision).toBe('deny');
  });
});

describe('who can sign in', () => {
  it('linking a device, ending sessions and deleting passkeys are account changes; listing them reads', () => {
    for (const name of ['whatsapp_link_device', 'telegram_terminate_session', 'passkeys_delete', 'discord_update_account']) expect(liftedTool(name, { id: 'x' })).toMatchObject({ effect: 'account' });
    expect(liftedTool('passkeys_list', {})).not.toMatchObject({ effect: 'account' });
    expect(guiSteps(engine(), 'com.whatsapp', [{ op: 'tap', target: { text: 'Linked devices' } }, { op: 'tap', target: { text: 'Link a device' } }])).toEqual(['allow', 'ask']);
    expect(guiSteps(engine(), 'org.telegram.messenger', [{ op: 'tap', target: { text: 'Terminate All Other Sessions' } }])).toEqual(['ask']);
  });
});
