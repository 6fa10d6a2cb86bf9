// `agentflow serve` wiring (startServe) with a control-plane factory: token file, serve.json,
// HTTP API, MCP over HTTP and the quorum receiver, all on one loopback port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServe, type ServeHandle } from '../../../src/cli/commands/serve';
import { AgentFlowClient, QuorumSender } from '../../../src/ingress/client';
import { FakeControlPlane } from '../../unit/ingress/fake-port';

const dir = join(mkdtempSync(join(tmpdir(), 'af-serve-')), 'data');
const pathTokens = [0, 1, 2, 3, 4].map((i) => `quorum-path-token-${i}-abcdef`);
let handle: ServeHandle;
let cp: FakeControlPlane;
let closed = false;

beforeAll(async () => {
  cp = new FakeControlPlane();
  const qfile = join(mkdtempSync(join(tmpdir(), 'af-q-')), 'paths.json');
  writeFileSync(qfile, JSON.stringify({ slotTimeoutMs: 300, paths: pathTokens.map((token, i) => ({ id: `p${i}`, group: ['aws-eu', 'aws-eu', 'gcp-us', 'gcp-us', 'azure'][i], token })) }));
  handle = await startServe({ dataDir: dir, port: 0, quorumFile: qfile, io: { out: () => undefined, err: () => undefined }, factory: async () => ({ port: cp, close: async () => void (closed = true) }) });
});
afterAll(async () => {
  await handle.close();
  cp.close();
});

describe('agentflow serve', () => {
  it('generates DIR/token (0600) and records DIR/serve.json', () => {
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    expect(token).toBe(handle.token);
    expect(statSync(join(dir, 'token')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'serve.json'), 'utf8')).url).toBe(handle.url);
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('serves the API, MCP and the quorum receiver on one port', async () => {
    const af = new AgentFlowClient({ baseUrl: handle.url, token: handle.token, agent: 'agent-1', session: 'srv' });
    expect((await af.readScreen()).decision).toBe('allow');

    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${handle.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${handle.token}`, 'x-agentflow-agent': 'agent-2' } } }));
    const r = (await client.callTool({ name: 'home', arguments: {} })) as { content: { text: string }[] };
    expect(JSON.parse(r.content[0].text).decision).toBe('allow');
    await client.close();

    const sender = new QuorumSender({ sender: 'planner', paths: pathTokens.map((t) => ({ url: `${handle.url}/v1/quorum/slots`, headers: { authorization: `Bearer ${t}` } })) });
    await sender.send({ v: 1, session: 'srv', agent: 'agent-1', channel: 'llm', llm: { steps: [{ channel: 'gui', gui: { op: 'back' } }] } });
    for (let i = 0; i < 100 && !cp.submitted.some((s) => s.options.origin === 'quorum'); i++) await new Promise((res) => setTimeout(res, 10));
    expect(cp.submitted.find((s) => s.options.origin === 'quorum')?.options.quorum).toMatchObject({ sender: 'planner', k: 5 });
    const paths = (await (await fetch(`${handle.url}/v1/quorum/paths`, { headers: { authorization: `Bearer ${handle.token}` } })).json()) as { k: number };
    expect(paths.k).toBe(5);
  });

  it('refuses a quorum configuration where one failure group carries k/2 or more paths', async () => {
    const qfile = join(mkdtempSync(join(tmpdir(), 'af-q-')), 'bad.json');
    writeFileSync(qfile, JSON.stringify({ paths: pathTokens.map((token, i) => ({ id: `p${i}`, group: i < 3 ? 'one-broker' : `g${i}`, token })) }));
    const other = join(mkdtempSync(join(tmpdir(), 'af-serve-')), 'd');
    await expect(startServe({ dataDir: other, port: 0, quorumFile: qfile, io: { out: () => undefined, err: () => undefined }, factory: async () => ({ port: new FakeControlPlane(), close: async () => undefined }) })).rejects.toThrow(/failure group "one-broker" carries 3 of k = 5/);
  });

  it('close() shuts everything and removes serve.json', async () => {
    const other = join(mkdtempSync(join(tmpdir(), 'af-serve-')), 'd');
    let down = false;
    const h = await startServe({ dataDir: other, port: 0, io: { out: () => undefined, err: () => undefined }, factory: async () => ({ port: new FakeControlPlane(), close: async () => void (down = true) }) });
    await h.close();
    expect(down).toBe(true);
    expect(existsSync(join(other, 'serve.json'))).toBe(false);
    expect(closed).toBe(false);
  });
});
