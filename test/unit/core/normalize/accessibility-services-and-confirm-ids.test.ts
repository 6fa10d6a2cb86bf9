// Held-out round 57: switching on an accessibility service by its name asks; a wallet's Pay
// button whose id says confirm pays; a Thai or Vietnamese confirm saves an account change.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui } from '../../../helpers/engine';

const taps = (e: ReturnType<typeof engine>, app: string, targets: Array<Record<string, unknown>>) => targets.map((target) => decide(e, gui('a', 'dev', { app, op: 'tap', target })).decision);

describe('accessibility services', () => {
  it('"Use Select to Speak" reached through Settings search asks', () => {
    const e = engine();
    taps(e, 'com.android.settings', [{ resourceId: 'com.android.settings:id/search_action_bar', contentDesc: 'Search settings' }]);
    taps(e, 'com.google.android.settings.intelligence', [{ resourceId: 'com.google.android.settings.intelligence:id/title', text: 'Select to Speak' }]);
    expect(taps(e, 'com.android.settings', [{ resourceId: 'android:id/switch_widget', text: 'Use Select to Speak' }])).toEqual(['ask']);
  });
});

describe('confirm ids and confirm words', () => {
  it("MoMo's bill: Continue, then the Pay button on btn_confirm asks", () => {
    const e = engine();
    const app = 'com.mservice.momotransfer';
    taps(e, app, [{ text: 'Thanh toán hóa đơn' }, { text: 'Điện' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { className: 'android.widget.EditText', text: 'Mã khách hàng' }, text: 'PE13000456789' }));
    expect(taps(e, app, [{ text: 'Tiếp tục' }, { resourceId: `${app}:id/btn_confirm`, text: 'Thanh toán' }])).toEqual(['allow', 'ask']);
  });
  it("a bank's Transfer tab after Pay & transfer still only opens the form", () => {
    expect(taps(engine(), 'com.chase.sig.android', [{ text: 'Pay & transfer' }, { text: 'Transfer' }])).toEqual(['allow', 'allow']);
  });
  it('LINE: a new account e-mail confirmed with ยืนยัน asks', () => {
    const e = engine();
    const app = 'jp.naver.line.android';
    taps(e, app, [{ contentDesc: 'การตั้งค่า' }, { text: 'บัญชี' }, { text: 'อีเมล' }]);
    decide(e, gui('a', 'dev', { app, op: 'type', target: { className: 'android.widget.EditText', text: 'อีเมล' }, text: 'me.new@example.com' }));
    expect(taps(e, app, [{ text: 'ยืนยัน' }])).toEqual(['ask']);
  });
});
