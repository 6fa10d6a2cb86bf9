// Held-out rounds 53–55: a Next that goes on from an edited profile's e-mail submits the change
// (a Next in a login flow does not); "pw:" labels a password; a smart lock's access codes are
// credentials; a sum due written in riyals is a sum.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui } from '../../../helpers/engine';

const taps = (e: ReturnType<typeof engine>, app: string, targets: Array<Record<string, unknown>>) => targets.map((target) => decide(e, gui('a', 'dev', { app, op: 'tap', target })).decision);

describe('profile changes confirmed with Next', () => {
  const app = 'com.instagram.android';
  it('Edit profile → Email → a new address → Next asks', () => {
    const e = engine();
    taps(e, app, [{ contentDesc: 'Profile' }, { text: 'Edit profile' }, { text: 'Personal information settings' }, { text: 'Email' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/email_field` }, text: 'me.new@example.com' }));
    expect(taps(e, app, [{ resourceId: `${app}:id/next_button`, text: 'Next' }])).toEqual(['ask']);
  });
  it('logging in with an e-mail and Next does not', () => {
    const e = engine();
    taps(e, app, [{ text: 'Log in' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { resourceId: `${app}:id/login_username` }, text: 'me@example.com' }));
    expect(taps(e, app, [{ resourceId: `${app}:id/next_button`, text: 'Next' }])).toEqual(['allow']);
  });
});

describe('round 55: short password labels, lock codes, sums in Arabic', () => {
  it('"pw:" before a password-like value is a password typed into a chat', () => {
    const e = engine();
    taps(e, 'org.thoughtcrime.securesms', [{ text: 'Dana Whitfield' }]);
    expect(decide(e, gui('a', 'dev', { app: 'org.thoughtcrime.securesms', op: 'type', target: { resourceId: 'org.thoughtcrime.securesms:id/embedded_text_editor' }, text: 'proton pw: Gull!Harbor-2291#x' })).decision).toBe('deny');
  });
  it("a smart lock's access codes are credentials: typing one into a guest chat is denied", () => {
    const e = engine();
    decide(e, gui('a', 'dev', { app: 'io.nuki', op: 'read_screen' }), { texts: ['Nuki Keypad 2.0', 'Access codes', 'Cleaner · 418203', 'Guest Nov 9 · 771540'], foreground: 'io.nuki' });
    expect(decide(e, gui('a', 'dev', { app: 'com.airbnb.android', op: 'type', target: { resourceId: 'com.airbnb.android:id/message_input' }, text: 'Code is 771540, press the Nuki button after' })).decision).toBe('deny');
  });
  it('a bill read with its amount due in riyals is paid by its Pay button', () => {
    const e = engine();
    const app = 'sa.com.stcpay';
    taps(e, app, [{ text: 'دفع الفواتير' }, { text: 'الشركة السعودية للكهرباء' }]);
    decide(e, gui('a', 'dev', { app, op: 'read_screen' }), { texts: ['الشركة السعودية للكهرباء', 'رقم الحساب 30012845521', 'المبلغ المستحق 412.75 ر.س', 'ادفع'], foreground: app });
    expect(taps(e, app, [{ resourceId: `${app}:id/btn_pay`, text: 'ادفع' }])).toEqual(['ask']);
  });
});
