// The MCP server driven by the SDK's own Client: in-process, over stdio (spawning
// `node bin/agentflow.js mcp`), and over streamable HTTP on the ingress server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startIngressServer, type IngressServer } from '../../../src/ingress/http/server';
import { Gateway } from '../../../src/ingress/gateway';
import { createMcpServer, inProcessBackend } from '../../../src/ingress/mcp/server';
import { createMcpHttpHandler, type McpHttpHandler } from '../../../src/ingress/mcp/http';
import { FakeControlPlane } from '../../unit/ingress/fake-port';

const TOKEN = 'mcp-token-0123456789abcdef';
const ROOT = resolve(__dirname, '../../..');
let cp: FakeControlPlane;
let server: IngressServer;
let mcpHttp: McpHttpHandler;

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };

beforeAll(async () => {
  cp = new FakeControlPlane();
  const gateway = new Gateway(cp);
  mcpHttp = createMcpHttpHandler(inProcessBackend(gateway));
  server = await startIngressServer({ controlPlane: cp, token: TOKEN, gateway, mcp: (req, res) => mcpHttp.handle(req, res) });
});
afterAll(async () => {
  await mcpHttp.close();
  await server.close();
  cp.close();
});

async function exercise(client: Client, agent: string) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['read_screen', 'tap', 'type', 'launch_app', 'back', 'home', 'http_request', 'catalog.echo']));
  const before = cp.submitted.length;
  const screen = (await client.callTool({ name: 'read_screen', arguments: {} })) as ToolResult;
  expect(screen.isError).toBeFalsy();
  expect(JSON.parse(screen.content[0].text)).toMatchObject({ decision: 'allow', observation: { texts: ['Inbox', 'Compose'] } });
  const tap = (await client.callTool({ name: 'tap', arguments: { target: { text: 'Send' } } })) as ToolResult;
  expect(JSON.parse(tap.content[0].text).decision).toBe('allow');
  const typed = (await client.callTool({ name: 'type', arguments: { target: { resourceId: 'cmd' }, text: 'rm -rf /sdcard' } })) as ToolResult;
  expect(typed.isError).toBe(true);
  expect(typed.content[0].text).toMatch(/AgentFlow policy DENIED this action \(rule deny\.danger, tier T1\): dangerous content/);
  const http = (await client.callTool({ name: 'http_request', arguments: { method: 'get', url: 'https://api.acme.example/v1' } })) as ToolResult;
  expect(JSON.parse(http.content[0].text)).toMatchObject({ decision: 'allow', observation: { body: { status: 200 } } });
  const echo = (await client.callTool({ name: 'catalog.echo', arguments: { text: 'hi' } })) as ToolResult;
  expect(JSON.parse(echo.content[0].text)).toMatchObject({ decision: 'allow', execution: 'executed', observation: { result: { text: 'hi' } } });
  await client.callTool({ name: 'launch_app', arguments: { app: 'com.google.android.gm' } });
  await client.callTool({ name: 'back', arguments: {} });
  await client.callTool({ name: 'home', arguments: {} });
  const bad = (await client.callTool({ name: 'tap', arguments: { target: {} } })) as ToolResult;
  expect(bad.isError).toBe(true);
  expect(bad.content[0].text).toMatch(/Invalid arguments for tap/);
  const unknown = (await client.callTool({ name: 'format_disk', arguments: {} })) as ToolResult;
  expect(unknown.isError).toBe(true);
  // every governed call became an ActionRequest for this agent that passed the gate
  const sent = cp.submitted.slice(before);
  expect(sent.map((s) => s.request.channel)).toEqual(['gui', 'gui', 'gui', 'api', 'tool', 'gui', 'gui', 'gui']);
  expect(sent.every((s) => s.request.agent === agent)).toBe(true);
  expect(sent[3].request.api).toMatchObject({ method: 'GET' });
}

describe('MCP server', () => {
  it('in-process: SDK Client over InMemoryTransport', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const mcp = createMcpServer(inProcessBackend(new Gateway(cp)), { agent: 'agent-1', session: 'mcp-mem', device: 'emulator-5554' });
    await mcp.connect(b);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(a);
    await exercise(client, 'agent-1');
    expect(cp.submitted.at(-1)!.options.origin).toBe('mcp');
    await client.close();
    await mcp.close();
  });

  it('unknown agent: the refusal is an MCP error a model can read', async () => {
    const [a, b] = InMemoryTransport.createLinkedPair();
    const mcp = createMcpServer(inProcessBackend(new Gateway(cp)), { agent: 'mallory', session: 'x' });
    await mcp.connect(b);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(a);
    const before = cp.rejected.length;
    const r = (await client.callTool({ name: 'home', arguments: {} })) as ToolResult;
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toMatch(/refused the request \(unknown_agent\)/);
    expect(cp.rejected.slice(before)).toEqual([expect.objectContaining({ origin: 'mcp', code: 'unknown_agent', agent: 'mallory' })]);
    await client.callTool({ name: 'tap', arguments: { target: 'nope' } });
    expect(cp.rejected.at(-1)).toMatchObject({ origin: 'mcp', code: 'invalid_request', route: 'tap' });
    await client.close();
    await mcp.close();
  });

  it('stdio: SDK StdioClientTransport spawning `node bin/agentflow.js mcp`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'af-mcp-'));
    writeFileSync(join(dir, 'token'), TOKEN, { mode: 0o600 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin/agentflow.js'), 'mcp', '--agent', 'agent-2', '--session', 'stdio-s', '--url', server.url, '--data', dir],
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1' });
    await client.connect(transport);
    await exercise(client, 'agent-2');
    expect(cp.submitted.at(-1)!.request.session).toBe('stdio-s');
    await client.close();
  }, 60_000);

  it('streamable HTTP at /mcp, behind the bearer token', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}`, 'x-agentflow-agent': 'agent-1', 'x-agentflow-session': 'http-s' } } });
    const client = new Client({ name: 'http-test', version: '1' });
    await client.connect(transport);
    expect(mcpHttp.sessions()).toBe(1);
    await exercise(client, 'agent-1');
    expect(cp.submitted.at(-1)!.request.session).toBe('http-s');
    await transport.terminateSession();
    await client.close();
    // without the token: 401, audited
    const before = cp.rejected.length;
    const r = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(r.status).toBe(401);
    expect(cp.rejected.length).toBe(before + 1);
    // initialize without an agent id is refused with a clear error
    const noAgent = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(noAgent.status).toBe(400);
    expect(((await noAgent.json()) as { error: { message: string } }).error.message).toMatch(/x-agentflow-agent/);
  });
});
