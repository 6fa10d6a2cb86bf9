// The TypeScript client against the real ingress server (fake control plane behind it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngressServer, type IngressServer } from '../../../src/ingress/http/server';
import { AgentFlowClient, AgentFlowClientError, type LiveEvent } from '../../../src/ingress/client';
import { FakeControlPlane } from './fake-port';

const TOKEN = 'client-token-0123456789abcdef';
let server: IngressServer;
let cp: FakeControlPlane;
let af: AgentFlowClient;

beforeAll(async () => {
  cp = new FakeControlPlane();
  server = await startIngressServer({ controlPlane: cp, token: TOKEN });
  af = new AgentFlowClient({ baseUrl: server.url, token: TOKEN, agent: 'agent-1', session: 'cs', device: 'emulator-5554' });
});
afterAll(async () => {
  cp.close();
  await server.close();
});

describe('AgentFlowClient', () => {
  it('typed helpers build ActionRequests and return decisions with observations', async () => {
    const d = await af.readScreen();
    expect(d).toMatchObject({ decision: 'allow', execution: 'executed', observation: { texts: ['Inbox', 'Compose'] } });
    expect((await af.tap({ resourceId: 'send' })).decision).toBe('allow');
    expect((await af.type({ resourceId: 'body' }, 'hello')).decision).toBe('allow');
    expect((await af.launchApp('com.google.android.gm')).observation).toEqual({ foreground: 'com.google.android.gm' });
    expect((await af.back()).decision).toBe('allow');
    expect((await af.home()).decision).toBe('allow');
    expect((await af.http({ method: 'GET', url: 'https://api.acme.example/x' })).observation).toEqual({ body: { status: 200 } });
    const denied = await af.tool('danger');
    expect(denied).toMatchObject({ decision: 'deny', rules: ['deny.danger'] });
    const planned = await af.plan([{ channel: 'gui', gui: { op: 'home' } }, { channel: 'gui', gui: { op: 'back' } }], 'planner-x');
    expect(planned.steps).toHaveLength(2);
    const last = cp.submitted.at(-1)!.request;
    expect(last).toMatchObject({ v: 1, agent: 'agent-1', session: 'cs', device: 'emulator-5554', channel: 'llm', llm: { planner: 'planner-x' } });
  });

  it('agent-reported results for tools without a backend', async () => {
    const d = await af.tool('weather', { city: 'Oslo' });
    expect(d.execution).toBe('awaiting-report');
    expect(await af.reportResult(d.event, { result: 'sunny' })).toMatchObject({ ok: true, provenance: 'agent-reported' });
  });

  it('errors carry the stable code, status and issues', async () => {
    const bad = new AgentFlowClient({ baseUrl: server.url, token: 'wrong-token-xxxxxxxx', agent: 'agent-1', session: 's' });
    await expect(bad.home()).rejects.toMatchObject({ name: 'AgentFlowClientError', status: 401, code: 'unauthorized' });
    const err = await af.submit({ v: 1, session: 's', agent: 'agent-1', channel: 'gui', gui: { op: 'home' }, extra: 1 } as never).catch((e) => e);
    expect(err).toBeInstanceOf(AgentFlowClientError);
    expect(err).toMatchObject({ status: 400, code: 'unknown_field' });
    expect(err.issues[0].field).toBe('extra');
    const unknown = new AgentFlowClient({ baseUrl: server.url, token: TOKEN, agent: 'mallory', session: 's' });
    await expect(unknown.home()).rejects.toMatchObject({ status: 403, code: 'unknown_agent' });
    const down = new AgentFlowClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN, agent: 'a', session: 's' });
    await expect(down.health()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('operator side: approvals, listing and the live stream', async () => {
    const events: LiveEvent[] = [];
    const sub = await af.stream((e) => events.push(e));
    const held = af.launchApp('com.bank');
    let pending: { event: string }[] = [];
    for (let i = 0; i < 100 && pending.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      pending = await af.approvals();
    }
    expect(await af.approve(pending[0].event, 'ops')).toMatchObject({ decision: 'allow' });
    expect((await held).decision).toBe('allow');
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'approval.resolved'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['hello', 'approval.requested', 'approval.resolved', 'decision']));
    sub.close();
    expect((await af.sessions()).map((s) => s.id)).toContain('cs');
    expect((await af.agents()).length).toBe(2);
    expect((await af.tools())[0].name).toBe('catalog.echo');
    await expect(new AgentFlowClient({ baseUrl: server.url, token: 'nope-nope-nope-nope' }).stream(() => undefined)).rejects.toMatchObject({ status: 401 });
  });
});
