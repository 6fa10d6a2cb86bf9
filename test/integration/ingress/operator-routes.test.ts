// Operator endpoints on the real composition root: POST /v1/operator/<channel> behind the bearer
// token, inputs validated by the shared IPC schemas, and every reply of the real ControlPlane
// matching the response schema the browser console checks. Also the console's static files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlane } from '../../../src/app/control-plane';
import { createConsoleStatic } from '../../../src/ingress/http/console-static';
import { createOperatorRoutes } from '../../../src/ingress/http/operator-routes';
import { startIngressServer, type IngressServer } from '../../../src/ingress/http/server';
import { IPC_CHANNELS, parseIpcResponse, type IpcChannel } from '../../../src/shared/ipc';

const TOKEN = 'operator-routes-token-0123456789';
let dir: string;
let plane: ControlPlane;
let server: IngressServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'af-op-'));
  writeFileSync(join(dir, 'policy.json'), JSON.stringify({ org: { internalDomains: ['acme.example'], privateHosts: {}, allowedHosts: [] }, agents: { bot: { role: 'ops', scopes: ['apps.*', 'email.*'], mode: 'HOTL' } } }));
  mkdirSync(join(dir, 'console', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'console', 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'console', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'token'), `${TOKEN}\n`);
  plane = await ControlPlane.start({ dataDir: join(dir, 'data'), approvalTimeoutMs: 5_000 });
  server = await startIngressServer({ controlPlane: plane, token: TOKEN, port: 0, operator: createOperatorRoutes(plane), console: createConsoleStatic(join(dir, 'console')) });
});

afterAll(async () => {
  await server?.close();
  await plane?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (channel: string, body?: unknown, token: string | null = TOKEN) => {
  const res = await fetch(`${server.url}/v1/operator/${channel}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('/v1/operator/<channel>', () => {
  it('needs the bearer token', async () => {
    expect((await call('rules.status', {}, null)).status).toBe(401);
    expect((await call('rules.status', {}, 'wrong-token-wrong-token')).status).toBe(401);
  });

  it('answers every channel with a reply the console accepts', async () => {
    await plane.submit({ v: 1, session: 's1', agent: 'bot', channel: 'tool', tool: { name: 'send_email', arguments: { to: 'ops@acme.example', body: 'hi' } } } as never, { origin: 'http' });
    const held = plane.submit({ v: 1, session: 's1', agent: 'bot', channel: 'tool', tool: { name: 'install_app', arguments: { package: 'com.x' } } } as never, { origin: 'http' });
    await new Promise((r) => setTimeout(r, 30));
    const pending = await call('approvals.list');
    expect(pending.body).toHaveLength(1);
    const requests: Record<IpcChannel, unknown> = {
      'approvals.list': {},
      'approvals.approve': { event: pending.body[0].event, by: 'alice' },
      'approvals.deny': { event: 'no-such-event' },
      'sessions.list': {},
      'agents.list': {},
      'agents.interrupt': { kind: 'PAUSE', agent: 'bot', by: 'alice', reason: 'test' },
      'rules.status': {},
      'rules.install': { file: '90-console.rules', text: 'rule console.no-mail priority 200\n  when effect is send and resource is email\n  then deny "no mail today"\n', by: 'alice' },
      'rules.rollback': { ref: 1, by: 'alice' },
      'audit.records': { session: 's1' },
      'audit.verify': {},
    };
    for (const channel of IPC_CHANNELS) {
      const r = await call(channel, requests[channel]);
      expect(r.status, `${channel}: ${JSON.stringify(r.body)}`).toBe(200);
      const parsed = parseIpcResponse(channel, r.body);
      expect(parsed.ok, `${channel}: ${JSON.stringify(parsed)}`).toBe(true);
    }
    expect(await held).toMatchObject({ ok: true, steps: [{ decision: { decision: 'allow' } }] });
    expect(plane.agents().find((a) => a.id === 'bot')?.status).toBe('paused');
    const audit = (await call('audit.records', { session: 's1' })).body;
    expect(audit.records.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['decision', 'operator']));
    expect((await call('audit.verify')).body.ok).toBe(true);
  });

  it('installs one rule file into the running pack, keeps the revision on a bad one, and rolls back', async () => {
    const before = (await call('rules.status')).body;
    const good = await call('rules.install', { file: '91-console.rules', text: 'rule console.quiet priority 200\n  when effect is send\n  then deny "quiet hours"\n' });
    expect(good.body).toMatchObject({ ok: true, unchanged: false });
    const after = (await call('rules.status')).body;
    expect(after.revision).not.toBe(before.revision);
    expect(after.files).toContain('91-console.rules');
    const bad = await call('rules.install', { file: '91-console.rules', text: 'rule console.quiet\n  when nonsense is 1\n  then deny "x"\n' });
    expect(bad.body.ok).toBe(false);
    expect(bad.body.errors[0]).toMatchObject({ file: '91-console.rules', line: expect.any(Number), col: expect.any(Number) });
    const status = (await call('rules.status')).body;
    expect(status).toMatchObject({ state: 'error', revision: after.revision });
    const back = await call('rules.rollback', { ref: before.revision });
    expect(back.body).toMatchObject({ ok: true, revision: before.revision });
  });

  it('rejects bad input with 400 naming the field, other methods with 405, unknown channels with 404', async () => {
    const r = await call('agents.interrupt', { kind: 'STOP', agent: 'bot' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', issues: [{ field: 'kind' }] });
    expect(r.body.error.message).toContain('kind');
    const unknown = await call('rules.install', { file: '../../etc/passwd.rules', text: 'x', admin: true });
    expect(unknown.body.error.issues.map((i: { field: string }) => i.field).sort()).toEqual(['admin', 'file']);
    expect((await call('shell.exec', {})).status).toBe(404);
    const get = await fetch(`${server.url}/v1/operator/rules.status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(get.status).toBe(405);
    const malformed = await fetch(`${server.url}/v1/operator/rules.status`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
  });
});

describe('console static files', () => {
  it('serves the console without the token, with a CSP, and nothing outside its directory', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await index.text()).toContain('<title>console</title>');
    expect((await fetch(`${server.url}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/);
    for (const path of ['/../token', '/%2e%2e/token', '/..%2ftoken', '/assets/../../token', '/nope.js']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(TOKEN);
    }
    expect((await fetch(`${server.url}/v1/agents`)).status).toBe(401);
    expect((await fetch(`${server.url}/v1/agents`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});
