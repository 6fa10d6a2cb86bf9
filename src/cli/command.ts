// One `agentflow` sub-command. Commands print to stdout/stderr and return an exit code.
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Parses `--flag value` / `--flag` / positionals; unknown flags are reported by the caller. */
export function parseArgs(args: string[], booleanFlags: string[] = []): { positionals: string[]; flags: Map<string, string | true> } {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0) {
        flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      } else if (booleanFlags.includes(arg.slice(2)) || i + 1 >= args.length || args[i + 1].startsWith('--')) {
        flags.set(arg.slice(2), true);
      } else {
        flags.set(arg.slice(2), args[++i]);
      }
    } else {
      positionals.push(arg);
    }
  }
  return { positionals, flags };
}
