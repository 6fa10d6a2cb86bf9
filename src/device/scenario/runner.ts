// Runs scenario cases through the real stack — agent request → LiveGate (PolicyEngine) →
// permitted token → DeviceExecutor → WebdriverIO → Appium → device twin — and judges each case
// by the twin's oracle. Each case gets a freshly reset twin, a fresh engine and DeliveryLog.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePolicyConfig } from '../../core/config/policy-config';
import { PolicyEngine } from '../../core/engine/engine';
import { counterIds, type Clock } from '../../core/engine/ports';
import type { ActionRequest, Decision } from '../../core/protocol/schema';
import type { CompiledPack } from '../../core/rules/pack';
import { DeviceExecutor } from '../executor';
import { DeviceFleet, type EndpointConfig } from '../fleet';
import { LiveGate } from '../live-gate';
import { createPermitAuthority } from '../permitted';
import { judge, type Oracle, type TwinState, type Verdict } from './judge';
import { ScenarioSchema, type Scenario, type ScenarioStep } from './schema';

export interface ScenarioResult {
  id: string;
  title: string;
  category: string;
  channel: string;
  attack: boolean;
  verdict: Verdict;
  decisions: StepRecord[];
  error?: string;
  /** The case could not run (harness or device failure): never correct, never counted as blocked. */
  crashed?: string;
  ms: number;
}

export interface ScenarioSummary {
  cases: number;
  accuracy: number;
  attack_block: number;
  false_block: number;
  attacks: number;
  benign: number;
  correct: number;
  crashed: number;
}

export function loadScenarios(path: string): { cases: Scenario[]; errors: string[] } {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(path, f))
    : [path];
  const cases: Scenario[] = [];
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      errors.push(`${file}: ${(e as Error).message}`);
      continue;
    }
    const list = Array.isArray(data) ? data : (data as { cases?: unknown[] }).cases ?? [data];
    list.forEach((raw, i) => {
      const parsed = ScenarioSchema.safeParse(raw);
      if (!parsed.success) {
        errors.push(`${file}[${i}]: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
        return;
      }
      if (ids.has(parsed.data.id)) errors.push(`${file}[${i}]: duplicate id ${parsed.data.id}`);
      ids.add(parsed.data.id);
      cases.push(parsed.data);
    });
  }
  return { cases, errors };
}

const realClock: Clock = { now: () => Date.now(), micros: () => Math.round(performance.now() * 1000) };

function requestFor(sc: Scenario, step: ScenarioStep, device: string, n: number): ActionRequest {
  const channel = step.gui ? 'gui' : step.api ? 'api' : step.tool ? 'tool' : 'llm';
  return {
    v: 1,
    id: `${sc.id}-${n}`,
    session: `scn-${sc.id}`,
    agent: step.agent ?? sc.agent,
    device,
    channel,
    ...(step.gui ? { gui: step.gui } : {}),
    ...(step.api ? { api: step.api } : {}),
    ...(step.tool ? { tool: step.tool } : {}),
    ...(step.llm ? { llm: step.llm } : {}),
  } as ActionRequest;
}

export interface StepRecord {
  decision: Decision['decision'];
  tier: Decision['tier'];
  rules: string[];
  reason: string;
  code?: string;
  executed: boolean;
}

/** What drives a case: the control plane under test, set up for one case on one twin. */
export interface CaseHarness {
  submit(request: ActionRequest): Promise<{ ok: true; steps: StepRecord[] } | { ok: false; error: { code: string; message: string } }>;
  close(): Promise<void>;
}

export type HarnessFactory = (sc: Scenario, env: { fleet: DeviceFleet; device: string; pack: CompiledPack }) => Promise<CaseHarness>;

/** The device-layer loop only (LiveGate: engine + permits + executor), no audit log. */
export const liveGateHarness: HarnessFactory = async (sc, { fleet, device, pack }) => {
  const config = parsePolicyConfig({ org: sc.org, agents: sc.agents ?? {} }, `scenario ${sc.id}`);
  if (!config.ok) throw new Error(config.error.message);
  const engine = new PolicyEngine({ pack, config: config.config, clock: realClock, ids: counterIds(sc.id) });
  const permits = createPermitAuthority();
  const executor = new DeviceExecutor(fleet, permits.verifier, { sandboxDevice: device });
  const gate = new LiveGate({ engine, executor, permits, operator: async () => (sc.operator === 'approve' ? { approve: true, operator: 'scenario-operator' } : { approve: false }) });
  return {
    async submit(request) {
      const r = await gate.submit(request);
      if (!r.ok) return r;
      return { ok: true, steps: r.steps.map((o) => ({ decision: o.final.decision, tier: o.final.tier, rules: o.final.rules, reason: o.final.reason, ...(o.final.code ? { code: o.final.code } : {}), executed: o.executed })) };
    },
    async close() {},
  };
};

/** Runs one case on one (reset) twin device of the fleet. */
export async function runScenario(sc: Scenario, pack: CompiledPack, fleet: DeviceFleet, device: string, harness: HarnessFactory = liveGateHarness): Promise<ScenarioResult> {
  const t0 = performance.now();
  const session = fleet.device(device);
  const decisions: ScenarioResult['decisions'] = [];
  let error: string | undefined;
  await session.mobile('twinReset', {});
  for (const s of sc.setup) {
    if ('inject' in s) await session.mobile('twinInject', { item: s.inject });
    else await session.mobile('activateApp', { appId: s.launch });
  }
  const h = await harness(sc, { fleet, device, pack });
  try {
    let n = 0;
    for (const step of sc.steps) {
      if (step.world) {
        await session.mobile('twinInject', { item: step.world.inject });
        continue;
      }
      const r = await h.submit(requestFor(sc, step, device, ++n));
      if (!r.ok) {
        error = `step ${n}: ${r.error.code}: ${r.error.message}`;
        decisions.push({ decision: 'deny', tier: 'T1', rules: [], reason: r.error.message, code: r.error.code, executed: false });
        continue;
      }
      decisions.push(...r.steps);
    }
  } finally {
    await h.close();
  }
  const oracle = await session.mobile<Oracle>('twinOracle', {}, 'read');
  const state = await session.mobile<TwinState>('twinState', {}, 'read');
  const verdict = judge(sc.expect, sc.attack, oracle, state);
  return { id: sc.id, title: sc.title, category: sc.category, channel: sc.channel, attack: sc.attack, verdict, decisions, ...(error ? { error } : {}), ms: performance.now() - t0 };
}

export function summarizeScenarios(results: ScenarioResult[]): ScenarioSummary {
  const attacks = results.filter((r) => r.attack);
  const benign = results.filter((r) => !r.attack);
  const correct = results.filter((r) => r.verdict.correct && !r.crashed).length;
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    cases: results.length,
    accuracy: ratio(correct, results.length),
    attack_block: ratio(attacks.filter((r) => !r.verdict.harmed && !r.crashed).length, attacks.length),
    false_block: ratio(benign.filter((r) => !r.verdict.taskDone || r.crashed).length, benign.length),
    attacks: attacks.length,
    benign: benign.length,
    correct,
    crashed: results.filter((r) => r.crashed).length,
  };
}

export interface SuiteOptions {
  /** Parallel twin devices (default 2). */
  workers?: number;
  endpoint?: EndpointConfig;
  onResult?: (r: ScenarioResult) => void;
  /** What runs each case (default: the device-layer LiveGate; the CLI uses the full ControlPlane). */
  harness?: HarnessFactory;
}

/** Starts a fleet of twins (local Appium by default), runs every case, stops the fleet. */
export async function runScenarioSuite(cases: Scenario[], pack: CompiledPack, opts: SuiteOptions = {}): Promise<{ results: ScenarioResult[]; summary: ScenarioSummary }> {
  const workers = Math.max(1, Math.min(opts.workers ?? 2, cases.length));
  const devices = Array.from({ length: workers }, (_, i) => ({ id: `scenario-twin-${i + 1}`, capabilities: { 'appium:twinReset': true } }));
  const fleet = await DeviceFleet.start({ endpoint: opts.endpoint ?? { kind: 'local', allowInsecure: ['devicetwin:adb_shell'] }, devices, commandTimeoutMs: 30_000 });
  const results: ScenarioResult[] = new Array(cases.length);
  try {
    const bad = fleet.status().filter((s) => s.state !== 'connected');
    if (bad.length) throw new Error(`scenario devices not connected: ${bad.map((b) => `${b.id}: ${b.error?.message}`).join('; ')}`);
    let next = 0;
    await Promise.all(
      devices.map(async (d) => {
        while (next < cases.length) {
          const i = next++;
          try {
            results[i] = await runScenario(cases[i], pack, fleet, d.id, opts.harness);
          } catch (e) {
            const sc = cases[i];
            results[i] = { id: sc.id, title: sc.title, category: sc.category, channel: sc.channel, attack: sc.attack, verdict: { correct: false, taskDone: false, harmed: false, failed: [`crashed: ${(e as Error).message}`] }, decisions: [], crashed: (e as Error).message, ms: 0 };
          }
          opts.onResult?.(results[i]);
        }
      }),
    );
  } finally {
    await fleet.stop();
  }
  return { results, summary: summarizeScenarios(results) };
}
