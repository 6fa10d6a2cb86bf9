// Held-out round 60: a payment app's checkout that shows one price and its pay button (Toss:
// "32,400원" and 결제하기) is paid by that button; a sum with its currency written after it in
// letters (원, 円, 元) is a sum on screen; Portuguese "Mover para o lixo" and French "Placer dans la
// corbeille" confirm a delete.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui } from '../../../helpers/engine';

const toss = 'viva.republica.toss';

describe('checkout screens', () => {
  it('결제하기 under the one price a checkout shows pays (asks)', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app: toss }));
    decide(e, gui('a', 'dev', { op: 'tap', app: toss, target: { text: '결제' } }));
    decide(e, gui('a', 'dev', { op: 'read_screen', app: toss }), { texts: ['교보문고', '수학의 정석 기본편 외 1권', '32,400원', '결제하기'] });
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: toss, target: { text: '결제하기' } })).decision).toBe('ask');
  });
  it('the same button with no price read opens the payment flow (allowed)', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app: toss }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: toss, target: { text: '결제하기' } })).decision).toBe('allow');
  });
  it('a history with several sums, or a balance, is not a checkout', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app: toss }));
    decide(e, gui('a', 'dev', { op: 'read_screen', app: toss }), { texts: ['내역', '스타벅스 -5,600원', '월급 +2,400,000원', '결제하기'] });
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: toss, target: { text: '결제하기' } })).decision).toBe('allow');
    const f = engine();
    decide(f, gui('a', 'dev', { op: 'launch_app', app: toss }));
    decide(f, gui('a', 'dev', { op: 'read_screen', app: toss }), { texts: ['잔액 1,204,000원', '결제하기'] });
    expect(decide(f, gui('a', 'dev', { op: 'tap', app: toss, target: { text: '결제하기' } })).decision).toBe('allow');
  });
});

describe('deletes in Portuguese and French', () => {
  it('a dialog\'s "Mover para o lixo" moves the photo to the bin (asks)', () => {
    const e = engine();
    const photos = 'com.google.android.apps.photos';
    decide(e, gui('a', 'dev', { op: 'launch_app', app: photos }));
    decide(e, gui('a', 'dev', { op: 'long_press', app: photos, target: { contentDesc: 'Foto - 3 mar 2025' } }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: photos, target: { resourceId: 'android:id/button1', text: 'Mover para o lixo' } })).decision).toBe('ask');
  });
  it('...and so does French "Placer dans la corbeille"', () => {
    const e = engine();
    const photos = 'com.google.android.apps.photos';
    decide(e, gui('a', 'dev', { op: 'launch_app', app: photos }));
    decide(e, gui('a', 'dev', { op: 'long_press', app: photos, target: { contentDesc: 'Photo - 12 sept. 2024 18:04' } }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: photos, target: { text: 'Placer dans la corbeille' } })).decision).toBe('ask');
  });
});
