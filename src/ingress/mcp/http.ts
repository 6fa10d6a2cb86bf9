// MCP over streamable HTTP, mounted at /mcp on the ingress server (after the bearer check).
// One MCP server + transport per MCP session; the agent identity comes from headers
// `x-agentflow-agent`, `x-agentflow-session`, `x-agentflow-device` (or the same query params).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { readJsonBody } from '../http/body';
import { ingressError, sendError } from '../http/errors';
import { createMcpServer, type McpBackend } from './server';

export interface McpHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  sessions(): number;
  close(): Promise<void>;
}

export function createMcpHttpHandler(backend: McpBackend, opts: { bodyLimit?: number; maxSessions?: number; onRejected?: (code: string, message: string) => void } = {}): McpHttpHandler {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const fail = (res: ServerResponse, code: Parameters<typeof ingressError>[0], message: string) => {
    sendError(res, ingressError(code, message));
    opts.onRejected?.(code, message);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const sid = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sid) ? sid[0] : sid;
    if (req.method === 'POST') {
      const body = await readJsonBody(req, opts.bodyLimit);
      if (!body.ok) return fail(res, body.error.code, body.error.message);
      if (sessionId) {
        const t = transports.get(sessionId);
        if (!t) return fail(res, 'not_found', `unknown MCP session ${sessionId}; initialize a new one`);
        return t.handleRequest(req, res, body.value);
      }
      if (!isInitializeRequest(body.value)) return fail(res, 'invalid_request', 'first MCP request must be initialize (no mcp-session-id header)');
      const header = (name: string) => {
        const h = req.headers[`x-agentflow-${name}`];
        return (Array.isArray(h) ? h[0] : h) ?? url.searchParams.get(name) ?? undefined;
      };
      const agent = header('agent');
      const session = header('session') ?? `mcp-${randomUUID()}`;
      if (!agent) return fail(res, 'missing_field', 'MCP over HTTP needs the agent id: header x-agentflow-agent (or ?agent=)');
      if (transports.size >= (opts.maxSessions ?? 1_000)) return fail(res, 'unavailable', 'too many MCP sessions');
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) transports.delete(transport.sessionId);
      };
      const server = createMcpServer(backend, { agent, session, device: header('device') });
      await server.connect(transport);
      return transport.handleRequest(req, res, body.value);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const t = sessionId ? transports.get(sessionId) : undefined;
      if (!t) return fail(res, sessionId ? 'not_found' : 'invalid_request', sessionId ? `unknown MCP session ${sessionId}` : 'missing mcp-session-id header');
      return t.handleRequest(req, res);
    }
    req.resume();
    return fail(res, 'method_not_allowed', `${req.method} /mcp: use POST, GET or DELETE`);
  }

  return {
    handle,
    sessions: () => transports.size,
    close: async () => {
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => undefined)));
      transports.clear();
    },
  };
}
