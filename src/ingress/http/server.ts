// The agent-facing HTTP/WebSocket API on node:http. Listens on 127.0.0.1 by default; every
// request needs the bearer token (quorum slots use their own per-path tokens). Every 4xx is
// answered as `{error:{code,message,issues}}` (see errors.ts) and audited through the port.
//
//   POST /v1/actions                      ActionRequest → ActionResponse (Decision + execution)
//   POST /v1/events/:id/result            {v:1, observe} — agent-reported result (weaker provenance)
//   GET  /v1/approvals                    held actions
//   POST /v1/approvals/:id/approve|deny   {by?, reason?}
//   GET  /v1/sessions | /v1/agents | /v1/tools | /v1/health | /v1/quorum/paths
//   GET  /v1/stream                       WebSocket (or SSE with Accept: text/event-stream)
//   POST /v1/quorum/slots                 MIRROR slot from one path (Authorization: Bearer <path token>)
//   *    /mcp                             MCP streamable HTTP
//   POST /v1/operator/<channel>           operator console API (operator-routes.ts), when `operator` is set
//   GET  / (anything outside /v1, /mcp)   the console's static files without the token, when `console` is set
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ObserveSchema } from '../../core/protocol/schema';
import { fromZodError } from '../../core/protocol/errors';
import { Gateway } from '../gateway';
import type { ControlPlanePort, RejectedInput } from '../ports';
import type { QuorumEndpoint } from '../quorum/endpoint';
import { DEFAULT_BODY_LIMIT, readJsonBody } from './body';
import { ingressError, sendError, sendJson, statusOf, type IngressError } from './errors';
import { bearerOf, tokenMatches } from './token';
import { LiveStream } from './stream';
import { isConsolePath } from './console-static';
import { OPERATOR_PREFIX } from './operator-routes';

export type HttpHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface IngressServerOptions {
  controlPlane: ControlPlanePort;
  token: string;
  host?: string;
  /** 0 = ephemeral. */
  port?: number;
  /** Request body limit in bytes; default 256 KiB (DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  quorum?: QuorumEndpoint;
  /** Streamable-HTTP MCP handler mounted at /mcp (after the bearer check). */
  mcp?: HttpHandler;
  /** Operator console API mounted at /v1/operator/* (after the bearer check); see operator-routes.ts. */
  operator?: HttpHandler;
  /** Static files of the operator console for GET outside /v1 and /mcp (no token); see console-static.ts. */
  console?: HttpHandler;
  gateway?: Gateway;
  now?: () => number;
}

export interface IngressServer {
  url: string;
  port: number;
  server: Server;
  gateway: Gateway;
  stream: LiveStream;
  close(): Promise<void>;
}

const ID = '([A-Za-z0-9._:~-]{1,200})';
const ROUTES: { method: string; re: RegExp; name: string }[] = [
  { method: 'POST', re: /^\/v1\/actions$/, name: 'actions' },
  { method: 'POST', re: new RegExp(`^/v1/events/${ID}/result$`), name: 'result' },
  { method: 'GET', re: /^\/v1\/approvals$/, name: 'approvals' },
  { method: 'POST', re: new RegExp(`^/v1/approvals/${ID}/(approve|deny)$`), name: 'resolve' },
  { method: 'GET', re: /^\/v1\/sessions$/, name: 'sessions' },
  { method: 'GET', re: /^\/v1\/agents$/, name: 'agents' },
  { method: 'GET', re: /^\/v1\/tools$/, name: 'tools' },
  { method: 'GET', re: /^\/v1\/health$/, name: 'health' },
  { method: 'GET', re: /^\/v1\/quorum\/paths$/, name: 'quorum-paths' },
  { method: 'GET', re: /^\/v1\/stream$/, name: 'stream' },
];

export async function startIngressServer(opts: IngressServerOptions): Promise<IngressServer> {
  const port = opts.controlPlane;
  const now = opts.now ?? Date.now;
  const gateway = opts.gateway ?? new Gateway(port);
  const stream = new LiveStream(port, now);
  const limit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;

  const audit = (record: Omit<RejectedInput, 'ts' | 'origin'>) => {
    try {
      port.auditRejectedInput({ ts: now(), origin: 'http', ...record });
    } catch {
      // auditing must not take the server down; the control plane reports its own failures
    }
  };

  const reject = (req: IncomingMessage, res: ServerResponse, route: string, error: IngressError | { code: string; message: string; issues?: IngressError['issues'] }, who: { agent?: string; session?: string } = {}) => {
    const status = sendError(res, error);
    audit({ method: req.method ?? '?', route, status, code: error.code, message: error.message, remote: req.socket.remoteAddress, ...who });
  };

  const authorized = (req: IncomingMessage, url: URL) => tokenMatches(bearerOf(req.headers.authorization) ?? url.searchParams.get('access_token'), opts.token);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/v1/quorum/slots') {
      if (!opts.quorum) return reject(req, res, path, ingressError('not_found', 'no quorum receiver is configured on this server'));
      if (req.method !== 'POST') return reject(req, res, path, ingressError('method_not_allowed', `${req.method} ${path}: use POST`));
      const r = await opts.quorum.handle(req, res);
      if (r.status >= 400) audit({ method: 'POST', route: path, status: r.status, code: r.code ?? 'invalid_request', message: r.message ?? '', remote: req.socket.remoteAddress });
      return;
    }
    if (opts.console && isConsolePath(req.method, path)) return opts.console(req, res);
    if (!authorized(req, url)) {
      req.resume();
      return reject(req, res, path, ingressError('unauthorized', bearerOf(req.headers.authorization) ? 'bearer token is not valid for this server' : 'missing bearer token: send Authorization: Bearer <token> (the token is in DATA_DIR/token)'));
    }
    if (path === '/mcp' || path.startsWith('/mcp/')) {
      if (!opts.mcp) return reject(req, res, path, ingressError('not_found', 'no MCP endpoint is configured on this server'));
      return opts.mcp(req, res);
    }
    if (path.startsWith(OPERATOR_PREFIX)) {
      if (!opts.operator) return reject(req, res, path, ingressError('not_found', 'no operator API is configured on this server'));
      return opts.operator(req, res);
    }
    const match = ROUTES.map((r) => ({ r, m: r.re.exec(path) })).filter((x) => x.m);
    if (match.length === 0) {
      req.resume();
      return reject(req, res, path, ingressError('not_found', `no route ${req.method} ${path}`));
    }
    const hit = match.find((x) => x.r.method === req.method);
    if (!hit) {
      req.resume();
      res.setHeader('allow', match.map((x) => x.r.method).join(', '));
      return reject(req, res, path, ingressError('method_not_allowed', `${req.method} ${path}: allowed ${match.map((x) => x.r.method).join(', ')}`));
    }
    const params = hit.m!.slice(1);
    switch (hit.r.name) {
      case 'actions': {
        const body = await readJsonBody(req, limit);
        if (!body.ok) return reject(req, res, path, body.error);
        const result = await gateway.submit(body.value, 'http');
        if (!result.ok) return reject(req, res, path, result.error, { agent: result.agent, session: result.session });
        return sendJson(res, 200, result.response);
      }
      case 'result': {
        const body = await readJsonBody(req, limit);
        if (!body.ok) return reject(req, res, path, body.error);
        const v = body.value as Record<string, unknown> | null;
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return reject(req, res, path, ingressError('invalid_request', 'result body must be {"v":1,"agent":"…","observe":{…}}'));
        const extra = Object.keys(v).filter((k) => !['v', 'agent', 'observe'].includes(k));
        if (extra.length > 0) return reject(req, res, path, ingressError('unknown_field', `unknown field(s) ${extra.map((k) => `"${k}"`).join(', ')} in result`, extra.map((field) => ({ field, message: `unknown field "${field}"` }))));
        if (v.v !== 1) return reject(req, res, path, ingressError('unsupported_version', `result v must be 1 (got ${JSON.stringify(v.v)})`, [{ field: 'v', message: 'must be 1' }]));
        if (typeof v.agent !== 'string' || v.agent === '') return reject(req, res, path, ingressError('missing_field', 'result needs "agent"', [{ field: 'agent', message: 'required' }]));
        const observe = ObserveSchema.safeParse(v.observe ?? {});
        if (!observe.success) return reject(req, res, path, fromZodError(v.observe, observe.error, 'invalid_request', 'invalid observe'), { agent: v.agent });
        const r = port.reportResult(params[0], observe.data, { agent: v.agent });
        if (!r.ok) return reject(req, res, path, r.error, { agent: v.agent });
        return sendJson(res, 200, { ok: true, event: params[0], provenance: 'agent-reported' });
      }
      case 'approvals':
        return sendJson(res, 200, { approvals: port.pendingApprovals() });
      case 'resolve': {
        let by = 'operator';
        let reason: string | undefined;
        const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
        if (hasBody) {
          const body = await readJsonBody(req, limit);
          if (!body.ok) return reject(req, res, path, body.error);
          const v = body.value as Record<string, unknown> | null;
          if (v === null || typeof v !== 'object' || Array.isArray(v)) return reject(req, res, path, ingressError('invalid_request', 'approval body must be a JSON object {by?, reason?}'));
          const extra = Object.keys(v).filter((k) => !['by', 'reason'].includes(k));
          if (extra.length > 0) return reject(req, res, path, ingressError('unknown_field', `unknown field(s) ${extra.map((k) => `"${k}"`).join(', ')} in approval`, extra.map((field) => ({ field, message: `unknown field "${field}"` }))));
          if (v.by !== undefined && (typeof v.by !== 'string' || v.by === '')) return reject(req, res, path, ingressError('invalid_request', '"by" must be a non-empty string'));
          if (v.reason !== undefined && typeof v.reason !== 'string') return reject(req, res, path, ingressError('invalid_request', '"reason" must be a string'));
          by = (v.by as string | undefined) ?? by;
          reason = v.reason as string | undefined;
        } else req.resume();
        const r = params[1] === 'approve' ? port.approve(params[0], by) : port.deny(params[0], by, reason);
        if (!r.ok) return reject(req, res, path, r.error);
        return sendJson(res, 200, r.decision);
      }
      case 'sessions':
        return sendJson(res, 200, { sessions: port.sessions() });
      case 'agents':
        return sendJson(res, 200, { agents: port.agents() });
      case 'tools':
        return sendJson(res, 200, { tools: port.tools() });
      case 'health':
        return sendJson(res, 200, { ok: true, v: 1, stream: stream.clients(), quorum: opts.quorum ? { k: opts.quorum.k } : null });
      case 'quorum-paths':
        if (!opts.quorum) return reject(req, res, path, ingressError('not_found', 'no quorum receiver is configured on this server'));
        return sendJson(res, 200, { k: opts.quorum.k, paths: opts.quorum.pathStatus() });
      case 'stream':
        if (/text\/event-stream/.test(String(req.headers.accept ?? ''))) return stream.serveSse(req, res);
        return reject(req, res, path, ingressError('invalid_request', 'GET /v1/stream needs a WebSocket upgrade or Accept: text/event-stream'));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      const error = ingressError('internal', `internal error: ${(err as Error).message}`);
      sendError(res, error);
      audit({ method: req.method ?? '?', route: req.url ?? '?', status: statusOf('internal'), code: 'internal', message: error.message });
    });
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // a client that went away is not bad input: nothing to answer, nothing to audit
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":{"code":"invalid_request","message":"malformed HTTP request","issues":[]}}');
    else socket.destroy();
    audit({ method: '?', route: '?', status: 400, code: 'invalid_request', message: `malformed HTTP request: ${err.message}` });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const deny = (status: number, code: string, message: string) => {
      const body = JSON.stringify({ error: { code, message, issues: [] } });
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      audit({ method: 'GET', route: url.pathname, status, code, message, remote: req.socket.remoteAddress });
    };
    if (url.pathname !== '/v1/stream') return deny(404, 'not_found', `no WebSocket endpoint at ${url.pathname}`);
    if (!authorized(req, url)) return deny(401, 'unauthorized', 'missing or invalid bearer token for the live stream');
    stream.upgrade(req, socket, head);
  });
  server.keepAliveTimeout = 10_000;
  server.headersTimeout = 15_000;
  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    gateway,
    stream,
    close: async () => {
      stream.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
