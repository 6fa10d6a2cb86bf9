// The adversary harness on loopback: a quorum receiver endpoint, k path proxies between the
// sender and the receiver, c of them adversarial, and the MIRROR threshold sweep.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { QuorumDecision } from '../../core/quorum';
import { QuorumSender } from '../client/quorum-sender';
import { QuorumEndpoint } from './endpoint';
import { Collusion, startPathProxy, warm, type PathBehaviour, type PathProxy } from './proxy';

export interface ScenarioOptions {
  k: number;
  /** One behaviour per path (index = slot order: first t+1 are full-payload paths). */
  behaviours: PathBehaviour[];
  messages: number;
  slotTimeoutMs?: number;
  /** For `delay` paths; default slot timeout + 300 ms (so the slot misses the deadline). */
  delayMs?: number;
  /** Messages in flight at once. Default 20. */
  inFlight?: number;
}

/** Replaying paths re-send what they forwarded this long afterwards (after the decision). */
const REPLAY_AFTER_MS = 150;

/** Default slot timeout of the harness: generous enough that a loaded 2-core machine never
 *  times out an honest slot (zero benign failures), short enough to keep the sweep fast. */
export const HARNESS_SLOT_TIMEOUT_MS = 1_500;

export interface ScenarioResult {
  messages: number;
  /** Share of messages for which the receiver accepted the adversary's forged payload. */
  attack_success: number;
  /** Share of messages for which the receiver accepted the honest payload. */
  honest_accepted: number;
  rejected: number;
  /** Messages accepted more than once (replays that got through). Must be 0. */
  duplicate_accepts: number;
  /** Messages that got no decision within the bound (not counting messages every path dropped, which the receiver never saw). Must be 0. */
  undecided: number;
  retired: string[];
  ms: number;
}

/** Starts a quorum receiver on 127.0.0.1 behind its own HTTP server. */
export async function startQuorumReceiverServer(endpoint: QuorumEndpoint): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/quorum/slots') void endpoint.handle(req, res);
    else res.writeHead(404).end();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/quorum/slots`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function runScenario(opts: ScenarioOptions): Promise<ScenarioResult> {
  const started = performance.now();
  const { k } = opts;
  const slotTimeoutMs = opts.slotTimeoutMs ?? HARNESS_SLOT_TIMEOUT_MS;
  const tokens = Array.from({ length: k }, () => randomBytes(18).toString('base64url'));
  const created = QuorumEndpoint.create({ paths: tokens.map((token, i) => ({ id: `p${i}`, group: `g${i}`, token })), slotTimeoutMs, maxAgeMs: 60_000 });
  if (!created.ok) throw new Error(created.error.message);
  const endpoint = created.endpoint;
  const receiver = await startQuorumReceiverServer(endpoint);
  const collusion = new Collusion((sender, seq) => ({ forged: true, sender, seq, transfer: { to: 'attacker', amount: 1_000_000 } }));
  const proxies: PathProxy[] = [];
  const agents: Agent[] = [];
  try {
    for (let i = 0; i < k; i++) {
      const behaviour = opts.behaviours[i];
      proxies.push(await startPathProxy({ upstream: receiver.url, token: tokens[i], behaviour, collusion, delayMs: behaviour === 'replay' ? REPLAY_AFTER_MS : (opts.delayMs ?? slotTimeoutMs + 300) }));
    }
    // the sender keeps warm keep-alive connections to each path, like a long-running agent
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    agents.push(agent);
    for (const p of proxies) await warm(agent, new URL(p.url), 8);
    const sender = new QuorumSender({ sender: 'planner', paths: proxies.map((p) => ({ url: p.url })), post: (url, headers, body) => postOver(agent, url, headers, body) });
    const decisions = new Map<number, QuorumDecision[]>();
    const waiters = new Map<number, () => void>();
    endpoint.onDecision((d) => {
      decisions.set(d.seq, [...(decisions.get(d.seq) ?? []), d]);
      waiters.get(d.seq)?.();
    });
    const honest = new Map<number, string>();
    // when every path drops, the receiver never sees the message: nothing to wait for
    const invisible = opts.behaviours.every((b) => b === 'drop');
    const bound = slotTimeoutMs * 4 + 3_000;
    const body = { v: 1, session: 's', agent: 'planner', channel: 'llm', llm: { steps: [{ channel: 'gui', gui: { op: 'read_screen' } }] } };
    // at most `inFlight` messages at once: a realistic sender, and no self-inflicted timeouts
    const inFlight = opts.inFlight ?? 20;
    let next = 0;
    const one = async () => {
      const sent = await sender.send(body);
      honest.set(sent.seq, sent.digest);
      if (decisions.has(sent.seq) || invisible) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, bound);
        waiters.set(sent.seq, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    };
    await Promise.all(
      Array.from({ length: Math.min(inFlight, opts.messages) }, async () => {
        while (next < opts.messages) {
          next++;
          await one();
        }
      }),
    );
    // let late replays/delays land so that duplicate acceptance would be seen
    if (opts.behaviours.includes('replay')) await new Promise((r) => setTimeout(r, REPLAY_AFTER_MS + 250));
    let attack = 0;
    let ok = 0;
    let rejected = 0;
    let dup = 0;
    let undecided = 0;
    for (const [seq, digest] of honest) {
      const ds = decisions.get(seq) ?? [];
      if (ds.length === 0 && !invisible) undecided++;
      const accepted = ds.filter((d) => d.outcome === 'accepted');
      if (accepted.length > 1) dup++;
      const first = ds[0];
      if (!first) continue;
      if (first.outcome === 'rejected') rejected++;
      else if (first.digest === digest) ok++;
      else attack++;
    }
    const n = opts.messages;
    return {
      messages: n,
      attack_success: attack / n,
      honest_accepted: ok / n,
      rejected,
      duplicate_accepts: dup,
      undecided,
      retired: endpoint.pathStatus().filter((p) => p.retired).map((p) => p.id),
      ms: performance.now() - started,
    };
  } finally {
    for (const a of agents) a.destroy();
    endpoint.close();
    await Promise.all(proxies.map((p) => p.close()));
    await receiver.close();
  }
}

function postOver(agent: Agent, url: string, headers: Record<string, string>, body: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Deterministic choice of which c of the k paths are adversarial (mixes full and digest paths). */
export function adversarialPaths(k: number, c: number, seed: number): number[] {
  const order = Array.from({ length: k }, (_, i) => i);
  let x = seed >>> 0 || 1;
  for (let i = k - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, c).sort((a, b) => a - b);
}

export interface SweepRow {
  c: number;
  attack_success: number;
  honest_accepted: number;
}

export interface SweepReport {
  k: number;
  rows: SweepRow[];
  messages: number;
  /** Honest acceptance when the c adversarial paths drop / delay past the timeout / replay, and replays accepted. */
  modes: { c: number; drop: number; delay: number; replay: number; replay_accepted: number }[];
  /** c adversarial (rewrite) + f crashed paths: honest acceptance, and whether c + f < k/2 predicted it. */
  grid: { c: number; crashed: number; honest_accepted: number; attack_success: number; expected_accept: boolean }[];
  benign: { messages: number; failures: number };
  undecided: number;
  ms: number;
}

export async function runSweep(opts: { k: number; messages?: number; seed?: number; slotTimeoutMs?: number; grid?: boolean; benign?: number; log?: (line: string) => void }): Promise<SweepReport> {
  const started = performance.now();
  const { k } = opts;
  const n = opts.messages ?? 40;
  const seed = opts.seed ?? 7;
  const slotTimeoutMs = opts.slotTimeoutMs ?? HARNESS_SLOT_TIMEOUT_MS;
  const rows: SweepRow[] = [];
  const modes: SweepReport['modes'] = [];
  const grid: SweepReport['grid'] = [];
  let undecided = 0;
  const behavioursFor = (bad: number[], mode: PathBehaviour, crashed: number[] = []) =>
    Array.from({ length: k }, (_, i): PathBehaviour => (bad.includes(i) ? mode : crashed.includes(i) ? 'drop' : 'honest'));
  for (let c = 0; c <= k; c++) {
    const bad = adversarialPaths(k, c, seed + c);
    // the four behaviours of one c run side by side (separate receivers and proxies)
    const [rewrite, drop, delay, replay] = await Promise.all(
      (['rewrite', 'drop', 'delay', 'replay'] as const).map((mode) => runScenario({ k, behaviours: behavioursFor(bad, mode), messages: n, slotTimeoutMs })),
    );
    rows.push({ c, attack_success: rewrite.attack_success, honest_accepted: rewrite.honest_accepted });
    modes.push({ c, drop: drop.honest_accepted, delay: delay.honest_accepted, replay: replay.honest_accepted, replay_accepted: replay.duplicate_accepts });
    undecided += rewrite.undecided + drop.undecided + delay.undecided + replay.undecided;
    opts.log?.(`  c=${c} adversarial paths [${bad.map((i) => `p${i}`).join(',')}] done`);
  }
  if (opts.grid !== false) {
    const cells: { c: number; f: number; behaviours: PathBehaviour[] }[] = [];
    for (let c = 0; c <= k; c++) {
      for (let f = 0; c + f <= k; f++) {
        const bad = adversarialPaths(k, c, seed + c);
        const rest = Array.from({ length: k }, (_, i) => i).filter((i) => !bad.includes(i));
        const crashed = adversarialPaths(rest.length, f, seed + 100 + f).map((j) => rest[j]);
        cells.push({ c, f, behaviours: behavioursFor(bad, 'rewrite', crashed) });
      }
    }
    for (let i = 0; i < cells.length; i += 4) {
      const batch = cells.slice(i, i + 4);
      const results = await Promise.all(batch.map((cell) => runScenario({ k, behaviours: cell.behaviours, messages: Math.max(5, Math.floor(n / 4)), slotTimeoutMs })));
      batch.forEach((cell, j) => {
        undecided += results[j].undecided;
        grid.push({ c: cell.c, crashed: cell.f, honest_accepted: results[j].honest_accepted, attack_success: results[j].attack_success, expected_accept: 2 * (cell.c + cell.f) < k });
      });
    }
  }
  const benignN = opts.benign ?? 200;
  const benign = await runScenario({ k, behaviours: behavioursFor([], 'honest'), messages: benignN, slotTimeoutMs });
  undecided += benign.undecided;
  return { k, rows, messages: n, modes, grid, benign: { messages: benignN, failures: benignN - Math.round(benign.honest_accepted * benignN) }, undecided, ms: performance.now() - started };
}

export function formatSweep(r: SweepReport): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(6);
  const lines = [
    `MIRROR threshold sweep, k = ${r.k} (t = ${(r.k - 1) / 2}), ${r.messages} messages per cell, loopback proxies`,
    '',
    '   c | attack success | honest accepted || honest accepted when the c paths: drop | delay>timeout | replay | replays accepted',
    '  ---+----------------+-----------------++------------------------------------------+---------------+--------+-----------------',
  ];
  r.rows.forEach((row, i) => {
    const m = r.modes[i];
    lines.push(`  ${String(row.c).padStart(2)} |${pct(row.attack_success).padStart(15)} |${pct(row.honest_accepted).padStart(16)} ||${pct(m.drop).padStart(40)} |${pct(m.delay).padStart(14)} |${pct(m.replay).padStart(7)} |${String(m.replay_accepted).padStart(17)}`);
  });
  if (r.grid.length > 0) {
    lines.push('', `  honest acceptance with c rewriting + f crashed paths (expected: accepted iff c + f < k/2 = ${r.k / 2})`);
    lines.push(`   c\\f ${Array.from({ length: r.k + 1 }, (_, f) => String(f).padStart(6)).join('')}`);
    for (let c = 0; c <= r.k; c++) {
      const cells = Array.from({ length: r.k + 1 }, (_, f) => {
        const g = r.grid.find((x) => x.c === c && x.crashed === f);
        if (!g) return '     ·';
        const mark = (g.honest_accepted === 1) === g.expected_accept && (g.honest_accepted === 0 || g.honest_accepted === 1) ? ' ' : '!';
        return `${pct(g.honest_accepted).trim()}${mark}`.padStart(6);
      });
      lines.push(`   ${String(c).padStart(3)} ${cells.join('')}`);
    }
    const wrong = r.grid.filter((g) => (g.expected_accept ? g.honest_accepted !== 1 : g.honest_accepted !== 0)).length;
    lines.push(`  cells disagreeing with c + f < k/2: ${wrong}`);
  }
  lines.push('', `  benign run (c = 0): ${r.benign.messages} messages, ${r.benign.failures} quorum failures; undecided messages: ${r.undecided}; ${(r.ms / 1000).toFixed(1)} s`);
  return lines;
}
