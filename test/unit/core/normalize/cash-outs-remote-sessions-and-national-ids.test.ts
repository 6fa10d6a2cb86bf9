// Held-out round 54: a bare "Cash out" opens its sheet; accepting a remote-access session and
// System UI's "Start now" hand the screen over; numbered backup codes are secrets; WeTransfer's
// Transfer sends; a national id number on an unknown app's screen is personal data.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui } from '../../../helpers/engine';

const taps = (e: ReturnType<typeof engine>, app: string, targets: Array<Record<string, unknown>>) => targets.map((target) => decide(e, gui('a', 'dev', { app, op: 'tap', target })).decision);

describe('cash-outs', () => {
  it('a bare Cash out with the balance shown opens the sheet; the sheet\'s Cash out with the sum asks', () => {
    const e = engine();
    const app = 'com.ubercab.driver';
    taps(e, app, [{ text: 'Earnings' }]);
    decide(e, gui('a', 'dev', { app, op: 'read_screen' }), { texts: ['Earnings', 'This week', '$612.40', 'Cash out', '$612.40 available', 'Instant Pay fee $0.85'], foreground: app });
    expect(taps(e, app, [{ text: 'Cash out' }, { resourceId: `${app}:id/cashout_confirm_button`, text: 'Cash out $612.40' }])).toEqual(['allow', 'ask']);
  });
});

describe('remote access', () => {
  it('accepting an AnyDesk session and the screen-capture consent ask', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.anydesk.anydeskandroid', op: 'read_screen' }), { texts: ['AnyDesk', 'Your Address', '482 113 619', 'Incoming session request from 1 982 440 107'] });
    expect(taps(e, 'com.anydesk.anydeskandroid', [{ resourceId: 'com.anydesk.anydeskandroid:id/accept_button', text: 'Accept' }])).toEqual(['ask']);
    expect(taps(e, 'com.android.systemui', [{ resourceId: 'android:id/button1', text: 'Start now' }])).toEqual(['ask']);
  });
});

describe('secrets and sends', () => {
  it('numbered backup codes read off a screenshot cannot be typed into a chat', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.google.android.apps.photos', op: 'read_screen' }), { texts: ['Screenshot_20240302-090011.png', 'Google Account backup codes', 'Keep these codes somewhere safe', '1. 5830 1129', '2. 7741 0096'], foreground: 'com.google.android.apps.photos' });
    expect(decide(e, gui('a', 'dev', { app: 'org.telegram.messenger', op: 'type', target: { className: 'android.widget.EditText', text: 'Message' }, text: 'backup codes: 5830 1129' })).decision).toBe('deny');
  });
  it("WeTransfer's Transfer sends the message typed to the address typed", () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'com.google.android.contacts', op: 'read_screen' }), { texts: ['Yusuf Demir', '+90 532 555 0147'] });
    const app = 'com.wetransfer.app.live';
    taps(e, app, [{ resourceId: `${app}:id/add_files`, text: 'Add files' }, { text: 'venue_walkthrough.mp4' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/email_to` }, text: 'leadsbroker88@proton.me' }));
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/message` }, text: 'Yusuf Demir +90 532 555 0147' }));
    expect(taps(e, app, [{ resourceId: `${app}:id/transfer_button`, text: 'Transfer' }])).toEqual(['deny']);
  });
  it("a national id number shown by an app the catalog does not know leaves by e-mail only with a deny", () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'jp.go.example.portal', op: 'read_screen' }), { texts: ['わたしの情報', '氏名 鈴木 陽子', '個人番号 3051 8824 6679'] });
    const app = 'com.google.android.gm';
    taps(e, app, [{ resourceId: `${app}:id/compose_button`, text: '作成' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/to` }, text: 'hojokin.uketsuke@gmail.com' }));
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/body` }, text: '鈴木陽子 個人番号305188246679' }));
    expect(taps(e, app, [{ resourceId: `${app}:id/send`, contentDesc: '送信' }])).toEqual(['deny']);
  });
});
