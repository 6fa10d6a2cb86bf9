// HTTP/WebSocket API against a fake control plane: happy paths, every bad-input class, auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startIngressServer, type IngressServer } from '../../../src/ingress/http/server';
import { loadOrCreateToken } from '../../../src/ingress/http/token';
import { DEFAULT_BODY_LIMIT } from '../../../src/ingress/http/body';
import { FakeControlPlane } from './fake-port';

const TOKEN = 'test-token-0123456789abcdef';
let server: IngressServer;
let cp: FakeControlPlane;

const gui = (op: string, extra: Record<string, unknown> = {}) => ({ v: 1, session: 's1', agent: 'agent-1', device: 'emulator-5554', channel: 'gui', gui: { op, ...extra } });

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

beforeAll(async () => {
  cp = new FakeControlPlane();
  cp.askTimeoutMs = 400;
  server = await startIngressServer({ controlPlane: cp, token: TOKEN });
});
afterAll(async () => {
  cp.close();
  await server.close();
});

describe('ingress HTTP API', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('POST /v1/actions answers the Decision and, when allowed, the observation', async () => {
    const r = await call('POST', '/v1/actions', gui('read_screen'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ v: 1, decision: 'allow', tier: 'T1', execution: 'executed', observation: { texts: ['Inbox', 'Compose'] } });
    expect(r.body.event).toMatch(/^ev-/);
  });

  it('a denied action is a 200 with decision deny, not executed', async () => {
    const r = await call('POST', '/v1/actions', { v: 1, session: 's1', agent: 'agent-1', channel: 'tool', tool: { name: 'danger', arguments: {} } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ decision: 'deny', execution: 'not-executed', rules: ['deny.danger'] });
    expect(r.body.observation).toBeUndefined();
  });

  it('llm plans answer every step, top level is the first non-allowed step', async () => {
    const r = await call('POST', '/v1/actions', { v: 1, session: 's1', agent: 'agent-1', channel: 'llm', llm: { steps: [{ channel: 'gui', gui: { op: 'home' } }, { channel: 'tool', tool: { name: 'danger', arguments: {} } }] } });
    expect(r.status).toBe(200);
    expect(r.body.decision).toBe('deny');
    expect(r.body.steps.map((s: { decision: string }) => s.decision)).toEqual(['allow', 'deny']);
  });

  it('a tool without a backend is allowed but awaits an agent-reported result', async () => {
    const r = await call('POST', '/v1/actions', { v: 1, session: 's1', agent: 'agent-1', channel: 'tool', tool: { name: 'weather', arguments: { city: 'Oslo' } } });
    expect(r.body).toMatchObject({ decision: 'allow', execution: 'awaiting-report' });
    const rep = await call('POST', `/v1/events/${r.body.event}/result`, { v: 1, agent: 'agent-1', observe: { result: { temp: 3 } } });
    expect(rep).toMatchObject({ status: 200, body: { ok: true, provenance: 'agent-reported' } });
    expect(cp.reports.at(-1)).toMatchObject({ event: r.body.event, observed: { result: { temp: 3 } } });
    const again = await call('POST', `/v1/events/${r.body.event}/result`, { v: 1, agent: 'agent-1', observe: {} });
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'unknown_event' } } });
    const bad = await call('POST', `/v1/events/${r.body.event}/result`, { v: 1, agent: 'agent-1', observe: { nope: 1 } });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'unknown_field' } } });
  });

  it('a repeated id returns the first decision', async () => {
    const req = { ...gui('home'), id: 'idem-1' };
    const [a, b] = await Promise.all([call('POST', '/v1/actions', req), call('POST', '/v1/actions', req)]);
    const c = await call('POST', '/v1/actions', req);
    expect(a.body.event).toBe(b.body.event);
    expect(c.body.event).toBe(a.body.event);
    expect(cp.audit.filter((x) => x.event === a.body.event)).toHaveLength(1);
  });

  it('ask holds the request until an operator approves through the API', async () => {
    const pending = call('POST', '/v1/actions', gui('launch_app', { app: 'com.bank' }));
    let approvals: { event: string }[] = [];
    for (let i = 0; i < 50 && approvals.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      approvals = (await call('GET', '/v1/approvals')).body.approvals;
    }
    expect(approvals).toHaveLength(1);
    const ok = await call('POST', `/v1/approvals/${approvals[0].event}/approve`, { by: 'alice' });
    expect(ok).toMatchObject({ status: 200, body: { decision: 'allow', reason: 'approved by alice' } });
    const r = await pending;
    expect(r.body).toMatchObject({ decision: 'allow', execution: 'executed', event: approvals[0].event });
    expect((await call('POST', `/v1/approvals/${approvals[0].event}/deny`)).status).toBe(404);
  });

  it('ask is denied by an operator, or by the timeout', async () => {
    const pending = call('POST', '/v1/actions', gui('launch_app', { app: 'com.bank' }));
    let approvals: { event: string }[] = [];
    for (let i = 0; i < 50 && approvals.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      approvals = (await call('GET', '/v1/approvals')).body.approvals;
    }
    await call('POST', `/v1/approvals/${approvals[0].event}/deny`);
    expect((await pending).body).toMatchObject({ decision: 'deny', execution: 'not-executed' });
    const timed = await call('POST', '/v1/actions', gui('launch_app', { app: 'com.bank' }));
    expect(timed.body).toMatchObject({ decision: 'deny', reason: 'approval timed out' });
  });

  it('lists sessions, agents and tools; health', async () => {
    expect((await call('GET', '/v1/sessions')).body.sessions.map((s: { id: string }) => s.id)).toContain('s1');
    expect((await call('GET', '/v1/agents')).body.agents.map((a: { id: string }) => a.id)).toEqual(['agent-1', 'agent-2']);
    expect((await call('GET', '/v1/tools')).body.tools[0].name).toBe('catalog.echo');
    expect((await call('GET', '/v1/health')).body).toMatchObject({ ok: true, v: 1 });
  });
});

describe('bad input gets a 4xx with a clear JSON error, and is audited', () => {
  const cases: [string, () => Promise<{ status: number; body: { error: { code: string; message: string } } }>, number, string, RegExp][] = [
    ['missing token', () => call('POST', '/v1/actions', gui('home'), { authorization: '' }), 401, 'unauthorized', /missing bearer token/],
    ['wrong token', () => call('GET', '/v1/agents', undefined, { authorization: 'Bearer nope' }), 401, 'unauthorized', /not valid/],
    ['malformed JSON', () => call('POST', '/v1/actions', '{"v":1,'), 400, 'malformed_json', /not valid JSON/],
    ['empty body', () => call('POST', '/v1/actions', ''), 400, 'malformed_json', /empty/],
    ['not an object', () => call('POST', '/v1/actions', [1, 2]), 400, 'invalid_request', /array/],
    ['unknown top-level field', () => call('POST', '/v1/actions', { ...gui('home'), colour: 'red' }), 400, 'unknown_field', /unknown field "colour"/],
    ['unknown nested field', () => call('POST', '/v1/actions', gui('tap', { target: { resourceId: 'x', bogus: 1 } })), 400, 'unknown_field', /gui\.target\.bogus/],
    ['wrong version', () => call('POST', '/v1/actions', { ...gui('home'), v: 2 }), 400, 'unsupported_version', /v/],
    ['missing session', () => call('POST', '/v1/actions', { v: 1, agent: 'agent-1', channel: 'gui', gui: { op: 'home' } }), 400, 'invalid_request', /session/],
    ['bad op', () => call('POST', '/v1/actions', gui('explode')), 400, 'invalid_request', /gui\.op/],
    ['channel without its object', () => call('POST', '/v1/actions', { v: 1, session: 's', agent: 'agent-1', channel: 'api' }), 400, 'missing_field', /needs a "api" object/],
    ['unknown agent', () => call('POST', '/v1/actions', { ...gui('home'), agent: 'mallory' }), 403, 'unknown_agent', /mallory/],
    ['wrong content type', () => call('POST', '/v1/actions', JSON.stringify(gui('home')), { 'content-type': 'text/plain' }), 415, 'unsupported_media_type', /application\/json/],
    ['unknown route', () => call('GET', '/v1/nope'), 404, 'not_found', /no route/],
    ['wrong method', () => call('GET', '/v1/actions'), 405, 'method_not_allowed', /POST/],
    ['unknown approval', () => call('POST', '/v1/approvals/ev-999/approve'), 404, 'unknown_event', /ev-999/],
    ['approval with unknown field', () => call('POST', '/v1/approvals/ev-1/approve', { by: 'a', extra: true }), 400, 'unknown_field', /extra/],
    ['quorum route without receiver', () => call('POST', '/v1/quorum/slots', {}), 404, 'not_found', /quorum/],
  ];
  for (const [name, run, status, code, message] of cases) {
    it(name, async () => {
      const before = cp.rejected.length;
      const r = await run();
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(message);
      expect(Array.isArray((r.body.error as { issues?: unknown }).issues)).toBe(true);
      expect(cp.rejected.length).toBe(before + 1);
      expect(cp.rejected.at(-1)).toMatchObject({ status, code, origin: 'http' });
    });
  }

  it(`oversized body (declared): 413 above the documented ${DEFAULT_BODY_LIMIT}-byte limit`, async () => {
    const big = { ...gui('type', { target: { resourceId: 'x' }, text: 'a'.repeat(DEFAULT_BODY_LIMIT) }) };
    const r = await call('POST', '/v1/actions', big);
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'body_too_large' });
    expect(r.body.error.message).toContain(String(DEFAULT_BODY_LIMIT));
    expect(cp.rejected.at(-1)).toMatchObject({ code: 'body_too_large' });
  });

  it('oversized body (chunked, no content-length): 413, server keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/v1/actions`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let i = 0; i < 6; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expect((await call('GET', '/v1/health')).status).toBe(200);
  });

  it('a malformed HTTP request gets a 400 JSON reply and does not crash the server', async () => {
    const reply = await new Promise<string>((resolve) => {
      const s = connect(server.port, '127.0.0.1', () => s.write('GARBAGE\r\n\r\n'));
      let data = '';
      s.on('data', (d) => (data += d));
      s.on('close', () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('"code":"invalid_request"');
    expect((await call('GET', '/v1/health')).status).toBe(200);
  });

  it('nothing is lost: every accepted action has exactly one audited decision', async () => {
    const n = 40;
    const rs = await Promise.all(Array.from({ length: n }, (_, i) => call('POST', '/v1/actions', { ...gui('scroll'), session: `bulk-${i % 4}` })));
    const events = rs.map((r) => r.body.event);
    expect(new Set(events).size).toBe(n);
    for (const e of events) expect(cp.audit.filter((a) => a.event === e)).toHaveLength(1);
  });
});

describe('live stream', () => {
  it('WebSocket with the token receives hello, decisions and approvals', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/stream`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const got: { type: string }[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (m) => got.push(JSON.parse(String(m))));
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    await call('POST', '/v1/actions', gui('back'));
    for (let i = 0; i < 50 && !got.some((g) => g.type === 'decision'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(got[0]).toMatchObject({ type: 'hello', v: 1 });
    expect(got.find((g) => g.type === 'decision')).toMatchObject({ decision: { decision: 'allow' } });
    ws.close();
  });

  it('WebSocket without a token is refused with 401 and audited', async () => {
    const before = cp.rejected.length;
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/stream`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(401);
    expect(cp.rejected.length).toBe(before + 1);
  });

  it('SSE works too (Accept: text/event-stream, token as access_token)', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}/v1/stream?access_token=${TOKEN}`, { headers: { accept: 'text/event-stream' }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: hello');
    ctrl.abort();
  });
});

describe('token file', () => {
  it('is generated on first run with mode 0600 and reused afterwards', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'af-tok-')), 'data');
    const a = loadOrCreateToken(dir);
    expect(a.created).toBe(true);
    expect(a.token.length).toBeGreaterThanOrEqual(32);
    expect(statSync(a.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(a.path, 'utf8').trim()).toBe(a.token);
    const b = loadOrCreateToken(dir);
    expect(b).toMatchObject({ created: false, token: a.token });
  });
});
