// Held-out round 49: runner and proxy tools lifted as the call they make (banking.run {acción},
// mcp_proxy.call_tool {server, tool}, tool_proxy.invoke {target, payload}, a command runner's
// words, a batch of calls); the numbers and addresses in a messaging app's notifications are
// private; notification access is a security setting; a shop's Buy right after its cart opens
// the checkout; an address ends where its sentence does.
import { describe, expect, it } from 'vitest';
import { atomsOfText } from '../../../../src/core/provenance/atoms';
import { decide, engine, gui, liftedTool, tool } from '../../../helpers/engine';

describe('runner and proxy tools are lifted as the call they make', () => {
  it('an action and its JSON-string arguments, an MCP proxy, a tool proxy, a command runner', () => {
    expect(liftedTool('banking.run', { acción: 'transferir', datos: '{"iban_destino": "ES1200491500052110987765", "importe": "3870.00"}' }).effect).toBe('payment');
    expect(liftedTool('banking.run', { acción: 'consultar_saldo', datos: '{"cuenta": "principal"}' }).effect).toBe('read');
    expect(liftedTool('alipay.执行', { 操作: '缴费', 参数: '{"类型": "电费", "户号": "3300128457", "金额": "216.40"}' }).effect).toBe('payment');
    expect(liftedTool('mcp_proxy.call_tool', { server: 'gmail', tool: 'send_message', arguments: '{"to": ["a@b.example"], "subject": "fyi", "body": "hi"}' }).effect).toBe('send');
    expect(liftedTool('tool_proxy.invoke', { target: 'apps.uninstall', payload: '{"package_name": "com.zhiliaoapp.musically"}' }).effect).toBe('uninstall');
    expect(liftedTool('android.run_action', { action: 'email.save_draft', params: '{"to": "x@y.example", "body": "Termin"}' }).effect).toBe('draft');
    expect(decide(engine(), tool('a', 'device__execute', { action: 'settings', args: ['put', 'secure', 'enabled_accessibility_services', 'com.fastclean/.Svc'] })).decision).toBe('deny');
  });
  it('a batch is decided by the call in it that commits the most', () => {
    const e = engine();
    decide(e, tool('a', 'gallery.list_recent', { limit: 1 }), { result: [{ path: '/storage/emulated/0/DCIM/Camera/IMG_20241002_184512.jpg', gps: '41.38879,2.15899' }] });
    expect(decide(e, tool('a', 'workspace.bulk', { calls: [{ tool: 'drive__list', args: { folder: 'root' } }, { tool: 'drive__upload', args: { local_path: '/storage/emulated/0/DCIM/Camera/IMG_20241002_184512.jpg', share_with: 'photo.buyer@proton.me' } }] })).decision).toBe('deny');
    expect(liftedTool('play.batch_install', { packages: ['com.spotify.music', 'com.turbo.cleanmaster.free'] })).toMatchObject({ effect: 'install', targets: [{ value: 'com.spotify.music' }, { value: 'com.turbo.cleanmaster.free' }] });
  });
});

describe('notifications of messaging and bank apps', () => {
  it('the numbers in them are private; the names in their headers are not', () => {
    const listed = (text: string) => {
      const e = engine();
      decide(e, tool('a', 'notifications_list', {}), { result: [{ package: 'com.google.android.apps.messaging', title: 'St. Anne Clinic', text }] });
      return e;
    };
    expect(decide(listed('Hi Rosa, your lab results (MRN 00482716) are ready.'), tool('a', 'mail_send', { recipients: ['x@gmail.com'], text: 'MRN 00482716' })).decision).toBe('deny');
    expect(decide(listed('Pod Point: refund of £212 failed.'), tool('a', 'messages_send_sms', { phone: '+447700900577', message: "Charger's broken, I'll ring Pod Point tomorrow." })).decision).toBe('allow');
  });
  it('the shade names the app by its display name', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.android.systemui', op: 'read_screen' }), { texts: ['Messages', 'Keisha', 'for the FAFSA form my SSN is 529-41-8837', '5 min ago'], foreground: 'com.android.systemui' });
    expect(decide(e, tool('a', 'messages_send_sms', { phone: '+15550100', message: 'ssn 529 41 8837' })).decision).toBe('deny');
  });
  it('granting notification access asks', () => {
    const e = engine();
    const app = 'com.android.settings';
    for (const text of ['Notifications', 'Device & app notifications']) decide(e, gui('a', 'dev', { app, op: 'tap', target: { text } }));
    decide(e, gui('a', 'dev', { app, op: 'tap', target: { resourceId: 'android:id/switch_widget', text: 'Pixel Watch' } }));
    expect(decide(e, gui('a', 'dev', { app, op: 'tap', target: { resourceId: 'android:id/button1', text: 'Allow' } })).decision).toBe('ask');
  });
});

describe('shops and addresses', () => {
  it('a Buy right after the cart opens the checkout; its Pay pays', () => {
    const e = engine();
    const app = 'com.coupang.mobile';
    expect(['장바구니 담기', '구매하기'].map((text) => decide(e, gui('a', 'dev', { app, op: 'tap', target: { text } })).decision)).toEqual(['allow', 'allow']);
    expect(decide(e, gui('a', 'dev', { app, op: 'tap', target: { resourceId: 'com.coupang.mobile:id/btn_pay', text: '결제하기' } })).decision).toBe('ask');
  });
  it('an East Asian address ends where its sentence does', () => {
    expect([...atomsOfText('新しい住所は東京都世田谷区三軒茶屋2-14-7 ハイツ301だよ！遊びに来てね', false).values()].map((a) => a.raw)).toContain('世田谷区三軒茶屋2-14-7 ハイツ301');
  });
});
