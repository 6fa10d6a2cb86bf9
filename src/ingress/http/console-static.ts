// The operator console's static files (the built renderer, e.g. out/renderer) at `/`. They hold
// no secret, so they are served without the bearer token; the page gets the token from the URL
// fragment `#token=…` that `agentflow serve` prints (a fragment never reaches the server or a
// Referer) and sends it on every /v1 request. Only files inside the directory are served.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Is this request for the console's static files (anything that is not the API, MCP or quorum)? */
export function isConsolePath(method: string | undefined, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !path.startsWith('/v1/') && path !== '/v1' && path !== '/mcp' && !path.startsWith('/mcp/');
}

export function createConsoleStatic(dir: string): StaticHandler {
  const root = resolve(dir);
  return async (req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', ...SECURITY_HEADERS });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return send(400, 'text/plain; charset=utf-8', 'bad path\n');
    }
    if (path.includes('\0')) return send(400, 'text/plain; charset=utf-8', 'bad path\n');
    const file = resolve(join(root, path === '/' ? 'index.html' : path));
    if (file !== root && !file.startsWith(root + sep)) return send(404, 'text/plain; charset=utf-8', 'not found\n');
    if (!existsSync(join(root, 'index.html'))) {
      return send(404, 'text/plain; charset=utf-8', `the operator console is not built (no ${join(root, 'index.html')}): run \`npm run build\`\n`);
    }
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) return send(404, 'text/plain; charset=utf-8', 'not found\n');
      size = st.size;
    } catch {
      return send(404, 'text/plain; charset=utf-8', 'not found\n');
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // index.html is never cached (it names the hashed assets); the assets are immutable.
    const cache = file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable';
    res.writeHead(200, { 'content-type': type, 'content-length': size, 'cache-control': cache, ...SECURITY_HEADERS });
    if (req.method === 'HEAD') return void res.end();
    await new Promise<void>((done) => {
      const stream = createReadStream(file);
      stream.on('error', () => {
        res.destroy();
        done();
      });
      stream.on('end', done);
      stream.pipe(res);
    });
  };
}
