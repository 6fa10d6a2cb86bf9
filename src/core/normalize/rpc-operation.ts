// RPC-style API calls put the operation in the body, not the path: a GraphQL document
// (query or mutation createTransfer), a JSON-RPC or gateway `method` (eth_sendTransaction,
// alipay.trade.query), a SOAP action or body element (GetRiskScore), an XML-RPC methodName.
// Their name is read like an endpoint's path; a query or a getter is a read, even when POSTed.
import { idWords } from '../catalog/words';

export interface RpcOperation {
  /** The operation's name as written (createTransfer, eth_sendTransaction, GetRiskScore). */
  name: string;
  /** Its words, camel case and separators split (create, transfer). */
  words: string[];
  /** Only reads: a GraphQL query, or a name whose verb reads (get, query, list …) and nothing else. */
  read: boolean;
  how: string;
}

const READ_VERBS = new Set(['get', 'query', 'list', 'search', 'find', 'lookup', 'fetch', 'read', 'retrieve', 'describe', 'check', 'count', 'show', 'view', 'estimate', 'status', 'balance', 'inquiry', 'inquire', 'consulta', 'consultar', 'obtener', 'abfrage']);
const WRITE_VERBS = new Set(['create', 'send', 'set', 'update', 'delete', 'remove', 'add', 'put', 'post', 'transfer', 'pay', 'submit', 'execute', 'exec', 'run', 'install', 'uninstall', 'grant', 'revoke', 'wipe', 'reset', 'refund', 'charge', 'cancel', 'approve', 'write', 'insert', 'upsert', 'modify', 'change', 'move', 'copy', 'upload', 'share', 'invite', 'sign', 'commit']);

function operation(name: string, how: string, read?: boolean): RpcOperation {
  const words = idWords(name.replace(/^.*[#/]/, ''));
  const readsOnly = read ?? (words.some((w) => READ_VERBS.has(w)) && !words.some((w) => WRITE_VERBS.has(w)));
  return { name, words, read: readsOnly, how };
}

/** The first field a GraphQL document selects (after an alias): the operation it runs. */
const FIRST_FIELD = /\{\s*(?:[A-Za-z_]\w*\s*:\s*)?([A-Za-z_]\w*)/;
const GRAPHQL_TYPE = /^\s*(?:#[^\n]*\n\s*)*(query|mutation|subscription)\b|^\s*(?:#[^\n]*\n\s*)*\{/;
const SOAP_BODY_ELEMENT = /<(?:[\w-]+:)?Body\b[^>]*>\s*<(?:[\w-]+:)?([A-Za-z_][\w.-]*)/;
const XML_RPC_METHOD = /<methodName>\s*([^<\s]+)\s*<\/methodName>/;

function header(headers: Record<string, string>, name: string): string | undefined {
  for (const k in headers) if (k.toLowerCase() === name) return String(headers[k]);
  return undefined;
}

/** The operation an RPC-style body names, or null when the body is not one. */
export function rpcOperation(body: unknown, headers: Record<string, string> = {}): RpcOperation | null {
  if (typeof body === 'string') {
    const soapAction = header(headers, 'soapaction')?.replace(/"/g, '').trim();
    if (soapAction) return operation(soapAction, 'SOAP action');
    const element = SOAP_BODY_ELEMENT.exec(body);
    if (element) return operation(element[1], 'SOAP body element');
    const method = XML_RPC_METHOD.exec(body);
    if (method) return operation(method[1], 'XML-RPC method');
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.query === 'string') {
    const type = GRAPHQL_TYPE.exec(record.query);
    if (type) {
      const field = FIRST_FIELD.exec(record.query)?.[1] ?? '';
      const kind = type[1] ?? 'query';
      return operation(field || kind, `GraphQL ${kind}`, kind === 'query');
    }
  }
  if (typeof record.method === 'string' && record.method.trim() !== '') return operation(record.method, record.jsonrpc ? 'JSON-RPC method' : 'RPC method');
  return null;
}
