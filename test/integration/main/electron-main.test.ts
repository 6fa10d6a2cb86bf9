// Smoke test of the BUILT Electron main process (out/main/index.js) without an Electron binary:
// plain Node runs it with the `electron` module replaced by a stub (a module resolve hook), so the
// real composition root, the ipcMain handlers and the window options are exercised.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../../src/shared/ipc';
import { ensureBuilt, OUT } from '../../helpers/build-console';

const STUB = `
const handlers = new Map();
const sent = [];
const windows = [];
let ready;
const whenReadyPromise = new Promise((r) => (ready = r));
export const ipcMain = { handle: (channel, fn) => handlers.set(channel, fn) };
export class BrowserWindow {
  constructor(options) {
    this.options = options;
    this.webContents = { on() {}, setWindowOpenHandler() {}, isDestroyed: () => false, send: (channel, message) => sent.push([channel, message]) };
    windows.push(this);
  }
  loadFile(file) { this.loaded = file; return Promise.resolve(); }
  loadURL(url) { this.loaded = url; return Promise.resolve(); }
  static getAllWindows() { return windows; }
}
export const app = { whenReady: () => whenReadyPromise, getPath: () => process.env.STUB_USER_DATA, on() {}, quit() {}, exit(code) { process.exit(code); } };
globalThis.__electronStub = { handlers, sent, windows, ready: () => ready() };
export default { app, BrowserWindow, ipcMain };
`;

const DRIVER = (main: string, renderer: string) => `
import { pathToFileURL } from 'node:url';
await import(${JSON.stringify(pathToFileURL(main).href)});
const stub = globalThis.__electronStub;
stub.ready();
for (let i = 0; i < 200 && stub.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
const ours = { senderFrame: { url: ${JSON.stringify(pathToFileURL(renderer).href)} } };
const call = (channel, input, event = ours) => stub.handlers.get(channel)(event, input);
const out = {
  channels: [...stub.handlers.keys()].sort(),
  webPreferences: stub.windows[0]?.options.webPreferences,
  loaded: stub.windows[0]?.loaded,
  status: await call('rules.status', {}),
  bad: await call('agents.interrupt', { kind: 'STOP', agent: 'bot' }),
  stranger: await call('rules.status', {}, { senderFrame: { url: 'https://example.invalid/' } }),
  pause: await call('agents.interrupt', { kind: 'PAUSE', agent: 'bot', reason: 'smoke' }),
  verify: await call('audit.verify', {}),
};
for (let i = 0; i < 200 && !(await import('node:fs')).existsSync(process.env.AGENTFLOW_DATA + '/token'); i++) await new Promise((r) => setTimeout(r, 25));
const token = (await import('node:fs')).readFileSync(process.env.AGENTFLOW_DATA + '/token', 'utf8').trim();
const base = 'http://127.0.0.1:' + process.env.AGENTFLOW_PORT;
for (let i = 0; i < 200; i++) {
  try { await fetch(base + '/v1/health', { headers: { authorization: 'Bearer ' + token } }); break; } catch { await new Promise((r) => setTimeout(r, 25)); }
}
const agents = await fetch(base + '/v1/operator/agents.list', { method: 'POST', headers: { authorization: 'Bearer ' + token } });
out.agentApi = { status: agents.status, agents: await agents.json(), page: (await fetch(base + '/')).status };
out.live = stub.sent.map(([channel, message]) => [channel, message.type]);
console.log(JSON.stringify(out));
process.exit(0);
`;

let dir: string;
let result: any;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  ensureBuilt();
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'af-electron-main-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'data', 'policy.json'), JSON.stringify({ org: { internalDomains: ['acme.example'], privateHosts: {}, allowedHosts: [] }, agents: { bot: { role: 'ops', scopes: ['apps.*'], mode: 'HOTL' } } }));
  writeFileSync(join(dir, 'electron-stub.mjs'), STUB);
  writeFileSync(join(dir, 'hooks.mjs'), `export async function resolve(specifier, context, next) { return specifier === 'electron' ? { url: ${JSON.stringify(pathToFileURL(join(dir, 'electron-stub.mjs')).href)}, shortCircuit: true } : next(specifier, context); }`);
  writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`);
  writeFileSync(join(dir, 'driver.mjs'), DRIVER(join(OUT, 'main', 'index.js'), join(OUT, 'renderer', 'index.html')));
  const stdout = execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(dir, 'driver.mjs')], {
    env: { ...process.env, STUB_USER_DATA: join(dir, 'userData'), AGENTFLOW_DATA: join(dir, 'data'), AGENTFLOW_PORT: String(port) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  result = JSON.parse(stdout.trim().split('\n').pop()!);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Electron main (built bundle, electron stubbed)', () => {
  it('registers exactly one ipcMain handler per channel of the IPC contract', () => {
    expect(result.channels).toEqual([...IPC_CHANNELS].sort());
  });

  it('opens the console with context isolation, the sandbox, no Node integration, and the CommonJS preload', () => {
    expect(result.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(result.webPreferences.preload).toBe(join(OUT, 'preload', 'index.cjs'));
    expect(result.loaded).toBe(join(OUT, 'renderer', 'index.html'));
  });

  it('answers from the real control plane, validates every input, and refuses other pages', () => {
    expect(result.status).toMatchObject({ ok: true, value: { state: 'ok', revision: expect.stringMatching(/^[0-9a-f]{16}$/) } });
    expect(result.bad).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ field: 'kind' }] } });
    expect(result.stranger).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(result.pause).toMatchObject({ ok: true, value: { kind: 'PAUSE', agent: 'bot', by: expect.stringMatching(/^desktop:/) } });
    expect(result.verify).toMatchObject({ ok: true, value: { ok: true } });
  });

  it('serves agents the same API as agentflow serve (token in the data dir), with the console at /', () => {
    expect(result.agentApi.status).toBe(200);
    expect(result.agentApi.agents.find((a: { id: string }) => a.id === 'bot')).toMatchObject({ status: 'paused' });
    expect(result.agentApi.page).toBe(200);
  });

  it('forwards the live event bus to the window', () => {
    expect(result.live).toContainEqual(['live.event', 'agent.status']);
  });
});
