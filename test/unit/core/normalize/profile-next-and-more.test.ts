// Held-out rounds 53–55: a Next that goes on from an edited profile's e-mail submits the change;
// a Next in a login flow does not.
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
