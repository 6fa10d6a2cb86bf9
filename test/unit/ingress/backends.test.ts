// Execution backends: the control plane's own HTTP client for `api` actions, and the tool
// registry (HTTP endpoints, downstream MCP servers driven through the SDK Client).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { executeApiCall } from '../../../src/ingress/backends/api-executor';
import { HttpToolBackend, McpToolBackend, ToolRegistry } from '../../../src/ingress/backends/tool-backends';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.url === '/redirect') return res.writeHead(302, { location: 'https://evil.example/' }).end();
      if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      if (req.url === '/tool') {
        const { name, arguments: args } = JSON.parse(body);
        if (name === 'broken') return res.writeHead(500).end('boom');
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tool: name, echoed: args }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, url: req.url, body: body ? JSON.parse(body) : null, ct: req.headers['content-type'] ?? null }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('api executor', () => {
  it('executes the call and observes the parsed response body', async () => {
    const r = await executeApiCall({ method: 'post', url: `${base}/v1/items`, body: { a: 1 } });
    expect(r).toMatchObject({ ok: true, status: 200, observe: { body: { method: 'POST', url: '/v1/items', body: { a: 1 }, ct: 'application/json' } } });
  });
  it('does not follow redirects (the gate decided on this host)', async () => {
    const r = await executeApiCall({ method: 'GET', url: `${base}/redirect` });
    expect(r).toMatchObject({ ok: true, status: 302 });
  });
  it('bounds the body, refuses other schemes, reports network failures', async () => {
    expect(await executeApiCall({ method: 'GET', url: `${base}/big` }, { maxBytes: 100 })).toMatchObject({ ok: true, truncated: true, observe: { body: 'x'.repeat(100) } });
    expect(await executeApiCall({ method: 'GET', url: 'file:///etc/passwd' })).toMatchObject({ ok: false, error: expect.stringContaining('only http and https') });
    expect(await executeApiCall({ method: 'GET', url: 'http://127.0.0.1:1/' })).toMatchObject({ ok: false });
  });
});

describe('tool registry', () => {
  it('HTTP endpoint backends execute and observe; no backend → null (agent-reported)', async () => {
    const reg = new ToolRegistry();
    reg.register(new HttpToolBackend({ name: 'weather', description: 'Weather', inputSchema: { type: 'object' } }, { url: `${base}/tool` }));
    reg.register(new HttpToolBackend({ name: 'broken' }, { url: `${base}/tool` }));
    expect(reg.tools().map((t) => t.name)).toEqual(['weather', 'broken']);
    expect(await reg.call('weather', { city: 'Oslo' })).toEqual({ ok: true, result: { tool: 'weather', echoed: { city: 'Oslo' } } });
    expect(await reg.call('broken', {})).toMatchObject({ ok: false, error: expect.stringContaining('HTTP 500') });
    expect(await reg.call('unregistered', {})).toBeNull();
    expect(await reg.unregister('http:broken')).toBe(true);
    await reg.close();
  });

  it('downstream MCP servers: tools listed with a prefix, calls go through the SDK Client', async () => {
    const downstream = new McpServer({ name: 'files', version: '1' });
    downstream.registerTool('read_file', { description: 'Read a file', inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: `contents of ${path}` }] }));
    downstream.registerTool('fail', { description: 'Always fails' }, async () => ({ isError: true, content: [{ type: 'text', text: 'nope' }] }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await downstream.connect(b);
    const backend = await McpToolBackend.connect('files', { transport: a }, { prefix: 'files.' });
    const reg = new ToolRegistry();
    reg.register(backend);
    expect(reg.tools().map((t) => t.name)).toEqual(['files.read_file', 'files.fail']);
    expect(reg.tools()[0].inputSchema).toMatchObject({ type: 'object', properties: { path: { type: 'string' } } });
    expect(await reg.call('files.read_file', { path: '/notes.txt' })).toEqual({ ok: true, result: 'contents of /notes.txt' });
    expect(await reg.call('files.fail', {})).toEqual({ ok: false, error: 'nope' });
    await reg.close();
    await downstream.close();
  });
});
