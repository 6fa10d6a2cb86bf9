// The registry of `agentflow` sub-commands. Add one line per command file.
import type { CliCommand } from '../command';

export async function loadCommands(): Promise<CliCommand[]> {
  const modules = await Promise.all([
    import('./eval'),
    import('./bench'),
    import('./quorum'),
    import('./serve'),
    import('./mcp'),
  ]);
  return modules.map((m) => m.command);
}
