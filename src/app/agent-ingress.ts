// The agent-facing API of the desktop app: the same ingress `agentflow serve` runs (HTTP API,
// MCP over streamable HTTP, the operator routes and the browser console), on loopback with the
// bearer token in DATA_DIR/token, in front of an already started ControlPlane. Electron's main
// process starts it so that agents can reach the control plane the window shows.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createConsoleStatic } from '../ingress/http/console-static';
import { createOperatorRoutes } from '../ingress/http/operator-routes';
import { startIngressServer } from '../ingress/http/server';
import { loadOrCreateToken } from '../ingress/http/token';
import { Gateway } from '../ingress/gateway';
import { createMcpHttpHandler } from '../ingress/mcp/http';
import { inProcessBackend } from '../ingress/mcp/server';
import type { ControlPlane } from './control-plane';

export interface AgentIngress {
  url: string;
  token: string;
  tokenPath: string;
  /** The browser console with the token in the fragment. */
  consoleUrl: string;
  close(): Promise<void>;
}

export async function startAgentIngress(plane: ControlPlane, opts: { dataDir: string; port: number; host?: string; consoleDir?: string }): Promise<AgentIngress> {
  const { token, path: tokenPath } = loadOrCreateToken(opts.dataDir);
  const gateway = new Gateway(plane);
  const mcp = createMcpHttpHandler(inProcessBackend(gateway), {
    onRejected: (code, message) => plane.auditRejectedInput({ ts: Date.now(), origin: 'mcp', method: 'POST', route: '/mcp', status: 400, code, message }),
  });
  const server = await startIngressServer({
    controlPlane: plane,
    token,
    host: opts.host ?? '127.0.0.1',
    port: opts.port,
    gateway,
    mcp: (req: IncomingMessage, res: ServerResponse) => mcp.handle(req, res),
    operator: createOperatorRoutes(plane, { onRejected: (r) => plane.auditRejectedInput({ ts: Date.now(), origin: 'http', method: 'POST', ...r }) }),
    ...(opts.consoleDir ? { console: createConsoleStatic(opts.consoleDir) } : {}),
  });
  return {
    url: server.url,
    token,
    tokenPath,
    consoleUrl: `${server.url}/#token=${encodeURIComponent(token)}`,
    close: async () => {
      await mcp.close();
      await server.close();
    },
  };
}
