// `agentflow bench`: runs every benchmark suite in bench/registry.ts and prints its table.
import { loadSuites } from '../../../bench/registry';
import { parseArgs, type CliCommand } from '../command';

export const command: CliCommand = {
  name: 'bench',
  summary: 'run the benchmarks (latency percentiles, throughput, ratios)',
  usage: 'bench [--only NAME]',
  async run(args, io) {
    const { flags } = parseArgs(args);
    const only = flags.get('only');
    const suites = (await loadSuites()).filter((s) => typeof only !== 'string' || s.name.includes(only));
    for (const suite of suites) {
      io.out(`\n== ${suite.name} ==`);
      await suite.run(io.out);
    }
    return 0;
  },
};
