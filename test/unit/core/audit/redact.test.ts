import { describe, expect, it } from 'vitest';
import { redactText, redactValue, secretKindOfKey } from '../../../../src/core/audit/redact';

describe('redaction of secrets', () => {
  it('masks secrets inside free text and keeps the rest', () => {
    const cases: Array<[string, string, string]> = [
      ['use key AKIAIOSFODNN7EXAMPLE now', 'api_key', 'use key [REDACTED:api_key] now'],
      ['token sk-live-abcdefghijklmnopqrstuv', 'api_key', 'token [REDACTED:api_key]'],
      ['ghp_0123456789abcdefghijklmnopqrstuvwxyz1', 'api_key', '[REDACTED:api_key]'],
      ['Authorization: Bearer abc.def-ghijk123', 'token', 'Authorization: Bearer [REDACTED:token]'],
      ['my password is hunter22!', 'password', 'my password is [REDACTED:password]'],
      ['password: "s3cr3t"', 'password', 'password: "[REDACTED:password]"'],
      ['Your verification code is 482913.', 'otp', 'Your verification code is [REDACTED:otp].'],
      ['G-482913 is your Google verification code', 'otp', 'G-[REDACTED:otp] is your Google verification code'],
      ['OTP: 1234', 'otp', 'OTP: [REDACTED:otp]'],
      ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY----- tail', 'private_key', '[REDACTED:private_key] tail'],
      ['MIDTRANS_SERVER_KEY=SB-Mid-server-q8Lr2Vx0TnK4pWz9Ye7Hc1Ab', 'api_key', 'MIDTRANS_SERVER_KEY=[REDACTED:api_key]'],
      // every secret form the gate denies is masked in stored records too
      ['-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQPGBB9+YA\n-----END PGP PRIVATE KEY BLOCK----- ok', 'private_key', '[REDACTED:private_key] ok'],
      ['https://admin:Gz6!pR4kT@cam-viewer.remote-link.cc/live', 'password', 'https://admin:[REDACTED:password]@cam-viewer.remote-link.cc/live'],
      ['the PIN for the debit card is 7391.', 'password', 'the PIN for the debit card is [REDACTED:password].'],
      ['【招商银行】验证码：483920，请勿泄露', 'otp', '【招商银行】验证码：[REDACTED:otp]，请勿泄露'],
      ['Ваш код 4821 для входа', 'otp', 'Ваш код [REDACTED:otp] для входа'],
      ['Codul tau de autentificare ING este 781 334.', 'otp', 'Codul tau de autentificare ING este [REDACTED:otp].'],
      ['Your Steam Guard code is 7KQ2M', 'otp', 'Your Steam Guard code is [REDACTED:otp]'],
      ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'token', 'jwt [REDACTED:token]'],
    ];
    for (const [input, kind, output] of cases) {
      const r = redactText(input);
      expect(r.text, input).toBe(output);
      expect(r.kinds, input).toContain(kind);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Meeting at 10:30 in room 4021', 'pin the message to the top', 'zip code 94107', 'order 482913 ships today', 'Invoice 2024 total 1,250.00', 'Send the Q3 report to bob@acme.example', 'skip-navigation-links']) {
      expect(redactText(text).text).toBe(text);
    }
  });

  it('masks whole values of secret-named fields and records every path', () => {
    const input = {
      headers: { Authorization: 'Bearer xyz123456789', 'X-Api-Key': 'k-1234', Accept: 'json' },
      body: { user: 'ann', password: 'pw', otp: 123456, note: 'call me, the code is not a secret' },
      fields: { 'com.bank:id/password_input': 'hunter2', 'com.bank:id/amount': '10' },
    };
    const { value, redactions } = redactValue(input, 'request');
    expect(value.headers.Authorization).toBe('Bearer [REDACTED:token]');
    expect(value.headers['X-Api-Key']).toBe('[REDACTED:api_key]');
    expect(value.headers.Accept).toBe('json');
    expect(value.body).toEqual({ user: 'ann', password: '[REDACTED:password]', otp: '[REDACTED:otp]', note: 'call me, the code is not a secret' });
    expect(value.fields['com.bank:id/password_input']).toBe('[REDACTED:password]');
    expect(value.fields['com.bank:id/amount']).toBe('10');
    expect(redactions.map((r) => r.path).sort()).toEqual(
      ['request.body.otp', 'request.body.password', 'request.fields.com.bank:id/password_input', 'request.headers.Authorization', 'request.headers.X-Api-Key'].sort(),
    );
    // The input is not mutated.
    expect(input.body.password).toBe('pw');
  });

  it('masks explicitly secret paths (typed into a password field)', () => {
    const { value, redactions } = redactValue({ gui: { text: 'correct horse' } }, 'request', { secretPaths: new Set(['request.gui.text']) });
    expect(value.gui.text).toBe('[REDACTED:secret_field]');
    expect(redactions).toEqual([{ path: 'request.gui.text', kind: 'secret_field' }]);
  });

  it('classifies field names', () => {
    expect(secretKindOfKey('com.app:id/pin')).toBe('password');
    expect(secretKindOfKey('client_secret')).toBe('api_key');
    expect(secretKindOfKey('refresh-token')).toBe('token');
    expect(secretKindOfKey('recipient')).toBeNull();
  });
});
