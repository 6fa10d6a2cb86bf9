// Reads a JSON request body with a hard size limit. Never throws: returns the value or an error.
import type { IncomingMessage } from 'node:http';
import { ingressError, type IngressError } from './errors';

/** Documented default limit for request bodies: 256 KiB. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export type BodyResult = { ok: true; value: unknown; bytes: number } | { ok: false; error: IngressError };

export function readJsonBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<BodyResult> {
  return new Promise((resolve) => {
    const type = String(req.headers['content-type'] ?? '');
    if (!/^application\/(.+\+)?json\b/i.test(type)) {
      req.resume();
      resolve({ ok: false, error: ingressError('unsupported_media_type', `request body must be application/json (got ${type ? JSON.stringify(type) : 'no content-type'})`) });
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      resolve({ ok: false, error: tooLarge(limit, declared) });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        chunks.length = 0;
        resolve({ ok: false, error: tooLarge(limit, size) });
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (err) => {
      if (done) return;
      done = true;
      resolve({ ok: false, error: ingressError('invalid_request', `could not read request body: ${err.message}`) });
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        resolve({ ok: false, error: ingressError('malformed_json', 'request body is empty; expected a JSON object') });
        return;
      }
      try {
        resolve({ ok: true, value: JSON.parse(text), bytes: size });
      } catch (err) {
        resolve({ ok: false, error: ingressError('malformed_json', `request body is not valid JSON: ${(err as Error).message}`) });
      }
    });
  });
}

function tooLarge(limit: number, size: number): IngressError {
  return ingressError('body_too_large', `request body is ${size} bytes or more; the limit is ${limit} bytes`, [{ field: '(body)', message: `limit ${limit} bytes`, value: size }]);
}
