// Held-out round 40: a shell app's Run button; device-management wipes and reads; payments named
// in Portuguese tool names, in an RPC gateway's body or by an `*_amount` key; links and multipart
// parts in API bodies; Gmail's batchDelete; file managers, MDM apps and a vendor's other apps;
// changing a bound phone number in Chinese; form labels that are vocabulary, not values.
import { describe, expect, it } from 'vitest';
import { defaultPack, decide, engine, gui, guiSteps, liftedTool, api, tool } from '../../../helpers/engine';

describe('running what was typed', () => {
  it("a shell app's Run button runs the typed command: a destructive one is denied, a harmless one allowed", () => {
    const run = (command: string) => {
      const e = engine();
      return guiSteps(e, 'com.example.adbconsole', [
        { op: 'type', target: { resourceId: 'com.example.adbconsole:id/input' }, text: command },
        { op: 'tap', target: { resourceId: 'com.example.adbconsole:id/go', contentDesc: 'Execute' } },
      ]);
    };
    expect(run('pm uninstall --user 0 com.android.vending')[1]).toBe('deny');
    expect(run('getprop ro.build.version.release')).toEqual(['allow', 'allow']);
  });

  it('Run / 执行 in an app the catalog does not know runs the command typed there', () => {
    const e = engine();
    const steps = guiSteps(e, 'io.quickcmd.lite', [
      { op: 'type', target: { resourceId: 'io.quickcmd.lite:id/cmd' }, text: 'rm -rf /sdcard/DCIM' },
      { op: 'tap', target: { text: '执行' } },
    ]);
    expect(steps).toEqual(['allow', 'deny']);
  });

  it('a Run button with nothing typed is navigation (a fitness app starting a run)', () => {
    expect(guiSteps(engine(), 'com.example.jogtracker', [{ op: 'tap', target: { text: 'Run' } }])).toEqual(['allow']);
  });
});

describe('device management', () => {
  it("a device-management app's Wipe, behind its own dialog, resets the device: ask, and out of a chat agent's scope", () => {
    const flow = [
      { op: 'tap', target: { text: 'Enterprise Wipe' } },
      { op: 'tap', target: { resourceId: 'android:id/button1', text: 'Wipe' } },
    ];
    const admin = engine({ config: { agents: { a: { scopes: ['device.*'] } } } });
    expect(guiSteps(admin, 'com.airwatch.androidagent', flow)[1]).toBe('ask');
    const helpdesk = engine({ config: { agents: { a: { scopes: ['chat.*'] } } } });
    expect(guiSteps(helpdesk, 'com.hexnode.mdm', [{ op: 'launch_app' }])).toEqual(['deny']);
  });

  it('a confirm after "Wipe device" in an unknown app resets the device', () => {
    const e = engine();
    expect(guiSteps(e, 'com.acmefleet.agent', [{ op: 'tap', target: { text: 'Wipe device' } }, { op: 'tap', target: { resourceId: 'android:id/button1', text: 'OK' } }])[1]).toBe('ask');
  });

  it('device_admin tools: a wipe is a reset and a policy read is a device read, not a permission grant', () => {
    expect(liftedTool('device_admin.wipe_data', { flags: [] })).toMatchObject({ effect: 'reset', resource: 'device' });
    expect(liftedTool('device_admin.get_policies', {})).toMatchObject({ effect: 'read', resource: 'device' });
    expect(liftedTool('device_admin.activate', {})).toMatchObject({ effect: 'permission', resource: 'permissions' });
    const viewer = engine({ config: { agents: { v: { scopes: ['device.read'] } } } });
    expect(decide(viewer, tool('v', 'device_admin.list_active_admins', {})).decision).toBe('allow');
    const admin = engine({ config: { agents: { w: { scopes: ['device.*'] } } } });
    expect(decide(admin, tool('w', 'device_admin.wipe_data', { reason: 'returned handset' })).decision).toBe('ask');
  });
});

describe('payments named in other ways', () => {
  it('a Portuguese or Spanish payment tool name (pix.pagamento.criar, pagos.crear) pays', () => {
    expect(liftedTool('pix.pagamento.criar', { chave: 'loja@example.com.br', valor: '90.00' })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('pagos.crear', { destinatario: 'ES91 2100 0418 4502 0005 1332', monto: '40' })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('pix.chaves.listar', {})).toMatchObject({ effect: 'read' });
  });

  it("an RPC gateway's body names a transfer (method alipay.fund.trans…) with an *_amount key: a payment", () => {
    const e = engine({ config: { agents: { r: { scopes: ['payments.*', 'http.*'] } } } });
    const body = { method: 'alipay.fund.trans.uni.transfer', biz_content: { trans_amount: '560.00', payee_info: { identity: '13800001111' } } };
    expect(decide(e, api('r', 'POST', 'https://openapi.alipay.com/gateway.do', body)).decision).toBe('ask');
    expect(decide(e, api('r', 'POST', 'https://openapi.alipay.com/gateway.do', { method: 'alipay.trade.query', biz_content: { out_trade_no: 'A1' } })).decision).toBe('allow');
  });
});

describe('what an API body carries', () => {
  it('a link in a JSON body carries the private values in its query', () => {
    const e = engine();
    decide(e, tool('a', 'device_get_location', {}), { result: { lat: 48.85837, lon: 2.29448 } });
    const post = (url: string) => decide(e, api('a', 'POST', 'https://ntfy.sh/', { topic: 'x', actions: [{ action: 'view', url }] })).decision;
    expect(post('https://maps.example.org/?mlat=48.85837&mlon=2.29448')).toBe('deny');
    expect(post('https://maps.example.org/help')).toBe('allow');
  });

  it('a multipart/form-data mail send is read part by part: the attachment to an outside address is a leak', () => {
    const org = { internalDomains: ['northwind.example'], allowedHosts: ['api.mailgun.net'] };
    const e = engine({ config: { org } });
    decide(e, tool('a', 'files.read', { path: '/sdcard/Download/statement.txt' }), { result: 'Account holder: Ines Varga\nIBAN HU42 1177 3016 1111 1018 0000 0000' });
    const send = (to: string, attachment: string) => {
      const b = '----b7f3';
      const part = (name: string, value: string, file = '') => `--${b}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n${value}\r\n`;
      const body = part('from', 'ops@northwind.example') + part('to', to) + part('subject', 'Statement') + part('attachment', attachment, 'statement.txt') + `--${b}--\r\n`;
      return decide(e, { ...api('a', 'POST', 'https://api.mailgun.net/v3/mg.northwind.example/messages', body), api: { method: 'POST', url: 'https://api.mailgun.net/v3/mg.northwind.example/messages', headers: { 'Content-Type': `multipart/form-data; boundary=${b}` }, body } }).decision;
    };
    expect(send('loans@quickfunds.example', 'IBAN HU42 1177 3016 1111 1018 0000 0000')).toBe('deny');
    expect(send('finance@northwind.example', 'IBAN HU42 1177 3016 1111 1018 0000 0000')).toBe('allow');
    expect(send('loans@quickfunds.example', 'see you Monday')).toBe('allow');
  });

  it("Gmail's batchDelete deletes the messages it names: ask, not a leak of their ids", () => {
    const e = engine();
    decide(e, api('a', 'GET', 'https://gmail.googleapis.com/gmail/v1/users/me/messages?q=older_than:1y'), { body: { messages: [{ id: '18d2a0b1c2d3e4f5' }] } });
    expect(decide(e, api('a', 'POST', 'https://gmail.googleapis.com/gmail/v1/users/me/messages/batchDelete', { ids: ['18d2a0b1c2d3e4f5'] })).decision).toBe('ask');
  });
});

describe('which app it is', () => {
  it('file managers, MDM agents, shells and a vendor of one kind are placed without a map entry', () => {
    const kind = (pkg: string) => defaultPack().catalog.appKind(pkg);
    expect(kind('org.example.file.explorer')).toBe('files');
    expect(kind('com.acme.mdm.agent')).toBe('device');
    expect(kind('com.draco.ladb')).toBe('terminal');
    expect(kind('com.revolut.business')).toBe('payments');
    expect(kind('com.paypal.merchant')).toBe('payments');
    expect(kind('chat.simplex.app')).toBe('chat');
    expect(kind('com.google.android.apps.unknowntool')).toBe('other');
  });

  it('what a file manager shows is private file content: sent to an outside chat it is denied', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.ghisler.android.TotalCommander', op: 'read_screen' }), { texts: ['Nombre;Teléfono', 'Lidia Crespo;+34 611 480 227'] });
    const sent = decide(e, api('a', 'PUT', 'https://filebin.net/q81x/clientes.csv', 'Lidia Crespo;+34 611 480 227')).decision;
    expect(sent).toBe('deny');
  });
});

describe('accounts and labels', () => {
  it('确认更换 after typing a new bound phone number changes the account: ask', () => {
    const e = engine();
    const steps = guiSteps(e, 'com.eg.android.AlipayGphone', [
      { op: 'tap', target: { text: '账号与安全' } },
      { op: 'tap', target: { text: '更换手机号' } },
      { op: 'type', target: { text: '请输入新手机号', className: 'android.widget.EditText' }, text: '13912345678' },
      { op: 'tap', target: { text: '确认更换' } },
    ]);
    expect(steps[3]).toBe('ask');
  });

  it('the label word of "Password: …" is vocabulary: a message that says "password" leaks nothing', () => {
    const e = engine();
    decide(e, tool('a', 'fs_read_text_file', { path: '/sdcard/Documents/portal.txt' }), { result: 'Parcel portal login: desk@harbor.example\nPassword: Quartz-Meadow-51' });
    const send = (text: string) => decide(e, tool('a', 'send_message', { to: '#ops', text })).decision;
    expect(send('The parcel portal password was changed today')).toBe('allow');
    expect(send('Quartz-Meadow-51')).toBe('deny');
  });

  it('a short number in the label of a note line names the service, not a value; a time keeps its flight number private', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.miui.notes', op: 'read_screen' }), { texts: ['12306 账号：lihua1990'] });
    const chat = (text: string) => decide(e, tool('a', 'send_message', { to: '小王', text })).decision;
    expect(chat('我在12306上买票')).toBe('allow');
    expect(chat('账号是 lihua1990')).toBe('deny');
    const cal = engine();
    decide(cal, gui('a', 'dev', { app: 'com.google.android.calendar', op: 'read_screen' }), { texts: ['KL1842 · AMS 09:15'] });
    expect(decide(cal, tool('a', 'send_message', { to: 'buyer', text: 'away on KL1842' })).decision).toBe('deny');
  });
});
