import { describe, expect, it } from 'vitest';
import { DeliveryLog } from '../../../src/device/delivery-log';
import { createPermitAuthority, type PermittedAction } from '../../../src/device/permitted';

const allow = (event: string) => ({ decision: 'allow' as const, event, ruleset: 'r1' });

describe('permitted actions', () => {
  it('are minted only for allow (or approved ask), frozen, and single-use', () => {
    const a = createPermitAuthority(() => 42);
    const p = a.mint({ eventId: 'e1', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui: { op: 'tap', target: { text: 'Send' } }, decision: allow('e1') });
    expect(Object.isFrozen(p) && Object.isFrozen(p.gui) && Object.isFrozen(p.gui!.target)).toBe(true);
    expect(p.mintedAt).toBe(42);
    expect(a.verifier.isValid(p)).toBe(true);
    expect(a.verifier.consume(p)).toBe(p);
    expect(() => a.verifier.consume(p)).toThrow(/already executed/);
    expect(() => a.mint({ eventId: 'e2', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui: { op: 'home' }, decision: { decision: 'ask', event: 'e2', ruleset: 'r' } })).toThrow(/not approved/);
    expect(a.mint({ eventId: 'e3', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui: { op: 'home' }, decision: { decision: 'ask', event: 'e3', ruleset: 'r' }, approvedBy: 'op' }).approvedBy).toBe('op');
    expect(() => a.mint({ eventId: 'e4', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui: { op: 'home' }, decision: allow('other') })).toThrow(/decision is for event other/);
    expect(() => a.mint({ eventId: 'e5', session: 's', agent: 'ag', channel: 'gui', gui: { op: 'home' }, decision: allow('e5') })).toThrow(/needs a device/);
  });

  it('hold a frozen copy of the action: later changes to the request do not reach the device', () => {
    const a = createPermitAuthority();
    const gui = { op: 'tap' as const, target: { text: 'Send', point: { x: 1, y: 2 } } };
    const p = a.mint({ eventId: 'e1', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui, decision: allow('e1') });
    gui.target.text = 'Delete';
    gui.target.point.x = 99;
    expect(p.gui).toEqual({ op: 'tap', target: { text: 'Send', point: { x: 1, y: 2 } } });
    expect(Object.isFrozen(p.gui!.target!.point)).toBe(true);
    // a "__proto__" key of JSON input stays an own data property; the copy keeps Object.prototype
    const args = JSON.parse('{"to":"+15550100","__proto__":{"admin":true},"list":[{"k":1}]}');
    const t = a.mint({ eventId: 'e2', session: 's', agent: 'ag', channel: 'tool', tool: { name: 'send_sms', arguments: args }, decision: allow('e2') });
    const copied = t.tool!.arguments as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(copied, '__proto__')).toBe(true);
    expect((copied as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.isFrozen((copied.list as unknown[])[0])).toBe(true);
    // values that are not plain data are structured-cloned: a Date stays a Date, a cycle is copied
    const cyclic: Record<string, unknown> = { when: new Date(5) };
    cyclic.self = cyclic;
    const c = a.mint({ eventId: 'e3', session: 's', agent: 'ag', channel: 'tool', tool: { name: 'x', arguments: cyclic }, decision: allow('e3') });
    const cargs = c.tool!.arguments as Record<string, unknown>;
    expect(cargs.when).toBeInstanceOf(Date);
    expect(cargs.when).not.toBe(cyclic.when);
    expect(Object.isFrozen(cargs)).toBe(true);
    // what structuredClone cannot copy is still refused
    expect(() => a.mint({ eventId: 'e4', session: 's', agent: 'ag', channel: 'tool', tool: { name: 'x', arguments: { f: () => 1 } }, decision: allow('e4') })).toThrow();
  });

  it('rejects look-alikes and tokens of another authority', () => {
    const a = createPermitAuthority();
    const b = createPermitAuthority();
    const foreign = b.mint({ eventId: 'e1', session: 's', agent: 'ag', device: 'd', channel: 'gui', gui: { op: 'home' }, decision: allow('e1') });
    expect(() => a.verifier.consume(foreign)).toThrow(/not minted by the gate/);
    expect(() => a.verifier.consume({ ...foreign } as PermittedAction)).toThrow(/not minted/);
    expect(() => a.verifier.consume(null)).toThrow(/not_permitted/);
  });
});

describe('DeliveryLog (S-Bus)', () => {
  it('is fresh only when the agent last observed the current version', () => {
    const log = new DeliveryLog(() => 1);
    expect(log.check('a', 'd', 'v1')).toMatchObject({ fresh: false, code: 'stale_observation', observed: null });
    log.delivered('a', 'd', 'v1');
    log.delivered('b', 'd', 'v1');
    expect(log.check('a', 'd', 'v1').fresh).toBe(true);
    log.delivered('a', 'd', 'v2');
    const stale = log.check('b', 'd', 'v2');
    expect(stale).toMatchObject({ fresh: false, observed: 'v1', current: 'v2' });
    expect(!stale.fresh && stale.reason).toMatch(/read_screen again/);
    expect(log.staleAgents('d', 'v2')).toEqual(['b']);
    expect(log.check('a', 'other', 'v2').fresh).toBe(false);
  });
});

describe('command timeouts', () => {
  it('reject with a DeviceError carrying code timeout and the device', async () => {
    const { withTimeout } = await import('../../../src/device/session');
    const never = new Promise<never>(() => {});
    await expect(withTimeout(never, 5, 'tap on device d1', 'd1')).rejects.toMatchObject({ code: 'timeout', device: 'd1', message: 'tap on device d1 timed out after 5 ms' });
    await expect(withTimeout(Promise.resolve(7), 50, 'x')).resolves.toBe(7);
  });
});
