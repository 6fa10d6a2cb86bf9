// GUI flows in apps and languages an independent corpus brought (Arabic, Polish, Portuguese,
// Spanish UIs; terminals; wallets), and the API/tool counterparts of the same effects.
import { describe, expect, it } from 'vitest';
import { api, decide, engine, gui, tool } from '../../../helpers/engine';

const at = (e: ReturnType<typeof engine>, app: string, g: Record<string, unknown>, observe?: Record<string, unknown>) => decide(e, gui('a', 'dev', { app, ...g }), observe);

describe('GUI flows', () => {
  it('a photo shared from the gallery and sent in another app is denied, in any language of Share', () => {
    const e = engine();
    at(e, 'com.google.android.apps.photos', { op: 'launch_app' });
    at(e, 'com.google.android.apps.photos', { op: 'tap', target: { contentDesc: 'passport_scan.jpg' } });
    at(e, 'com.google.android.apps.photos', { op: 'tap', target: { contentDesc: 'مشاركة' } });
    at(e, 'org.telegram.messenger', { op: 'tap', target: { text: 'Visa Express' } });
    expect(at(e, 'org.telegram.messenger', { op: 'tap', target: { contentDesc: 'إرسال' } }).decision).toBe('deny');
  });

  it("a voice recorder's recordings are private: one shared to a chat is denied", () => {
    for (const app of ['com.sec.android.app.voicenote', 'com.google.android.apps.recorder', 'com.example.voicerecorder']) {
      const e = engine();
      at(e, app, { op: 'long_press', target: { text: 'Therapy session 10-08.m4a' } });
      at(e, app, { op: 'tap', target: { text: 'Share' } });
      at(e, 'org.telegram.messenger', { op: 'tap', target: { text: 'Anon Uploads' } });
      expect(at(e, 'org.telegram.messenger', { op: 'tap', target: { contentDesc: 'Send' } }).decision, app).toBe('deny');
    }
  });

  it('ENTER in a terminal runs the command line typed into it', () => {
    const run = (command: string) => {
      const e = engine();
      at(e, 'com.termux', { op: 'launch_app' });
      at(e, 'com.termux', { op: 'type', target: { resourceId: 'com.termux:id/terminal_view' }, text: command });
      return at(e, 'com.termux', { op: 'key', key: 'ENTER' }).decision;
    };
    expect(run('rm -rf /sdcard/DCIM')).toBe('deny');
    expect(run('ls -la')).toBe('allow');
    // an SSH client is a terminal too
    const e = engine();
    at(e, 'com.sonelli.juicessh', { op: 'type', target: { className: 'android.widget.EditText' }, text: 'sudo dd if=/dev/zero of=/dev/sda bs=1M' });
    expect(at(e, 'com.sonelli.juicessh', { op: 'key', key: 'ENTER' }).decision).toBe('deny');
  });

  it('a confirm button in another language commits the transfer typed on its screen', () => {
    const e = engine();
    at(e, 'pl.pkobp.iko', { op: 'launch_app' });
    at(e, 'pl.pkobp.iko', { op: 'type', target: { text: 'Kwota' }, text: '150,00' });
    expect(at(e, 'pl.pkobp.iko', { op: 'tap', target: { text: 'Potwierdź' } }).decision).toBe('ask');
  });

  it('the button pressed on the way is not the target of a delete: a confirm dialog does not steer it', () => {
    const e = engine();
    at(e, 'com.google.android.apps.nbu.files', { op: 'launch_app' });
    at(e, 'com.google.android.apps.nbu.files', { op: 'long_press', target: { text: 'factura.pdf' } });
    at(e, 'com.google.android.apps.nbu.files', { op: 'tap', target: { contentDesc: 'Eliminar' } });
    at(e, 'com.google.android.apps.nbu.files', { op: 'read_screen' }, { texts: ['¿Eliminar 1 archivo de forma permanente? Esta acción no se puede deshacer', 'Cancelar', 'Eliminar'] });
    expect(at(e, 'com.google.android.apps.nbu.files', { op: 'tap', target: { resourceId: 'android:id/button1', text: 'Eliminar' } }).decision).toBe('ask');
  });

  it('a part of what the agent typed, shown back by the app, is not read from it', () => {
    const e = engine();
    at(e, 'com.nu.production', { op: 'launch_app' });
    at(e, 'com.nu.production', { op: 'type', target: { text: 'Valor' }, text: '85,00' });
    at(e, 'com.nu.production', { op: 'type', target: { text: 'Chave Pix' }, text: 'beatriz.lopes.rj@gmail.com' });
    at(e, 'com.nu.production', { op: 'read_screen' }, { texts: ['R$ 85,00', 'para Beatriz Lopes', 'Confirmar'] });
    expect(at(e, 'com.nu.production', { op: 'tap', target: { text: 'Confirmar' } }).decision).toBe('ask');
  });

  it('saving a typed detail on an account screen changes the account', () => {
    const e = engine();
    at(e, 'com.google.android.gms', { op: 'tap', target: { text: 'Recovery phone' } });
    at(e, 'com.google.android.gms', { op: 'type', target: { text: 'Phone number' }, text: '+16595550127' });
    expect(at(e, 'com.google.android.gms', { op: 'tap', target: { text: 'Update number' } }).decision).toBe('ask');
  });

  it('a recovery phrase read under its label is a secret: typing it into a chat is denied', () => {
    const e = engine();
    at(e, 'com.wallet.crypto.trustapp', { op: 'read_screen' }, { texts: ['Your Secret Phrase', 'orbit lantern cradle furnace mimic desert pulse ozone tribe velvet quarter anchor'] });
    expect(at(e, 'org.telegram.messenger', { op: 'type', target: { text: 'Message' }, text: 'orbit lantern cradle furnace mimic desert pulse ozone tribe velvet quarter anchor' }).decision).toBe('deny');
  });

  it('Settings opens for agents that manage permissions or accounts there', () => {
    const cfg = { agents: { helper: { role: 'permissions', scopes: ['permissions.*'] } } };
    const e = engine({ config: cfg });
    expect(decide(e, gui('helper', 'dev', { op: 'launch_app', app: 'com.android.settings' })).decision).toBe('allow');
    expect(decide(e, gui('helper', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: 'Display' } })).decision).toBe('allow');
    const other = engine({ config: { agents: { helper: { role: 'mail', scopes: ['email.*'] } } } });
    expect(decide(other, gui('helper', 'dev', { op: 'launch_app', app: 'com.android.settings' })).decision).toBe('deny');
  });

  it('special access and factory reset done in Settings are settings changes: settings.* covers them (and they ask)', () => {
    const setup = { agents: { helper: { role: 'device setup', scopes: ['settings.*'] } } };
    const talkback = (cfg: unknown) => {
      const e = engine({ config: cfg });
      for (const text of ['Accessibility', 'TalkBack', 'Use TalkBack']) decide(e, gui('helper', 'dev', { op: 'tap', app: 'com.android.settings', target: { text } }));
      return decide(e, gui('helper', 'dev', { op: 'tap', app: 'com.android.settings', target: { resourceId: 'android:id/button1', text: 'Allow' } })).decision;
    };
    expect(talkback(setup)).toBe('ask');
    expect(talkback({ agents: { helper: { role: 'notes', scopes: ['notes.*', 'permissions.read'] } } })).toBe('deny');
    const e = engine({ config: setup });
    decide(e, gui('helper', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: '恢复出厂设置' } }));
    expect(decide(e, gui('helper', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: '清除所有数据' } })).decision).toBe('ask');
  });
});

describe('conversations, payment flows and account screens in everyday apps', () => {
  it('a reply in a conversation may quote what the other person wrote there, but not carry it elsewhere', () => {
    const e = engine();
    at(e, 'com.whatsapp', { op: 'tap', target: { resourceId: 'com.whatsapp:id/conversations_row_contact_name', text: 'Leila Haddad' } });
    at(e, 'com.whatsapp', { op: 'read_screen' }, { texts: ['Leila Haddad', 'Can you pick up oat milk on the way?'] });
    at(e, 'com.whatsapp', { op: 'type', target: { resourceId: 'com.whatsapp:id/entry' }, text: 'Sure, grabbing oat milk on the way home' });
    expect(at(e, 'com.whatsapp', { op: 'tap', target: { resourceId: 'com.whatsapp:id/send', contentDesc: 'Send' } }).decision).toBe('allow');
    at(e, 'com.whatsapp', { op: 'back' });
    at(e, 'com.whatsapp', { op: 'tap', target: { resourceId: 'com.whatsapp:id/conversations_row_contact_name', text: 'Marco Rossi' } });
    at(e, 'com.whatsapp', { op: 'type', target: { resourceId: 'com.whatsapp:id/entry' }, text: 'Leila asked: can you pick up oat milk on the way?' });
    expect(at(e, 'com.whatsapp', { op: 'tap', target: { resourceId: 'com.whatsapp:id/send', contentDesc: 'Send' } }).decision).toBe('deny');
  });

  it('the bare word of a transfer or checkout opens the flow; the confirm after the amount pays', () => {
    const e = engine();
    expect(at(e, 'com.kakao.talk', { op: 'tap', target: { text: '송금' } }).decision).toBe('allow');
    at(e, 'com.kakao.talk', { op: 'type', target: { resourceId: 'com.kakao.talk:id/amount_input' }, text: '50000' });
    expect(at(e, 'com.kakao.talk', { op: 'tap', target: { text: '보내기' } }).decision).toBe('ask');
    expect(at(engine(), 'com.dd.doordash', { op: 'tap', target: { text: 'Checkout' } }).decision).toBe('allow');
    expect(at(engine(), 'com.dd.doordash', { op: 'tap', target: { text: 'Place Order' } }).decision).toBe('ask');
    expect(at(engine(), 'au.com.shiftyjelly.pocketcasts', { op: 'tap', target: { text: 'Subscribe' } }).decision).toBe('allow');
    // the store's own Subscribe commits the subscription
    expect(at(engine(), 'com.android.vending', { op: 'tap', target: { text: 'Subscribe' } }).decision).toBe('ask');
  });

  it('Send comment / Post reply are sends', () => {
    const e = engine();
    at(e, 'com.atlassian.android.jira.core', { op: 'type', target: { resourceId: 'com.atlassian.android.jira.core:id/comment_edit_text' }, text: 'Use AKIAZ7Q3MRX5LQ2DTW4K for the deploy user' });
    expect(at(e, 'com.atlassian.android.jira.core', { op: 'tap', target: { contentDesc: 'Send comment' } })).toMatchObject({ decision: 'deny', rules: ['content.secret'] });
  });

  it('saving a new sign-in e-mail in any app\'s account screens changes the account; a display name does not', () => {
    const change = (field: string, text: string) => {
      const e = engine();
      for (const label of ['Account', 'Personal info']) at(e, 'com.ubercab', { op: 'tap', target: { text: label } });
      at(e, 'com.ubercab', { op: 'type', target: { resourceId: `com.ubercab:id/${field}` }, text });
      return at(e, 'com.ubercab', { op: 'tap', target: { text: 'Update' } }).decision;
    };
    expect(change('edit_email', 'hannah.kim.work@fastmail.com')).toBe('ask');
    expect(change('edit_display_name', 'Hannah')).toBe('allow');
  });
});

describe('account changes and raw messages over APIs and tools', () => {
  it('an API call that turns off a user\'s second factor or changes its sign-in address changes an account', () => {
    const cfg = { org: { allowedHosts: ['api.trey.example'] } };
    expect(decide(engine({ config: cfg }), api('a', 'PATCH', 'https://api.trey.example/admin/v1/users/u-1', { email: 'x@proton.me', mfa_enabled: false })).decision).toBe('ask');
    expect(decide(engine({ config: cfg }), api('a', 'POST', 'https://api.trey.example/v1/lists/7/members', { email: 'x@proton.me' })).decision).toBe('allow');
    expect(decide(engine({ config: cfg }), api('a', 'PATCH', 'https://api.trey.example/v1/users/u-1', { phone: '+1 206 555 0100' })).decision).toBe('ask');
    // a whole business record written back (a CRM account with its phone) is a sync, not a sign-in change
    const record = { account: 'AC-1180', name: 'Halvorsen Marine', owner: 'Pia Lund', phone: '+47 915 55 302', arr: 126000 };
    expect(decide(engine({ config: cfg }), api('a', 'PUT', 'https://api.trey.example/v1/warehouse/accounts/AC-1180', record)).decision).toBe('allow');
  });

  it('opening a repository to everyone or making someone an administrator grants access; creating a user or a public post does not', () => {
    const cfg = { org: { allowedHosts: ['api.github.com', 'admin.googleapis.com', 'blog.trey.example'] } };
    expect(decide(engine({ config: cfg }), api('a', 'PATCH', 'https://api.github.com/repos/tiderun/billing-engine', { private: false, visibility: 'public' })).decision).toBe('ask');
    expect(decide(engine({ config: cfg }), api('a', 'POST', 'https://admin.googleapis.com/admin/directory/v1/users/ext-ops@fjordline.no/makeAdmin', { status: true })).decision).toBe('ask');
    expect(decide(engine({ config: cfg }), api('a', 'POST', 'https://admin.googleapis.com/admin/directory/v1/users', { primaryEmail: 'new.hire@trey.example', name: { givenName: 'Ana' } })).decision).toBe('allow');
    expect(decide(engine({ config: cfg }), api('a', 'POST', 'https://blog.trey.example/wp-json/wp/v2/posts', { title: 'Open day', status: 'publish', visibility: 'public' })).decision).toBe('allow');
  });

  it('a raw RFC 822 message names its recipients in its headers', () => {
    const raw = Buffer.from('To: desk@travel.example\r\nSubject: file\r\n\r\nhello').toString('base64url');
    const r = engine({ config: { org: { internalDomains: ['travel.example'] } } }).evaluate(tool('a', 'gmail.users.messages.send', { userId: 'me', requestBody: { raw } }));
    expect(r.ok && r.decided[0].event.sink).toMatchObject({ kind: 'email', external: false, recipients: ['desk@travel.example'] });
  });
});
