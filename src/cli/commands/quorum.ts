// `agentflow quorum sweep --k 5 [--json]`: the MIRROR threshold sweep on loopback proxies.
// `agentflow quorum check-config FILE.json`: the failure-group check of a path configuration.
import { readFileSync } from 'node:fs';
import { parseArgs, type CliCommand } from '../command';
import { checkPathConfig } from '../../core/quorum';
import { formatSweep, runSweep, HARNESS_SLOT_TIMEOUT_MS } from '../../ingress/quorum/harness';

export const command: CliCommand = {
  name: 'quorum',
  summary: 'MIRROR quorum: threshold sweep with adversarial loopback paths; path config check',
  usage: 'quorum sweep [--k 5] [--messages N] [--no-grid] [--slot-timeout MS] [--json] | quorum check-config FILE',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json', 'no-grid']);
    const [sub, file] = positionals;
    if (sub === 'check-config') {
      if (!file) {
        io.err('usage: agentflow quorum check-config FILE.json   (FILE: {"paths":[{"id":"p0","group":"aws-eu"},…]} or an array)');
        return 2;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        io.err(`agentflow quorum: cannot read ${file}: ${(err as Error).message}`);
        return 2;
      }
      const paths = Array.isArray(parsed) ? parsed : (parsed as { paths?: unknown }).paths;
      const r = checkPathConfig(Array.isArray(paths) ? paths : []);
      if (!r.ok) {
        io.err(r.error.message);
        return 1;
      }
      io.out(`ok: k = ${r.config.k}, t = ${r.config.t}; no failure group carries k/2 or more paths`);
      return 0;
    }
    if (sub !== 'sweep') {
      io.err(`usage: agentflow ${this.usage}`);
      return 2;
    }
    const known = new Set(['k', 'messages', 'json', 'no-grid', 'seed', 'slot-timeout']);
    for (const f of flags.keys()) {
      if (!known.has(f)) {
        io.err(`agentflow quorum sweep: unknown flag --${f}`);
        return 2;
      }
    }
    const num = (name: string, dflt: number) => {
      const v = flags.get(name);
      return v === undefined || v === true ? dflt : Number(v);
    };
    const k = num('k', 5);
    const messages = num('messages', 40);
    if (!Number.isInteger(k) || k < 3 || k % 2 === 0 || k > 15) {
      io.err(`agentflow quorum sweep: --k must be an odd integer 3..15 (got ${flags.get('k')})`);
      return 2;
    }
    if (!Number.isInteger(messages) || messages < 1 || messages > 10_000) {
      io.err('agentflow quorum sweep: --messages must be an integer 1..10000');
      return 2;
    }
    const json = flags.get('json') === true;
    const report = await runSweep({ k, messages, seed: num('seed', 7), slotTimeoutMs: num('slot-timeout', HARNESS_SLOT_TIMEOUT_MS), grid: !flags.has('no-grid'), log: json ? undefined : io.err });
    if (json) {
      io.out(JSON.stringify(report));
    } else {
      for (const line of formatSweep(report)) io.out(line);
    }
    const thresholdHeld = report.rows.every((r) => (2 * r.c < k ? r.attack_success === 0 && r.honest_accepted === 1 : r.attack_success === 1));
    const gridHeld = report.grid.every((g) => (g.expected_accept ? g.honest_accepted === 1 : g.honest_accepted === 0));
    const ok = thresholdHeld && gridHeld && report.benign.failures === 0 && report.undecided === 0 && report.modes.every((m) => m.replay_accepted === 0);
    if (!ok) io.err('agentflow quorum sweep: results deviate from the MIRROR threshold (see table)');
    return ok ? 0 : 1;
  },
};
