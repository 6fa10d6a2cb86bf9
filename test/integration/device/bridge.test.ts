// The src/device bridge against a real Appium 3 + the device twin: fleet, observations,
// permitted-only execution, S-Bus stale refusal with two agents on one device, reconnects and
// clear errors for missing devices and endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuiAction } from '../../../src/core/protocol/schema';
import { LiveGate } from '../../../src/device/live-gate';
import { engine } from '../../helpers/engine';
import { DeviceExecutor, DeviceFleet, createPermitAuthority, freePort, refusalDecision, type PermittedAction } from '../../../src/device';

let fleet: DeviceFleet;
let executor: DeviceExecutor;
const permits = createPermitAuthority();
let n = 0;

function permit(agent: string, device: string, gui: GuiAction): PermittedAction {
  const eventId = `ev-${++n}`;
  return permits.mint({ eventId, session: 's1', agent, device, channel: 'gui', gui, decision: { decision: 'allow', event: eventId, ruleset: 'test' } });
}
const run = (agent: string, device: string, gui: GuiAction) => executor.execute(permit(agent, device, gui));
const oracle = (device: string) => fleet.device(device).mobile<any>('twinOracle', {}, 'read');

beforeAll(async () => {
  fleet = await DeviceFleet.start({
    endpoint: { kind: 'local', allowInsecure: ['devicetwin:adb_shell'] },
    devices: [
      { id: 'bridge-1', capabilities: { 'appium:twinReset': true } },
      { id: 'bridge-2', capabilities: { 'appium:twinReset': true } },
      { id: 'missing-3' },
      { id: 'emu-1', udid: 'emulator-5554', automationName: 'UiAutomator2', systemPort: 8201 },
    ],
    commandTimeoutMs: 15_000,
  });
  executor = new DeviceExecutor(fleet, permits.verifier, { sandboxDevice: 'bridge-2' });
});

afterAll(async () => {
  await fleet?.stop();
});

describe('fleet', () => {
  it('connects every device and reports the missing one clearly', () => {
    const st = Object.fromEntries(fleet.status().map((s) => [s.id, s]));
    expect(st['bridge-1'].state).toBe('connected');
    expect(st['bridge-2'].state).toBe('connected');
    expect(st['missing-3'].state).toBe('error');
    expect(st['missing-3'].error?.code).toBe('device_missing');
    expect(() => fleet.device('missing-3')).toThrow(/missing-3/);
    expect(() => fleet.device('nope')).toThrow(/no device 'nope'/);
  });

  it('says how to get UiAutomator2 when a real-device spec has no driver', () => {
    const emu = fleet.status().find((s) => s.id === 'emu-1')!;
    expect(emu.state).toBe('error');
    expect(emu.error?.code).toBe('device_missing');
    expect(emu.error?.message).toMatch(/no driver for automationName 'UiAutomator2'.*appium-uiautomator2-driver/s);
  });

  it('reports an unreachable external endpoint as appium_unavailable', async () => {
    const port = await freePort();
    const dead = await DeviceFleet.start({ endpoint: { kind: 'appium', url: `http://127.0.0.1:${port}` }, devices: [{ id: 'x' }], connectTimeoutMs: 5000 });
    try {
      expect(dead.status()[0].error?.code).toBe('appium_unavailable');
    } finally {
      await dead.stop();
    }
  });

  it('shards local devices over several Appium servers', async () => {
    const sharded = await DeviceFleet.start({ endpoint: { kind: 'local', servers: 2 }, devices: [{ id: 'shard-1' }, { id: 'shard-2' }, { id: 'shard-3' }] });
    try {
      expect(sharded.urls).toHaveLength(2);
      expect(sharded.status().map((s) => s.state)).toEqual(['connected', 'connected', 'connected']);
      const screens = await Promise.all(['shard-1', 'shard-2', 'shard-3'].map((id) => sharded.device(id).readScreen()));
      expect(screens.every((s) => s.observe.foreground === 'com.google.android.apps.nexuslauncher')).toBe(true);
    } finally {
      await sharded.stop();
    }
  });

  it('reconnects a lost session: reads are retried, actions are not replayed', async () => {
    const s = fleet.device('bridge-2');
    const old = s.sessionId!;
    await fetch(`${fleet.url.replace(/\/$/, '')}/session/${old}`, { method: 'DELETE' });
    const screen = await s.readScreen();
    expect(screen.version).toMatch(/^[0-9a-f]{16}$/);
    expect(s.sessionId).not.toBe(old);
    await fetch(`${fleet.url.replace(/\/$/, '')}/session/${s.sessionId}`, { method: 'DELETE' });
    const r = await run('agent-x', 'bridge-2', { op: 'home' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('session_lost');
    const again = await run('agent-x', 'bridge-2', { op: 'home' });
    expect(again.ok).toBe(true);
  });
});

describe('executor', () => {
  it('executes only tokens minted by the gate, once', async () => {
    const forged = { eventId: 'f1', agent: 'a', session: 's', device: 'bridge-1', channel: 'gui', gui: { op: 'home' }, ruleset: 'x', mintedAt: 0 } as unknown as PermittedAction;
    const r1 = await executor.execute(forged);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.code).toBe('not_permitted');
    const p = permit('a', 'bridge-1', { op: 'home' });
    expect((await executor.execute(p)).ok).toBe(true);
    const replay = await executor.execute(p);
    expect(replay.ok).toBe(false);
    if (!replay.ok) expect(replay.reason).toMatch(/already executed/);
    expect(() => permits.mint({ eventId: 'd1', session: 's', agent: 'a', device: 'bridge-1', channel: 'gui', gui: { op: 'home' }, decision: { decision: 'deny', event: 'd1', ruleset: 'x' } })).toThrow(/not_permitted/);
    expect(() => permits.mint({ eventId: 'q1', session: 's', agent: 'a', device: 'bridge-1', channel: 'gui', gui: { op: 'home' }, decision: { decision: 'ask', event: 'q1', ruleset: 'x' } })).toThrow(/not approved/);
  });

  it('turns screens into observations and completes a GUI task', async () => {
    const launched = await run('alice', 'bridge-1', { op: 'launch_app', app: 'com.google.android.gm' });
    expect(launched.ok).toBe(true);
    if (!launched.ok) return;
    expect(launched.observe.foreground).toBe('com.google.android.gm');
    expect(launched.observe.texts).toContain('Compose');
    expect(launched.observe.texts?.some((t) => t.includes('Q3 planning'))).toBe(true);
    expect((await run('alice', 'bridge-1', { op: 'tap', app: 'com.google.android.gm', target: { text: 'Compose' } })).ok).toBe(true);
    const typed = await run('alice', 'bridge-1', { op: 'type', target: { resourceId: 'to' }, text: 'carol.nguyen@acme.example' });
    expect(typed.ok && typed.observe.fields?.['com.google.android.gm:id/to']).toBe('carol.nguyen@acme.example');
    await run('alice', 'bridge-1', { op: 'type', target: { resourceId: 'com.google.android.gm:id/subject' }, text: 'Agenda' });
    await run('alice', 'bridge-1', { op: 'type', target: { resourceId: 'body' }, text: 'Thursday 10am' });
    const sent = await run('alice', 'bridge-1', { op: 'tap', target: { contentDesc: 'Send' } });
    expect(sent.ok).toBe(true);
    expect((await oracle('bridge-1')).emailsSent).toEqual([{ to: ['carol.nguyen@acme.example'], cc: [], subject: 'Agenda', body: 'Thursday 10am' }]);
  });

  it('describes point targets for the gate and taps by point', async () => {
    await run('alice', 'bridge-1', { op: 'launch_app', app: 'com.android.contacts' });
    const screen = await executor.currentScreen('bridge-1');
    const fab = screen.nodes.find((x) => x.text === 'Create contact')!;
    const point = { x: fab.bounds[0] + 10, y: fab.bounds[1] + 10 };
    const described = executor.describeTarget(screen, { point });
    expect(described).toMatchObject({ point, text: 'Create contact', resourceId: 'com.android.contacts:id/floating_action_button' });
    const r = await run('alice', 'bridge-1', { op: 'tap', target: { point } });
    expect(r.ok && r.observe.texts).toContain('Create contact');
    expect(r.ok && r.hit?.text).toBe('Create contact');
    await run('alice', 'bridge-1', { op: 'back' });
  });

  it('refuses a commit built on a stale screen when two agents share a device', async () => {
    // both agents read the same screen
    const a = await run('agent-a', 'bridge-1', { op: 'read_screen' });
    const b = await run('agent-b', 'bridge-1', { op: 'read_screen' });
    expect(a.ok && b.ok && a.version === b.version).toBe(true);
    // agent A opens a contact: the screen changes
    const tapA = await run('agent-a', 'bridge-1', { op: 'tap', target: { text: 'Alice Johnson' } });
    expect(tapA.ok).toBe(true);
    // agent B's tap was computed on the old list: refused, never lands
    const tapB = await run('agent-b', 'bridge-1', { op: 'tap', target: { text: 'Bob Martinez' } });
    expect(tapB.ok).toBe(false);
    if (tapB.ok) return;
    expect(tapB.code).toBe('stale_observation');
    expect(tapB.reason).toMatch(/read_screen again/);
    expect(tapB.observedVersion).toBe(b.ok ? b.version : '');
    const decision = refusalDecision(tapB, 'rev1');
    expect(decision).toMatchObject({ decision: 'deny', code: 'stale_observation', rules: ['device.stale_observation'] });
    // A's own next action is fine (A saw the screen its tap produced)
    expect((await run('agent-a', 'bridge-1', { op: 'back' })).ok).toBe(true);
    // B re-reads and acts on the current screen
    await run('agent-b', 'bridge-1', { op: 'read_screen' });
    const retry = await run('agent-b', 'bridge-1', { op: 'tap', target: { text: 'Bob Martinez' } });
    expect(retry.ok && retry.observe.texts).toContain('+1 650-555-0178');
    await run('agent-b', 'bridge-1', { op: 'back' });
  });

  it('refuses when the screen changed by itself (incoming SMS) since the agent looked', async () => {
    await run('solo', 'bridge-1', { op: 'launch_app', app: 'com.google.android.apps.messaging' });
    await fleet.device('bridge-1').mobile('twinInject', { item: { kind: 'sms', from: '+1 555-0199', body: 'Reply STOP to 77777' } });
    const r = await run('solo', 'bridge-1', { op: 'tap', target: { text: 'Alice Johnson' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('stale_observation');
  });

  it('refuses an action decided for another app than the one in front', async () => {
    await run('solo', 'bridge-1', { op: 'read_screen' });
    const r = await run('solo', 'bridge-1', { op: 'tap', app: 'com.venmo', target: { text: 'Pay' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('app_mismatch');
  });

  it('reports targets that are not on screen', async () => {
    await run('solo', 'bridge-1', { op: 'read_screen' });
    const r = await run('solo', 'bridge-1', { op: 'tap', target: { text: 'No such button' } });
    expect(!r.ok && r.code).toBe('target_not_found');
  });

  it('refuses, with the reason, to run a plan\'s GUI step when the plan named no device', async () => {
    const gate = new LiveGate({ engine: engine(), executor, permits });
    const r = await gate.submit({ v: 1, session: 'nd', agent: 'a', channel: 'llm', llm: { steps: [{ channel: 'gui', gui: { op: 'home' } }] } });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.steps[0].decided.decision.decision).toBe('allow');
      expect(r.steps[0].executed).toBe(false);
      expect(r.steps[0].final.code).toBe('unknown_device');
      expect(r.steps[0].final.reason).toMatch(/needs a device/);
    }
  });

  it('scrolls, long-presses, presses keys and goes home', async () => {
    for (let i = 0; i < 10; i++) await fleet.device('bridge-1').mobile('twinInject', { item: { kind: 'sms', from: `+1 555-02${i}0`, body: `Promo ${i}` } });
    await run('solo', 'bridge-1', { op: 'read_screen' });
    const before = await executor.currentScreen('bridge-1');
    const sc = await run('solo', 'bridge-1', { op: 'scroll', direction: 'down' });
    expect(sc.ok && sc.version !== before.version).toBe(true);
    const up = await run('solo', 'bridge-1', { op: 'swipe', direction: 'down' });
    expect(up.ok).toBe(true);
    const lp = await run('solo', 'bridge-1', { op: 'long_press', target: { text: 'Alice Johnson' } });
    expect(lp.ok && lp.observe.texts).toContain('1 selected');
    expect((await run('solo', 'bridge-1', { op: 'key', key: 'BACK' })).ok).toBe(true);
    const home = await run('solo', 'bridge-1', { op: 'home' });
    expect(home.ok && home.observe.foreground).toBe('com.google.android.apps.nexuslauncher');
  });

  it('executes API and tool actions in the twin sandbox, observed for provenance', async () => {
    const id = `ev-${++n}`;
    const tool = permits.mint({ eventId: id, session: 's1', agent: 'a', channel: 'tool', tool: { name: 'list_contacts', arguments: {} }, decision: { decision: 'allow', event: id, ruleset: 'x' } });
    const r = await executor.execute(tool);
    expect(r.ok && JSON.stringify(r.observe.result)).toContain('+1 415-555-0132');
    const id2 = `ev-${++n}`;
    const api = permits.mint({ eventId: id2, session: 's1', agent: 'a', channel: 'api', api: { method: 'POST', url: 'https://hooks.example.net/x', body: { a: 1 } }, decision: { decision: 'allow', event: id2, ruleset: 'x' } });
    expect((await executor.execute(api)).ok).toBe(true);
    expect((await oracle('bridge-2')).http.at(-1)).toMatchObject({ method: 'POST', host: 'hooks.example.net' });
  });
});
