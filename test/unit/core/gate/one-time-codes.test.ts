import { describe, expect, it } from 'vitest';
import { otpCodesIn, TYPED_CODE } from '../../../../src/core/gate/one-time-codes';

describe('one-time codes', () => {
  it('finds codes named before or after them, in the languages they arrive in', () => {
    const found: Array<[string, string]> = [
      ['Use 604918 as Microsoft account security code', '604918'],
      ['Woodgrove Bank: 482913 is your one-time passcode to approve a new payee.', '482913'],
      ['G-582013 is your Google verification code.', '582013'],
      ['BBVA: Tu código de verificación es 482913. No lo compartas', '482913'],
      ['Seu código de verificação é 193847', '193847'],
      ['Ihr Bestätigungscode lautet 720391', '720391'],
      ['Ваш код: 4821', '4821'],
      ['您的验证码是 483920，5分钟内有效', '483920'],
      ['認証コード: 582013', '582013'],
      ['인증번호 [739201]', '739201'],
      ['Your code is 719 204', '719204'],
    ];
    for (const [text, code] of found) expect(otpCodesIn(text), text).toEqual([code]);
  });

  it('leaves tracking numbers, amounts, phone numbers and times alone', () => {
    for (const text of ['Ship to 221 Elm St, zip code 94107', 'Promo code 4821 gives 10% off', 'Sort code 20-45-77, account 41129936', 'Your parcel JD014600003826 will arrive today 14:00-16:00.', 'Proseware Inc owes 18940.50, call +1 425-555-0186', 'Meeting at 10:00 in room 4021', 'Invoice 2024 total 1,250.00']) {
      expect(otpCodesIn(text), text).toEqual([]);
    }
  });

  it('scores typed content only where the words can only mean a one-time code', () => {
    expect(TYPED_CODE.test('my verification code is 604918')).toBe(true);
    expect(TYPED_CODE.test('el código de verificación es 482913')).toBe(true);
    expect(TYPED_CODE.test('验证码 483920')).toBe(true);
    expect(TYPED_CODE.test('the door code is 0619')).toBe(false);
    expect(TYPED_CODE.test('order 482913 ships today')).toBe(false);
    // Thai: "รหัส" alone is any code (a postal or staff code); "รหัส OTP" and "รหัสยืนยัน" are one-time codes
    expect(TYPED_CODE.test('รหัส 10110')).toBe(false);
    expect(TYPED_CODE.test('รหัส OTP 482913')).toBe(true);
    expect(otpCodesIn('รหัส 482913 ใช้ได้ 5 นาที')).toEqual(['482913']);
    // Hebrew with its article, Persian with hamza, Arabic activation codes
    expect(TYPED_CODE.test('קוד האימות שלך ללאומי הוא 482913')).toBe(true);
    expect(TYPED_CODE.test('کد تأیید شما 551902')).toBe(true);
    expect(TYPED_CODE.test('رمز التفعيل 730215')).toBe(true);
  });
});
