#!/usr/bin/env node
// Entry point of the `agentflow` command. The sources are TypeScript; tsx compiles them on load
// so the command works straight after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
// A closed pipe (`agentflow eval … | head`) ends the command quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
