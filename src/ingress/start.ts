// Everything an agent or operator reaches over loopback, assembled in front of a control plane:
// the HTTP API and live stream, MCP over streamable HTTP, the operator routes, the browser
// console's files and (optionally) the MIRROR quorum receiver. Used by `agentflow serve` and by
// the desktop app, so both expose exactly the same surface.
import { readFileSync } from 'node:fs';
import { fromZodError } from '../core/protocol/errors';
import { createConsoleStatic } from './http/console-static';
import { createOperatorRoutes } from './http/operator-routes';
import { startIngressServer } from './http/server';
import { loadOrCreateToken } from './http/token';
import { Gateway } from './gateway';
import { createMcpHttpHandler } from './mcp/http';
import { inProcessBackend } from './mcp/server';
import type { OperatorPort } from './operator-port';
import type { ControlPlanePort } from './ports';
import { connectQuorum } from './quorum/connect';
import { QuorumEndpoint, type QuorumPathEntry } from './quorum/endpoint';
import { z } from 'zod';

export interface IngressOptions {
  dataDir: string;
  port?: number;
  host?: string;
  bodyLimit?: number;
  /** Serve the built console from this directory at `/`. */
  consoleDir?: string;
  /** A MIRROR path configuration file (JSON: { paths, slotTimeoutMs?, maxAgeMs? }). */
  quorumFile?: string;
}

export interface RunningIngress {
  url: string;
  token: string;
  tokenPath: string;
  tokenCreated: boolean;
  /** The browser console with the token in the fragment. */
  consoleUrl: string;
  close(): Promise<void>;
}

const QuorumFileSchema = z.object({
  paths: z.array(z.record(z.string(), z.unknown())),
  slotTimeoutMs: z.number().int().positive().optional(),
  maxAgeMs: z.number().int().positive().optional(),
}).strict();

function readQuorumFile(path: string): { paths: QuorumPathEntry[]; slotTimeoutMs?: number; maxAgeMs?: number } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: cannot read quorum paths (${(error as Error).message})`);
  }
  const parsed = QuorumFileSchema.safeParse(data);
  if (!parsed.success) throw new Error(fromZodError(data, parsed.error, 'config_invalid', path).message);
  return parsed.data as unknown as { paths: QuorumPathEntry[]; slotTimeoutMs?: number; maxAgeMs?: number };
}

export async function startIngress(port: ControlPlanePort, operatorPort: OperatorPort | undefined, opts: IngressOptions): Promise<RunningIngress> {
  const { token, path: tokenPath, created } = loadOrCreateToken(opts.dataDir);
  const gateway = new Gateway(port);
  const mcp = createMcpHttpHandler(inProcessBackend(gateway), {
    bodyLimit: opts.bodyLimit,
    onRejected: (code, message) => port.auditRejectedInput({ ts: Date.now(), origin: 'mcp', method: 'POST', route: '/mcp', status: 400, code, message }),
  });
  let quorum: QuorumEndpoint | undefined;
  let conn: ReturnType<typeof connectQuorum> | undefined;
  if (opts.quorumFile) {
    const cfg = readQuorumFile(opts.quorumFile);
    const created = QuorumEndpoint.create({ paths: cfg.paths, slotTimeoutMs: cfg.slotTimeoutMs, maxAgeMs: cfg.maxAgeMs, bodyLimit: opts.bodyLimit });
    if (!created.ok) {
      await mcp.close();
      throw new Error(created.error.message);
    }
    quorum = created.endpoint;
    conn = connectQuorum(quorum, port);
  }
  const operator = operatorPort
    ? createOperatorRoutes(operatorPort, {
        bodyLimit: opts.bodyLimit,
        onRejected: (r) => port.auditRejectedInput({ ts: Date.now(), origin: 'http', method: 'POST', ...r }),
      })
    : undefined;
  const server = await startIngressServer({
    controlPlane: port,
    token,
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    bodyLimit: opts.bodyLimit,
    quorum,
    mcp: (req, res) => mcp.handle(req, res),
    gateway,
    operator,
    ...(opts.consoleDir ? { console: createConsoleStatic(opts.consoleDir) } : {}),
  });
  return {
    url: server.url,
    token,
    tokenPath,
    tokenCreated: created,
    consoleUrl: `${server.url}/#token=${encodeURIComponent(token)}`,
    close: async () => {
      await mcp.close();
      await server.close();
      await conn?.drain();
      conn?.close();
      quorum?.close();
    },
  };
}
