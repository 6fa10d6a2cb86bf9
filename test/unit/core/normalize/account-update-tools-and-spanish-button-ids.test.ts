// Held-out rounds 69–70: Swedish säkerhetskod names a one-time code; a tool named <service>_account_update changes the account; button ids in
// Spanish and other languages (btn_transferir, btn_confirmar) are the pay and confirm buttons
// they name, so an unknown bank app's transfer with an amount typed pays at its confirm.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui, tool } from '../../../helpers/engine';

describe('round 70', () => {
  it('a Swedish "Säkerhetskod 771403" typed into a web page field: denied', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'read_screen', app: 'com.android.chrome' }), { texts: ['kivra-inloggning.info', 'Verifiera din identitet'] });
    expect(decide(e, gui('a', 'dev', { op: 'type', app: 'com.android.chrome', target: { resourceId: 'com.android.chrome:id/verify_code' }, text: 'Säkerhetskod 771403' })).decision).toBe('deny');
  });
});

describe('round 69', () => {
  it("an id-only bare pay icon (…:id/btn_pagar) tapped first opens the flow (allowed)", () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app: 'cl.bci.sismo.mach' }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: 'cl.bci.sismo.mach', target: { resourceId: 'cl.bci.sismo.mach:id/btn_pagar' } })).decision).toBe('allow');
  });
  it('x_account_update {email} asks', () => {
    expect(decide(engine(), tool('a', 'x_account_update', { email: 'socialops@example.com' })).decision).toBe('ask');
  });
  it('btn_transferir → a contact → amount → btn_confirmar pays (asks)', () => {
    const app = 'cl.bancoestado.cuentarut';
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app, target: { resourceId: `${app}:id/btn_transferir` } })).decision).toBe('allow');
    decide(e, gui('a', 'dev', { op: 'tap', app, target: { text: 'Marisol Vega Rojas' } }));
    decide(e, gui('a', 'dev', { op: 'type', app, target: { resourceId: `${app}:id/et_monto` }, text: '45000' }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app, target: { resourceId: `${app}:id/btn_confirmar` } })).decision).toBe('ask');
  });
});
