// Ingress load test on loopback: 50 concurrent agents, 10,000 actions over HTTP, zero lost
// decisions (every action has exactly one audited decision), p50/p99 latency; and the MIRROR
// quorum receiver's per-message overhead for k = 5.
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { BenchSuite } from './registry';
import { fmt, summarize } from './stats';
import { startIngressServer } from '../src/ingress/http/server';
import type { ControlPlanePort, StepOutcome, SubmitOutcome } from '../src/ingress/ports';
import type { ActionRequest } from '../src/core/protocol/schema';
import { QuorumReceiver, checkPathConfig, planSlots } from '../src/core/quorum';
import { QuorumEndpoint } from '../src/ingress/quorum/endpoint';
import { startQuorumReceiverServer } from '../src/ingress/quorum/harness';
import { warm } from '../src/ingress/quorum/proxy';

const AGENTS = 50;
const ACTIONS = 10_000;

/** Stand-in control plane: decides in-process and keeps an audit list, so losses are countable. */
function benchControlPlane(): ControlPlanePort & { audit: Map<string, number> } {
  let n = 0;
  const audit = new Map<string, number>();
  return {
    audit,
    async submit(req: ActionRequest): Promise<SubmitOutcome> {
      const event = `ev-${++n}`;
      const deny = req.gui?.text?.includes('rm -rf') ?? false;
      audit.set(event, (audit.get(event) ?? 0) + 1);
      const step: StepOutcome = {
        decision: { v: 1, event, decision: deny ? 'deny' : 'allow', tier: 'T1', rules: [], reason: deny ? 'dangerous content' : 'ok', flows: [], ruleset: 'bench', latency_us: 1 },
        execution: deny ? 'not-executed' : 'executed',
        ...(deny ? {} : { observation: { foreground: 'com.example' } }),
      };
      return { ok: true, steps: [step] };
    },
    reportResult: () => ({ ok: true }),
    approve: () => ({ ok: false, error: { code: 'unknown_event', message: 'none' } }),
    deny: () => ({ ok: false, error: { code: 'unknown_event', message: 'none' } }),
    pendingApprovals: () => [],
    sessions: () => [],
    agents: () => [],
    tools: () => [],
    subscribe: () => () => undefined,
    auditRejectedInput: () => undefined,
    auditQuorumRejection: () => undefined,
  };
}

function post(agent: Agent, url: URL, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A mix of GUI steps, tool calls and dangerous content (every 50th action is denied). */
function workload(agent: number, i: number): Record<string, unknown> {
  const base = { v: 1, session: `load-${agent % 10}`, agent: `agent-${agent}`, device: `emulator-${5554 + (agent % 4) * 2}` };
  if (i % 50 === 0) return { ...base, channel: 'tool', tool: { name: 'shell', arguments: { command: `rm -rf /sdcard/${i}` } } };
  switch (i % 5) {
    case 0:
      return { ...base, channel: 'gui', gui: { op: 'tap', app: 'com.google.android.gm', target: { text: 'Inbox' } } };
    case 1:
      return { ...base, channel: 'gui', gui: { op: 'scroll', app: 'com.google.android.gm', direction: 'down' } };
    case 2:
      return { ...base, channel: 'gui', gui: { op: 'read_screen', app: 'com.google.android.gm' } };
    case 3:
      return { ...base, channel: 'gui', gui: { op: 'type', app: 'com.google.android.keep', target: { resourceId: 'note' }, text: `note ${i}` } };
    default:
      return { ...base, channel: 'tool', tool: { name: 'notes.lookup', arguments: { q: `q${i}` } } };
  }
}

export interface IngressLoadResult {
  actions: number;
  agents: number;
  answered: number;
  lost: number;
  duplicated: number;
  errors: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Drives `actions` requests from `agents` concurrent agents against a control plane port. */
export async function runIngressLoad(opts: { port?: ControlPlanePort & { audit?: Map<string, number> }; agents?: number; actions?: number; auditCount?: (event: string) => number } = {}): Promise<IngressLoadResult> {
  const agents = opts.agents ?? AGENTS;
  const actions = opts.actions ?? ACTIONS;
  const cp = opts.port ?? benchControlPlane();
  const token = randomBytes(24).toString('base64url');
  const server = await startIngressServer({ controlPlane: cp, token });
  const url = new URL(`${server.url}/v1/actions`);
  const httpAgent = new Agent({ keepAlive: true, maxSockets: agents });
  // one warm keep-alive connection per agent, as long-running agents have
  await warm(httpAgent, url, agents);
  const latencies: number[] = [];
  const events: string[] = [];
  let errors = 0;
  const perAgent = Math.ceil(actions / agents);
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: agents }, async (_, a) => {
        for (let i = 0; i < perAgent && a * perAgent + i < actions; i++) {
          const body = JSON.stringify(workload(a, i));
          const t0 = performance.now();
          const r = await post(httpAgent, url, token, body);
          latencies.push(performance.now() - t0);
          if (r.status !== 200) {
            errors++;
            continue;
          }
          events.push((JSON.parse(r.text) as { event: string }).event);
        }
      }),
    );
  } finally {
    httpAgent.destroy();
    await server.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const count = opts.auditCount ?? ((e: string) => cp.audit?.get(e) ?? 0);
  let lost = 0;
  let duplicated = 0;
  for (const e of events) {
    const c = count(e);
    if (c === 0) lost++;
    if (c > 1) duplicated++;
  }
  lost += actions - events.length;
  const s = summarize(latencies);
  return { actions, agents, answered: events.length, lost, duplicated, errors, seconds, p50: s.p50, p90: s.p90, p99: s.p99, max: s.max };
}

export interface QuorumOverhead {
  k: number;
  messages: number;
  /** Receiver CPU per message: plan the k slots + k offers + decision (pure core). */
  coreUsP50: number;
  coreUsP99: number;
  /** End to end on loopback: k slot POSTs until the decision, vs one plain POST. */
  quorumMsP50: number;
  quorumMsP99: number;
  singleMsP50: number;
  singleMsP99: number;
}

export async function measureQuorumOverhead(k = 5, messages = 2_000): Promise<QuorumOverhead> {
  const cfg = checkPathConfig(Array.from({ length: k }, (_, i) => ({ id: `p${i}`, group: `g${i}` })));
  if (!cfg.ok) throw new Error(cfg.error.message);
  let now = Date.now();
  const receiver = new QuorumReceiver({ config: cfg.config, clock: { now: () => now }, slotTimeoutMs: 1_000, maxAgeMs: 60_000 });
  const core: number[] = [];
  const body = { v: 1, session: 's', agent: 'planner', channel: 'llm', llm: { steps: [{ channel: 'gui', gui: { op: 'tap', target: { text: 'Next' } } }, { channel: 'api', api: { method: 'GET', url: 'https://api.acme.example/x' } }] } };
  const warmup = 300;
  for (let i = 0; i < messages + warmup; i++) {
    now += 1;
    const t0 = performance.now();
    const plan = planSlots({ v: 1, sender: 'planner', seq: i + 1, ts: now, body }, k);
    for (let p = 0; p < k; p++) receiver.offer(`p${p}`, plan.slots[p]);
    if (i >= warmup) core.push((performance.now() - t0) * 1000);
  }
  // over loopback HTTP
  const tokens = Array.from({ length: k }, () => randomBytes(18).toString('base64url'));
  const created = QuorumEndpoint.create({ paths: tokens.map((token, i) => ({ id: `p${i}`, group: `g${i}`, token })), slotTimeoutMs: 2_000 });
  if (!created.ok) throw new Error(created.error.message);
  const endpoint = created.endpoint;
  const srv = await startQuorumReceiverServer(endpoint);
  const url = new URL(srv.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 2 * k });
  await warm(agent, url, 2 * k);
  const waiters = new Map<number, () => void>();
  endpoint.onDecision((d) => waiters.get(d.seq)?.());
  const quorum: number[] = [];
  const single: number[] = [];
  const n = Math.min(messages, 500);
  try {
    for (let i = 0; i < n; i++) {
      const plan = planSlots({ v: 1, sender: 'bench', seq: i + 1, ts: Date.now(), body }, k);
      const t0 = performance.now();
      const decided = new Promise<void>((resolve) => waiters.set(i + 1, resolve));
      await Promise.all(plan.slots.map((s, p) => post(agent, url, tokens[p], JSON.stringify(s))));
      await decided;
      quorum.push(performance.now() - t0);
      const t1 = performance.now();
      await post(agent, url, tokens[0], JSON.stringify({ v: 1, sender: 'single', seq: i + 1, digest: plan.digest, payload: plan.canonical.replace('"bench"', '"single"') }));
      single.push(performance.now() - t1);
    }
  } finally {
    agent.destroy();
    endpoint.close();
    await srv.close();
  }
  const c = summarize(core);
  const q = summarize(quorum);
  const s = summarize(single);
  return { k, messages, coreUsP50: c.p50, coreUsP99: c.p99, quorumMsP50: q.p50, quorumMsP99: q.p99, singleMsP50: s.p50, singleMsP99: s.p99 };
}

/** The real composition root in a temp data dir: engine + default rule pack + SQLite audit log. */
async function realControlPlane(): Promise<{ port: ControlPlanePort; count: (event: string) => number; close(): Promise<void>; verify(): boolean }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { ControlPlane } = await import('../src/app/control-plane');
  const dir = mkdtempSync(join(tmpdir(), 'af-bench-ingress-'));
  const plane = await ControlPlane.start({ dataDir: dir, watchRules: false, executeApi: false });
  let counts: Map<string, number> | null = null;
  return {
    port: plane,
    count: (event) => {
      if (!counts) {
        counts = new Map();
        for (const r of plane.audit.records({ kind: 'decision' }) as unknown as { event: { id: string } }[]) counts.set(r.event.id, (counts.get(r.event.id) ?? 0) + 1);
      }
      return counts.get(event) ?? 0;
    },
    verify: () => (plane.audit.verify() as { ok: boolean }).ok,
    close: async () => {
      await plane.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const suite: BenchSuite = {
  name: 'ingress',
  async run(log) {
    const real = await realControlPlane();
    let r: IngressLoadResult;
    let verified = false;
    try {
      r = await runIngressLoad({ port: real.port, auditCount: real.count });
      verified = real.verify();
    } finally {
      await real.close();
    }
    log(`ingress load (loopback HTTP → real control plane: engine, default rules, SQLite audit): ${r.agents} concurrent agents, ${r.actions} actions in ${fmt(r.seconds, 2)} s (${fmt(r.actions / r.seconds, 0)} actions/s)`);
    log(`  latency ms   p50 ${fmt(r.p50, 2)}   p90 ${fmt(r.p90, 2)}   p99 ${fmt(r.p99, 2)}   max ${fmt(r.max, 2)}`);
    log(`  decisions    answered ${r.answered}   lost ${r.lost}   duplicated ${r.duplicated}   errors ${r.errors}   audit verify ${verified ? 'ok' : 'FAILED'}   ${r.lost === 0 && r.duplicated === 0 && r.errors === 0 ? 'OK: every action has exactly one audited decision' : 'FAIL'}`);
    const q = await measureQuorumOverhead(5);
    log(`quorum receiver overhead, k = ${q.k}:`);
    log(`  core (plan + ${q.k} offers + decision)      p50 ${fmt(q.coreUsP50, 1)} µs   p99 ${fmt(q.coreUsP99, 1)} µs   per message`);
    log(`  loopback: ${q.k} slot POSTs until decided   p50 ${fmt(q.quorumMsP50, 2)} ms   p99 ${fmt(q.quorumMsP99, 2)} ms`);
    log(`  loopback: one plain POST                  p50 ${fmt(q.singleMsP50, 2)} ms   p99 ${fmt(q.singleMsP99, 2)} ms   → overhead p50 ${fmt(q.quorumMsP50 - q.singleMsP50, 2)} ms`);
  },
};
