// Device path: (1) gate overhead per device action as a ratio to the raw Appium round trip, both
// measured in this run against the same Appium + device twin; (2) a fleet of 8 twins driven at
// once by 8 agents through the full gated path.
import type { PolicyEngine } from '../src/core/engine/engine';
import type { Clock } from '../src/core/engine/ports';
import { shippedGate } from './shipped-gate';
import { measure } from './gate.bench';
import { workloadCases } from './workload';
import type { ActionRequest, GuiAction } from '../src/core/protocol/schema';
import { DeviceExecutor, DeviceFleet, createPermitAuthority } from '../src/device';
import { commands } from '../src/device/session';
import { LiveGate } from '../src/device/live-gate';
import type { BenchSuite } from './registry';
import { fmt, summarize } from './stats';

const clock: Clock = { now: () => Date.now(), micros: () => Math.round(performance.now() * 1000) };
const ROUNDS = Number(process.env.AGENTFLOW_BENCH_DEVICE_ROUNDS ?? 100);
const FLEET = 8;
const FLEET_ROUNDS = Number(process.env.AGENTFLOW_BENCH_FLEET_ROUNDS ?? 15);

/** An engine whose evaluate/commit time is accumulated (the gate's share of an action). */
function timedEngine(engine: PolicyEngine) {
  const t = { ms: 0, evaluate: 0, commit: 0, mint: 0 };
  const proxy = {
    get revision() {
      return engine.revision;
    },
    evaluate: (...a: Parameters<PolicyEngine['evaluate']>) => {
      const s = performance.now();
      try {
        return engine.evaluate(...a);
      } finally {
        t.ms += performance.now() - s;
        t.evaluate += performance.now() - s;
      }
    },
    commit: (...a: Parameters<PolicyEngine['commit']>) => {
      const s = performance.now();
      try {
        return engine.commit(...a);
      } finally {
        t.ms += performance.now() - s;
        t.commit += performance.now() - s;
      }
    },
    outcome: (agent: string, ok: boolean) => engine.outcome(agent, ok),
  };
  return { proxy, t };
}

export const suite: BenchSuite = {
  name: 'device path (Appium + twin)',
  async run(log) {
    // The gate as shipped (bundled), like the gate latency suite.
    const gate = await shippedGate();
    const { loadPack, PolicyEngine, counterIds } = gate;
    const loaded = loadPack();
    if (!loaded.ok) throw new Error('default pack does not compile');
    // A control plane that has been serving traffic: warm the gate on the public workload first,
    // so the ratio compares steady states (Appium is warmed by its own first actions too).
    measure(gate, loaded.pack, workloadCases(), 20);
    const pack = loaded.pack;
    const fleet = await DeviceFleet.start({ endpoint: { kind: 'local' }, devices: [{ id: 'bench-twin-1', capabilities: { 'appium:twinReset': true } }], commandTimeoutMs: 30_000 });
    try {
      const down = fleet.status().filter((s) => s.state !== 'connected');
      if (down.length) throw new Error(`bench devices not connected: ${JSON.stringify(down)}`);

      // ---- (1) one device: raw Appium round trip vs the gate's share of a gated action ----
      const dev = fleet.device('bench-twin-1');
      await dev.mobile('activateApp', { appId: 'com.android.contacts' });
      const screen = await dev.readScreen();
      const row = screen.nodes.find((n) => n.text === 'Alice Johnson')!;
      const [x1, y1, x2, y2] = row.bounds;
      const cx = Math.round((x1 + x2) / 2);
      const cy = Math.round((y1 + y2) / 2);
      const raw: number[] = [];
      const rawFind: number[] = [];
      const rawObserved: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        let s = performance.now();
        await dev.run('raw tap', 'act', (b) => commands.tap(b, cx, cy));
        raw.push(performance.now() - s);
        s = performance.now();
        await dev.run('raw back', 'act', (b) => b.back());
        raw.push(performance.now() - s);
        // the usual client-side way to tap an element: find it, click it
        s = performance.now();
        await dev.run('raw find + click', 'act', async (b) => b.elementClick(await commands.find(b, { using: 'xpath', value: '//*[@text="Alice Johnson"]' })));
        rawFind.push(performance.now() - s);
        await dev.run('raw back', 'act', (b) => b.back());
        // the same pair with the reads a provenance-recording bridge needs (screen before + after)
        s = performance.now();
        await dev.run('raw source', 'read', (b) => b.getPageSource());
        await dev.run('raw tap', 'act', (b) => commands.tap(b, cx, cy));
        await dev.run('raw source', 'read', (b) => b.getPageSource());
        rawObserved.push(performance.now() - s);
        s = performance.now();
        await dev.run('raw source', 'read', (b) => b.getPageSource());
        await dev.run('raw back', 'act', (b) => b.back());
        await dev.run('raw source', 'read', (b) => b.getPageSource());
        rawObserved.push(performance.now() - s);
      }

      const engine = new PolicyEngine({ pack, clock, ids: counterIds('bench') });
      const { proxy, t } = timedEngine(engine);
      const authority = createPermitAuthority();
      const executor = new DeviceExecutor(fleet, authority.verifier);
      // minting the permit token is gate work too: timed with evaluate
      const permits = {
        verifier: authority.verifier,
        mint: (input: Parameters<typeof authority.mint>[0]) => {
          const s = performance.now();
          try {
            return authority.mint(input);
          } finally {
            t.ms += performance.now() - s;
            t.mint += performance.now() - s;
          }
        },
      };
      const gate = new LiveGate({ engine: proxy, executor, permits });
      let n = 0;
      const req = (gui: GuiAction, agent = 'bench-agent', device = 'bench-twin-1'): ActionRequest => ({ v: 1, session: `bench-${agent}`, agent, device, channel: 'gui', gui, id: `b${++n}` });
      await gate.submit(req({ op: 'read_screen' }));
      const gated: number[] = [];
      const gateShare: number[] = [];
      const decisionShare: number[] = [];
      const execShare: number[] = [];
      const evalShare: number[] = [];
      const commitShare: number[] = [];
      const mintShare: number[] = [];
      const deviceShare: number[] = [];
      let refused = 0;
      for (let i = 0; i < ROUNDS; i++) {
        for (const gui of [{ op: 'tap', target: { text: 'Alice Johnson' } }, { op: 'back' }] as GuiAction[]) {
          const before = t.ms;
          const beforeCommit = t.commit;
          const beforeEval = t.evaluate;
          const beforeMint = t.mint;
          const s = performance.now();
          const r = await gate.submit(req(gui));
          const total = performance.now() - s;
          gated.push(total);
          const step = r.ok ? r.steps[0] : undefined;
          if (!step?.executed) refused++;
          const dMs = step?.result?.ok ? step.result.timings.deviceMs : 0;
          const execOverhead = step?.result?.ok ? step.result.timings.totalMs - step.result.timings.deviceMs : 0;
          gateShare.push(t.ms - before + execOverhead);
          decisionShare.push(t.ms - before - (t.commit - beforeCommit) + execOverhead);
          execShare.push(execOverhead);
          evalShare.push(t.evaluate - beforeEval);
          commitShare.push(t.commit - beforeCommit);
          mintShare.push(t.mint - beforeMint);
          deviceShare.push(dMs);
        }
      }
      const rs = summarize(raw);
      const ro = summarize(rawObserved);
      const gs = summarize(gateShare);
      const es = summarize(gated);
      const rf = summarize(rawFind);
      log(`raw Appium round trip (pointer tap / back, ${raw.length} actions):   p50 ${fmt(rs.p50, 2)} ms  p90 ${fmt(rs.p90, 2)} ms  p99 ${fmt(rs.p99, 2)} ms  mean ${fmt(rs.mean, 2)} ms`);
      log(`raw Appium find + click of an element (${rawFind.length}):        p50 ${fmt(rf.p50, 2)} ms  p99 ${fmt(rf.p99, 2)} ms`);
      const ds = summarize(decisionShare);
      log(`gate decision path per action (evaluate + permit + S-Bus check): p50 ${fmt(ds.p50 * 1000, 0)} µs  p99 ${fmt(ds.p99 * 1000, 0)} µs  mean ${fmt(ds.mean * 1000, 0)} µs`);
      log(`  + provenance commit of the observed screen:                     p50 ${fmt(gs.p50 * 1000, 0)} µs  p99 ${fmt(gs.p99 * 1000, 0)} µs  mean ${fmt(gs.mean * 1000, 0)} µs`);
      const p50 = (xs: number[]) => fmt(summarize(xs).p50 * 1000, 0);
      log(`  p50 split: engine.evaluate ${p50(evalShare)} µs, permit mint ${p50(mintShare)} µs, engine.commit ${p50(commitShare)} µs, executor (permit check, S-Bus check, target resolution) ${p50(execShare)} µs`);
      log(`gate overhead / raw round trip: decision path p50 ${fmt((ds.p50 / rs.p50) * 100, 2)}% (mean ${fmt((ds.mean / rs.mean) * 100, 2)}%); with provenance commit p50 ${fmt((gs.p50 / rs.p50) * 100, 2)}% (mean ${fmt((gs.mean / rs.mean) * 100, 2)}%)   (goal ≤ 5%)`);
      log(`gate overhead / raw find + click:   decision path p50 ${fmt((ds.p50 / rf.p50) * 100, 2)}%; with provenance commit p50 ${fmt((gs.p50 / rf.p50) * 100, 2)}%`);
      log(`end to end gated action (screen read, gate, act, observe): p50 ${fmt(es.p50, 2)} ms  p99 ${fmt(es.p99, 2)} ms; raw action with the same reads: p50 ${fmt(ro.p50, 2)} ms → ${fmt((es.p50 / ro.p50 - 1) * 100, 1)}% over`);
      log(`  (gated actions refused: ${refused}; device time inside gated actions p50 ${fmt(summarize(deviceShare).p50, 2)} ms)`);

      // Why evaluate costs more here than in the gate latency suite: the same evaluate right after
      // a screen read (as in the gated path), then once more at once (a second request id).
      const shadow = new PolicyEngine({ pack, clock, ids: counterIds('cold') });
      const cold: number[] = [];
      const warm: number[] = [];
      const paused: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const seen = await dev.readScreen();
        const request = req({ op: 'tap', target: executor.describeTarget(seen, { text: 'Alice Johnson' }) }, 'cold-agent');
        let s = performance.now();
        shadow.evaluate(request, { screen: seen.observe });
        cold.push(performance.now() - s);
        s = performance.now();
        shadow.evaluate({ ...request, id: `${request.id}-again` }, { screen: seen.observe });
        warm.push(performance.now() - s);
        // the same evaluate after a pause as long as a raw round trip in which nothing else runs here
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.round(rs.p50))));
        s = performance.now();
        shadow.evaluate({ ...request, id: `${request.id}-paused` }, { screen: seen.observe });
        paused.push(performance.now() - s);
      }
      log(`  engine.evaluate of a tap right after a screen read: p50 ${p50(cold)} µs; the same evaluate repeated at once: p50 ${p50(warm)} µs; after an idle ${fmt(Math.max(1, Math.round(rs.p50)), 0)} ms timer instead: p50 ${p50(paused)} µs`);
      log('  (the difference is CPU caches refilling after any pause of a round trip\'s length, with or without Appium running: the machine, not gate work)');

    } finally {
      await fleet.stop();
    }

    // ---- (2) a fleet of 8 twins driven at once (one Appium, then the devices sharded over two) ----
    const plan: GuiAction[] = [{ op: 'launch_app', app: 'com.android.contacts' }, { op: 'tap', target: { text: 'Bob Martinez' } }, { op: 'back' }, { op: 'home' }];
    let m = 0;
    const drive = async (gate: LiveGate, device: string, rounds: number, lat: number[]) => {
      for (let r = 0; r < rounds; r++) {
        for (const gui of plan) {
          const s = performance.now();
          const res = await gate.submit({ v: 1, session: `fleet-${device}`, agent: `agent-${device}`, device, channel: 'gui', gui, id: `f${++m}` });
          lat.push(performance.now() - s);
          if (!res.ok || !res.steps[0].executed) throw new Error(`fleet action refused on ${device}: ${JSON.stringify(res)}`);
        }
      }
    };
    let oneRate = 0;
    for (const servers of [1, 2]) {
      const devices = Array.from({ length: FLEET }, (_, i) => ({ id: `fleet-twin-${i + 1}`, capabilities: { 'appium:twinReset': true } }));
      const fl = await DeviceFleet.start({ endpoint: { kind: 'local', servers }, devices, commandTimeoutMs: 60_000 });
      try {
        const down = fl.status().filter((x) => x.state !== 'connected');
        if (down.length) throw new Error(`fleet devices not connected: ${JSON.stringify(down)}`);
        const permits = createPermitAuthority();
        const gate = new LiveGate({ engine: new PolicyEngine({ pack, clock, ids: counterIds(`fleet${servers}`) }), executor: new DeviceExecutor(fl, permits.verifier), permits });
        if (servers === 1) {
          const single: number[] = [];
          const s = performance.now();
          await drive(gate, 'fleet-twin-1', FLEET_ROUNDS, single);
          const sec = (performance.now() - s) / 1000;
          oneRate = single.length / sec;
          log(`1 device:  ${single.length} gated actions in ${fmt(sec, 2)} s = ${fmt(oneRate, 0)} actions/s`);
        }
        const all: number[] = [];
        const s = performance.now();
        await Promise.all(devices.map((d) => drive(gate, d.id, FLEET_ROUNDS, all)));
        const sec = (performance.now() - s) / 1000;
        const st = summarize(all);
        const rate = all.length / sec;
        log(`${FLEET} devices at once on ${servers} Appium server${servers > 1 ? 's' : ''}: ${all.length} gated actions in ${fmt(sec, 2)} s = ${fmt(rate, 0)} actions/s (x${fmt(rate / oneRate, 2)} vs one device); per action p50 ${fmt(st.p50, 2)} ms p99 ${fmt(st.p99, 2)} ms`);
      } finally {
        await fl.stop();
      }
    }
  },
};
