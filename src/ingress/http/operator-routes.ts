// Operator endpoints for the browser console, behind the same bearer token as the agent API:
//
//   POST /v1/operator/<channel>    body: the channel's request (src/shared/ipc.ts), `{}` or empty
//                                  for queries → 200 with the channel's response, or
//                                  4xx `{error:{code,message,issues}}` naming the offending field.
//
// Channels: approvals.list|approve|deny, sessions.list, agents.list|interrupt,
// rules.status|install|rollback, audit.records|verify. Live events come from GET /v1/stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatchIpc, IPC_CHANNELS } from '../../shared/ipc';
import { operatorHandlers, type OperatorPort } from '../operator-port';
import { DEFAULT_BODY_LIMIT, readJsonBody } from './body';
import { ingressError, sendError, sendJson } from './errors';

export const OPERATOR_PREFIX = '/v1/operator/';

export interface OperatorRoutesOptions {
  bodyLimit?: number;
  /** Operator name written to the audit log when a request names none (default `console`). */
  defaultBy?: string;
  /** Called for every 4xx so that it can be audited. */
  onRejected?: (info: { route: string; status: number; code: string; message: string }) => void;
}

export type OperatorHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createOperatorRoutes(port: OperatorPort, options: OperatorRoutesOptions = {}): OperatorHandler {
  const handlers = operatorHandlers(port, options.defaultBy ?? 'console');
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const fail = (res: ServerResponse, route: string, error: { code: string; message: string; issues?: { field: string; message: string }[] }) => {
    const status = sendError(res, error);
    options.onRejected?.({ route, status, code: error.code, message: error.message });
  };
  return async (req, res) => {
    const route = new URL(req.url ?? '/', 'http://localhost').pathname;
    const channel = route.startsWith(OPERATOR_PREFIX) ? route.slice(OPERATOR_PREFIX.length) : '';
    if (!(IPC_CHANNELS as readonly string[]).includes(channel)) {
      req.resume();
      return fail(res, route, ingressError('not_found', `no operator channel "${channel}"; known: ${IPC_CHANNELS.join(', ')}`));
    }
    if (req.method !== 'POST') {
      req.resume();
      return fail(res, route, ingressError('method_not_allowed', `${req.method} ${route}: use POST with the request as JSON`));
    }
    let input: unknown = {};
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody) {
      const body = await readJsonBody(req, limit);
      if (!body.ok) return fail(res, route, body.error);
      input = body.value;
    } else req.resume();
    const reply = await dispatchIpc(handlers, channel, input);
    if (!reply.ok) return fail(res, route, reply.error.code === 'invalid_request' || reply.error.code === 'internal' ? reply.error : { ...reply.error, code: 'invalid_request' });
    return sendJson(res, 200, reply.value);
  };
}
