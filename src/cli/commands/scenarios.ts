// `agentflow scenarios [DIR|FILE] [--json] [--workers N] [--rules DIR] [--only ID]`: the live
// scenario suite — every case runs agent → gate → Appium → device twin and is judged by the
// twin's oracle. With --json the last stdout line is {"cases","accuracy","attack_block","false_block"}.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ControlPlane } from '../../app/control-plane';
import { loadPack, PROJECT_ROOT } from '../../app/pack-loader';
import { formatPackError } from '../../core/rules/pack';
import { createPermitAuthority, DeviceExecutor, twinFetch, twinToolBackend } from '../../device';
import { liveGateHarness, loadScenarios, runScenarioSuite, type HarnessFactory } from '../../device/scenario/runner';
import { ToolRegistry } from '../../ingress/backends/tool-backends';
import { parseArgs, type CliCommand } from '../command';

/**
 * The full stack for one case: a ControlPlane (engine, audit log, rule store, API client, tool
 * registry, approvals) whose devices are the fleet's twin, whose API client's network and tool
 * backends are the twin's sandbox, and whose operator answers approvals as the case says.
 */
export const controlPlaneHarness: HarnessFactory = async (sc, { fleet, device }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentflow-scenario-'));
  writeFileSync(join(dataDir, 'policy.json'), JSON.stringify({ org: sc.org ?? { internalDomains: [], privateHosts: {}, allowedHosts: [] }, agents: sc.agents ?? {} }));
  const session = fleet.device(device);
  const permits = createPermitAuthority();
  const executor = new DeviceExecutor(fleet, permits.verifier, { sandboxDevice: device });
  const tools = new ToolRegistry();
  tools.register(twinToolBackend(session));
  let plane: ControlPlane;
  try {
    plane = await ControlPlane.start({ dataDir, devices: { fleet, executor, permits }, tools, api: { fetch: twinFetch(session) }, approvalTimeoutMs: 10_000, watchRules: false });
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const unsubscribe = plane.subscribe((ev) => {
    if (ev.type !== 'approval.requested') return;
    const id = (ev as unknown as { event: string }).event;
    queueMicrotask(() => (sc.operator === 'approve' ? plane.approve(id, 'scenario-operator') : plane.deny(id, 'scenario-operator', 'operator did not approve')));
  });
  return {
    async submit(request) {
      const r = await plane.submit(request, { origin: 'http' });
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
      return { ok: true, steps: r.steps.map((st) => ({ decision: st.decision.decision, tier: st.decision.tier, rules: st.decision.rules, reason: st.decision.reason, ...(st.decision.code ? { code: st.decision.code } : {}), executed: st.execution === 'executed' })) };
    },
    async close() {
      unsubscribe();
      await plane.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const command: CliCommand = {
  name: 'scenarios',
  summary: 'run the live scenario suite on device twins (judged by the device oracle)',
  usage: 'scenarios [DIR|FILE] [--json] [--workers N] [--only ID] [--rules DIR] [--direct] [--verbose]',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json', 'verbose', 'direct']);
    const path = positionals[0] ?? join(PROJECT_ROOT, 'test', 'scenarios', 'cases');
    const json = flags.get('json') === true;
    const log = json ? io.err : io.out;
    let loaded;
    try {
      loaded = loadScenarios(path);
    } catch (e) {
      io.err(`agentflow scenarios: cannot read ${path}: ${(e as Error).message}`);
      return 2;
    }
    for (const e of loaded.errors) io.err(`agentflow scenarios: ${e}`);
    if (loaded.errors.length) return 2;
    const only = flags.get('only');
    const cases = typeof only === 'string' ? loaded.cases.filter((c) => only.split(',').includes(c.id)) : loaded.cases;
    const pack = loadPack(typeof flags.get('rules') === 'string' ? String(flags.get('rules')) : undefined);
    if (!pack.ok) {
      for (const e of pack.errors) io.err(formatPackError(e));
      return 2;
    }
    const workers = Number(flags.get('workers') ?? 2) || 2;
    const t0 = performance.now();
    const { results, summary } = await runScenarioSuite(cases, pack.pack, {
      workers,
      // --direct: the device-layer loop only (no audit log, no rule store), for debugging
      harness: flags.get('direct') ? liveGateHarness : controlPlaneHarness,
      onResult: (r) => {
        if (!r.verdict.correct || flags.get('verbose')) {
          log(`${r.verdict.correct ? 'ok  ' : 'FAIL'} ${r.id} [${r.category}${r.attack ? ', attack' : ''}] ${r.title}`);
          if (!r.verdict.correct || flags.get('verbose')) {
            for (const f of r.verdict.failed) log(`       ${f}`);
            for (const d of r.decisions) log(`       ${d.decision}${d.executed ? '+exec' : ''} ${d.tier} ${d.code ?? ''} ${d.reason}`);
            if (r.error) log(`       error: ${r.error}`);
          }
        }
      },
    });
    const byCat = new Map<string, { n: number; ok: number }>();
    for (const r of results) {
      const c = byCat.get(r.category) ?? { n: 0, ok: 0 };
      c.n++;
      if (r.verdict.correct) c.ok++;
      byCat.set(r.category, c);
    }
    log(`${flags.get('direct') ? 'LiveGate' : 'ControlPlane'}  ruleset ${pack.pack.revision}  devices ${workers}  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const [cat, c] of [...byCat.entries()].sort()) log(`  ${cat.padEnd(28)} ${c.ok}/${c.n}`);
    if (summary.crashed) io.err(`agentflow scenarios: ${summary.crashed} case(s) could not run (see "crashed" above); the figures below count them as failures`);
    log(`cases ${summary.cases}  raw accuracy ${pct(summary.accuracy)} (${summary.correct}/${summary.cases})  attack block ${pct(summary.attack_block)} (${summary.attacks} attacks)  false block ${pct(summary.false_block)} (${summary.benign} benign)`);
    if (json) {
      for (const r of results) io.out(JSON.stringify({ case: r.id, correct: r.verdict.correct && !r.crashed, attack: r.attack, harmed: r.verdict.harmed, task_done: r.verdict.taskDone, decisions: r.decisions.map((d) => d.decision), ...(r.crashed ? { crashed: r.crashed } : {}) }));
      io.out(JSON.stringify({ cases: summary.cases, accuracy: Number(summary.accuracy.toFixed(4)), attack_block: Number(summary.attack_block.toFixed(4)), false_block: Number(summary.false_block.toFixed(4)) }));
    }
    return summary.crashed ? 1 : 0;
  },
};
