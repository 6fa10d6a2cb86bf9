// The one place where error codes become HTTP replies: status + `{error:{code,message,issues}}`.
import type { ServerResponse } from 'node:http';
import type { AgentFlowErrorCode, FieldIssue } from '../../core/protocol/errors';

export type IngressErrorCode =
  | AgentFlowErrorCode
  | 'unauthorized'
  | 'malformed_json'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'not_found'
  | 'method_not_allowed'
  | 'unknown_event'
  | 'conflict'
  | 'unavailable';

export interface IngressError {
  code: IngressErrorCode;
  message: string;
  issues: FieldIssue[];
}

export const HTTP_STATUS: Record<IngressErrorCode, number> = {
  invalid_request: 400,
  unsupported_version: 400,
  unknown_field: 400,
  missing_field: 400,
  malformed_json: 400,
  invalid_case: 400,
  rule_syntax: 400,
  rule_invalid: 400,
  unauthorized: 401,
  unknown_agent: 403,
  not_found: 404,
  unknown_event: 404,
  method_not_allowed: 405,
  conflict: 409,
  body_too_large: 413,
  unsupported_media_type: 415,
  config_invalid: 500,
  internal: 500,
  unavailable: 503,
};

export function ingressError(code: IngressErrorCode, message: string, issues: FieldIssue[] = []): IngressError {
  return { code, message, issues };
}

export function statusOf(code: string): number {
  return HTTP_STATUS[code as IngressErrorCode] ?? 500;
}

export function errorBody(error: { code: string; message: string; issues?: FieldIssue[] }): { error: { code: string; message: string; issues: FieldIssue[] } } {
  return { error: { code: error.code, message: error.message, issues: (error.issues ?? []).map((i) => ({ field: i.field, message: i.message })) } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, error: { code: string; message: string; issues?: FieldIssue[] }, headers: Record<string, string> = {}): number {
  const status = statusOf(error.code);
  if (status === 401) headers = { 'www-authenticate': 'Bearer realm="agentflow"', ...headers };
  sendJson(res, status, errorBody(error), headers);
  return status;
}
