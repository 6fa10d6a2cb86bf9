// `agentflow serve`: the whole control plane headless under plain Node, behind the agent
// ingress (HTTP/WebSocket API, MCP over streamable HTTP, optional MIRROR quorum receiver).
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type CliCommand, type CliIo } from '../command';
import { DEFAULT_BODY_LIMIT } from '../../ingress/http/body';
import type { ControlPlanePort } from '../../ingress/ports';
import type { OperatorPort } from '../../ingress/operator-port';
import { startIngress, type RunningIngress } from '../../ingress/start';

export const DEFAULT_PORT = 7717;

/** The built operator console (electron-vite's renderer output), served at `/`. */
export const DEFAULT_CONSOLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'out', 'renderer');

export function defaultDataDir(): string {
  return process.env.AGENTFLOW_DATA ?? join(homedir(), '.agentflow');
}

/** The composition root's side of `serve`: a control plane exposing the ingress port. */
export interface ServeControlPlane {
  port: ControlPlanePort;
  /** Operator side (approvals, interrupts, rules, audit) for the console at /v1/operator/*. */
  operator?: OperatorPort;
  close(): Promise<void>;
}

export type ControlPlaneFactory = (opts: { dataDir: string; io: CliIo; rulesDir?: string }) => Promise<ServeControlPlane>;

/** The composition root shared with Electron (src/app/control-plane.ts), loaded lazily so other
 *  commands do not open SQLite or the device layer. */
async function loadComposition(): Promise<ControlPlaneFactory> {
  const { createServeControlPlane } = await import('../../app/control-plane');
  return (opts) => createServeControlPlane(opts);
}

export interface ServeHandle {
  url: string;
  token: string;
  /** The operator console with its token in the fragment (never sent to the server). */
  consoleUrl: string;
  close(): Promise<void>;
}

/** Starts everything `serve` runs; used by the command and by integration tests. */
export async function startServe(opts: { dataDir: string; port?: number; host?: string; quorumFile?: string; bodyLimit?: number; io: CliIo; factory?: ControlPlaneFactory; consoleDir?: string; rulesDir?: string }): Promise<ServeHandle> {
  mkdirSync(opts.dataDir, { recursive: true });
  const factory = opts.factory ?? (await loadComposition());
  const cp = await factory({ dataDir: opts.dataDir, io: opts.io, rulesDir: opts.rulesDir });
  let ingress: RunningIngress;
  try {
    ingress = await startIngress(cp.port, cp.operator, { ...opts, consoleDir: opts.consoleDir ?? DEFAULT_CONSOLE_DIR });
  } catch (error) {
    await cp.close();
    throw error;
  }
  if (ingress.tokenCreated) opts.io.err(`agentflow serve: generated a bearer token in ${ingress.tokenPath} (mode 0600)`);
  const info = join(opts.dataDir, 'serve.json');
  writeFileSync(info, JSON.stringify({ url: ingress.url, pid: process.pid, started: new Date().toISOString() }), { mode: 0o600 });
  return {
    url: ingress.url,
    token: ingress.token,
    consoleUrl: ingress.consoleUrl,
    close: async () => {
      await ingress.close();
      await cp.close();
      rmSync(info, { force: true });
    },
  };
}

export const command: CliCommand = {
  name: 'serve',
  summary: 'run the control plane headless: HTTP/WebSocket API, MCP (streamable HTTP), quorum receiver',
  usage: 'serve [--port P] [--host H] [--data DIR] [--rules DIR] [--quorum PATHS.json] [--body-limit BYTES]',
  async run(args, io) {
    const { flags } = parseArgs(args);
    const known = new Set(['port', 'host', 'data', 'rules', 'quorum', 'body-limit']);
    for (const f of flags.keys()) {
      if (!known.has(f)) {
        io.err(`agentflow serve: unknown flag --${f}`);
        return 2;
      }
    }
    const str = (name: string) => {
      const v = flags.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const port = Number(str('port') ?? DEFAULT_PORT);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      io.err(`agentflow serve: --port must be 0..65535 (got ${str('port')})`);
      return 2;
    }
    const host = str('host') ?? '127.0.0.1';
    if (!['127.0.0.1', 'localhost', '::1'].includes(host)) io.err(`agentflow serve: WARNING listening on ${host}, not loopback; the bearer token is the only protection`);
    const bodyLimit = Number(str('body-limit') ?? DEFAULT_BODY_LIMIT);
    const dataDir = resolve(str('data') ?? defaultDataDir());
    let handle: ServeHandle;
    try {
      handle = await startServe({ dataDir, port, host, quorumFile: str('quorum'), bodyLimit, io, rulesDir: str('rules') ? resolve(str('rules')!) : undefined });
    } catch (err) {
      io.err(`agentflow serve: ${(err as Error).message}`);
      return 1;
    }
    io.out(`agentflow serve: listening on ${handle.url} (data ${dataDir}; token in ${join(dataDir, 'token')})`);
    io.err(`agentflow serve: operator console at ${handle.consoleUrl}`);
    await new Promise<void>((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    });
    io.err('agentflow serve: shutting down');
    await handle.close();
    return 0;
  },
};
