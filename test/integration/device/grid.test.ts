// The Grid path: a Selenium Grid 4 hub with one relay node in front of Appium + the device twin.
// The fleet talks only to the hub; sessions are routed to the relay node and executed on the twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceExecutor, DeviceFleet, createPermitAuthority, startLocalAppium, type LocalAppium } from '../../../src/device';
import { startGrid, type LocalGrid } from './grid';

let appium: LocalAppium | undefined;
let grid: LocalGrid | undefined;
let fleet: DeviceFleet | undefined;

beforeAll(async () => {
  appium = await startLocalAppium();
  grid = await startGrid(appium.url, { platformName: 'Android', 'appium:automationName': 'DeviceTwin', 'appium:platformVersion': '15' }, 4);
  fleet = await DeviceFleet.start({
    endpoint: { kind: 'grid', url: grid.url },
    devices: [
      { id: 'grid-twin-1', capabilities: { 'appium:twinReset': true } },
      { id: 'grid-twin-2', capabilities: { 'appium:twinReset': true } },
    ],
    connectTimeoutMs: 60_000,
  });
}, 180_000);

afterAll(async () => {
  await fleet?.stop().catch(() => {});
  await grid?.stop();
  await appium?.stop();
}, 60_000);

describe('Selenium Grid 4 hub + Appium relay node', () => {
  it('routes sessions for two devices through the hub', () => {
    const st = fleet!.status();
    expect(st.map((s) => s.state), JSON.stringify(st) + grid!.log().slice(-1500)).toEqual(['connected', 'connected']);
    expect(fleet!.url).toBe(`${grid!.url}/`);
  });

  it('executes permitted actions on the twin behind the grid and observes the result', async () => {
    const permits = createPermitAuthority();
    const ex = new DeviceExecutor(fleet!, permits.verifier);
    let i = 0;
    const act = (gui: Parameters<typeof permits.mint>[0]['gui']) => {
      const eventId = `g${++i}`;
      return ex.execute(permits.mint({ eventId, session: 's', agent: 'grid-agent', device: 'grid-twin-1', channel: 'gui', gui, decision: { decision: 'allow', event: eventId, ruleset: 'r' } }));
    };
    const opened = await act({ op: 'launch_app', app: 'com.google.android.calendar' });
    expect(opened.ok && opened.observe.foreground).toBe('com.google.android.calendar');
    expect(opened.ok && opened.observe.texts).toContain('Dentist appointment');
    expect((await act({ op: 'tap', target: { text: 'Create new event' } })).ok).toBe(true);
    expect((await act({ op: 'type', target: { resourceId: 'title' }, text: 'Grid sync' })).ok).toBe(true);
    const saved = await act({ op: 'tap', target: { text: 'Save' } });
    expect(saved.ok && saved.observe.texts).toContain('Grid sync');
    const oracle = await fleet!.device('grid-twin-1').mobile<any>('twinOracle', {}, 'read');
    expect(oracle.created).toEqual([expect.objectContaining({ kind: 'event', name: 'Grid sync' })]);
    // the other device behind the same node is independent
    const other = await fleet!.device('grid-twin-2').readScreen();
    expect(other.observe.foreground).toBe('com.google.android.apps.nexuslauncher');
  });
});
