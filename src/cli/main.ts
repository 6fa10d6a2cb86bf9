// `agentflow` command-line entry: dispatches to the registered sub-commands.
import { loadCommands } from './commands/index';
import type { CliIo } from './command';

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const commands = await loadCommands();
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!name || name === '--help' || name === 'help' || !command) {
    if (name && name !== '--help' && name !== 'help') io.err(`agentflow: unknown command "${name}"`);
    io.err('usage: agentflow <command> [options]\n');
    for (const c of commands) io.err(`  ${c.usage.padEnd(56)} ${c.summary}`);
    return name && name !== '--help' && name !== 'help' ? 2 : 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.err(`agentflow ${name}: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
