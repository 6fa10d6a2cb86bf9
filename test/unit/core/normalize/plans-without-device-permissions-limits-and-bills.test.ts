// Held-out round 62: an LLM plan's GUI steps are gated without a device (the request names none;
// executing them needs one); "Allow all the time" and its translations grant a permission; a
// payment app's transaction limit saved is a security setting; a bill's pay button after a
// biller was picked pays what the biller fetched.
import { describe, expect, it } from 'vitest';
import { decide, engine, gui, guiSteps } from '../../../helpers/engine';

describe('plans without a device', () => {
  it('a benign plan is gated and allowed; a single GUI request still needs its device', () => {
    const e = engine();
    const plan = { v: 1, session: 's1', agent: 'a', channel: 'llm', llm: { planner: 'p', steps: [
      { channel: 'gui', gui: { op: 'launch_app', app: 'com.google.android.apps.classroom' } },
      { channel: 'gui', gui: { op: 'tap', app: 'com.google.android.apps.classroom', target: { text: 'Earth Science P1' } } },
    ] } };
    const r = e.evaluate(plan);
    expect(r.ok && r.decided.map((d) => d.decision.decision)).toEqual(['allow', 'allow']);
    const single = e.evaluate({ v: 1, session: 's1', agent: 'a', channel: 'gui', gui: { op: 'launch_app', app: 'x.y' } });
    expect(single.ok).toBe(false);
    if (!single.ok) expect(single.error.issues?.map((i) => i.field)).toContain('device');
  });
});

describe('Settings and payment apps', () => {
  it('"Allow all the time" / "Permitir o tempo todo" for an app grants a permission (asks)', () => {
    for (const label of ['Allow all the time', 'Permitir o tempo todo', 'Immer zulassen']) {
      const e = engine();
      decide(e, gui('a', 'dev', { op: 'launch_app', app: 'com.android.settings' }));
      decide(e, gui('a', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: 'Apps' } }));
      decide(e, gui('a', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: 'iFood para Entregadores' } }));
      expect(decide(e, gui('a', 'dev', { op: 'tap', app: 'com.android.settings', target: { text: label } })).decision).toBe('ask');
    }
  });
  it('a Pix night limit typed and saved in Nubank is a security setting (asks)', () => {
    const e = engine();
    decide(e, gui('a', 'dev', { op: 'launch_app', app: 'com.nu.production' }));
    decide(e, gui('a', 'dev', { op: 'type', app: 'com.nu.production', target: { resourceId: 'com.nu.production:id/night_limit_input' }, text: '5000' }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app: 'com.nu.production', target: { text: 'Salvar novo limite' } })).decision).toBe('ask');
  });
  it('MoMo: Thanh toán hóa đơn → Điện → Thanh toán pays the bill (asks); Thanh toán alone opens the flow', () => {
    const app = 'com.mservice.momotransfer';
    const pay = { op: 'tap', target: { resourceId: `${app}:id/btn_pay`, text: 'Thanh toán' } };
    const bill = guiSteps(engine(), app, [{ op: 'launch_app' }, { op: 'tap', target: { text: 'Thanh toán hóa đơn' } }, { op: 'tap', target: { text: 'Điện' } }, pay]);
    expect(bill[3]).toBe('ask');
    const alone = guiSteps(engine(), app, [{ op: 'launch_app' }, pay]);
    expect(alone[1]).toBe('allow');
  });
});
