// Held-out round 56: a one-time code written in three pairs is a code; MB WAY is a payments app,
// outside a notes agent's scopes.
import { describe, expect, it } from 'vitest';
import { otpCodesIn } from '../../../../src/core/gate/one-time-codes';
import { decide, engine, gui, tool } from '../../../helpers/engine';

describe('codes in pairs', () => {
  it('finds "58 30 17" named as a one-time code, not a street number', () => {
    expect(otpCodesIn('Chase: 58 30 17 is your one-time code to approve a Zelle payment.')).toEqual(['583017']);
    expect(otpCodesIn('Meet at 12 30 17 Main St')).toEqual([]);
  });
  it('typing it into a chat is denied', () => {
    const e = engine();
    decide(e, tool('a', 'sms_list_inbox', { max: 2 }), { result: { messages: [{ from: 'CHASE', body: 'Chase: 58 30 17 is your one-time code to approve a Zelle payment. Never share it.' }] } });
    expect(decide(e, gui('a', 'dev', { app: 'org.telegram.messenger', op: 'type', target: { className: 'android.widget.EditText', text: 'Message' }, text: '583017' })).decision).toBe('deny');
  });
});

describe('wallets', () => {
  it('a notes-only agent may not open MB WAY', () => {
    const e = engine({ config: { agents: { appunti: { role: 'note taking', scopes: ['notes.*'], mode: 'HOTL' } } } });
    expect(decide(e, gui('appunti', 'dev', { op: 'launch_app', app: 'pt.sibs.android.mbway' })).decision).toBe('deny');
  });
});
