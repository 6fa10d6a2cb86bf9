// The registry of `agentflow` sub-commands. Add one line per command file.
import type { CliCommand } from '../command';

export async function loadCommands(): Promise<CliCommand[]> {
  const modules = await Promise.all([
    import('./eval'),
    import('./bench'),
    import('./quorum'),
    import('./serve'),
    import('./mcp'),
    import('./audit'),
    import('./rules'),
    import('./scenarios'),
  ]);
  return modules.map((m) => m.command);
}
