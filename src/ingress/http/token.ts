// Bearer token: generated on first run into DIR/token with mode 0600 (readable only by the
// user), compared in constant time.
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TokenFile {
  token: string;
  path: string;
  created: boolean;
}

export function loadOrCreateToken(dir: string): TokenFile {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'token');
  try {
    const token = readFileSync(path, 'utf8').trim();
    if (token.length >= 16) {
      if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
      return { token, path, created: false };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  return { token, path, created: true };
}

/** Constant-time check of `Authorization: Bearer <token>` (or a bare token). */
export function tokenMatches(presented: string | undefined | null, expected: string): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return m ? m[1] : null;
}
