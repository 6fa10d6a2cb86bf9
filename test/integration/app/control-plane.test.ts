// The composition root end to end on real parts: SQLite audit log and rule store in a temp
// dir, the control plane's own HTTP client against a loopback server, operator approvals.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlPlane } from '../../../src/app/control-plane';
import { readPackFiles } from '../../../src/app/pack-loader';

let dir: string;
let server: Server;
let base: string;
let plane: ControlPlane;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'af-cp-'));
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ customer: 'Proseware Inc', contact_phone: '+1 425-555-0186', path: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'policy.json'), JSON.stringify({ org: { internalDomains: ['acme.example'], privateHosts: { '127.0.0.1': 'billing' }, allowedHosts: [] }, agents: { bot: { role: 'billing', scopes: ['billing.read', 'email.*', 'apps.*'], mode: 'HOTL' } } }));
  plane = await ControlPlane.start({ dataDir: dir, approvalTimeoutMs: 2_000 });
});

afterAll(async () => {
  await plane?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const req = (extra: Record<string, unknown>) => ({ v: 1 as const, session: 's1', agent: 'bot', ...extra });

describe('ControlPlane', () => {
  it('executes an allowed API read itself and records what it observed as provenance', async () => {
    const r = await plane.submit(req({ channel: 'api', api: { method: 'GET', url: `${base}/invoices/7` } }) as never, { origin: 'http' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.steps[0]).toMatchObject({ execution: 'executed', decision: { decision: 'allow' }, observation: { body: { customer: 'Proseware Inc' } } });
    const leak = await plane.submit(req({ channel: 'tool', tool: { name: 'send_email', arguments: { to: 'deals@resellerhub.io', body: 'Proseware owes, call +1 425 555 0186' } } }) as never, { origin: 'http' });
    expect(leak.ok && leak.steps[0]).toMatchObject({ decision: { decision: 'deny', rules: ['privacy.private-data-leaving'] }, execution: 'not-executed' });
  });

  it('leaves a tool without a backend to the agent and accepts its report once', async () => {
    const r = await plane.submit(req({ channel: 'tool', tool: { name: 'send_email', arguments: { to: 'ops@acme.example', body: 'hi' } } }) as never, { origin: 'http' });
    expect(r.ok && r.steps[0].execution).toBe('awaiting-report');
    if (!r.ok) return;
    const id = r.steps[0].decision.event;
    expect(plane.reportResult(id, { result: { sent: true } }, { agent: 'someone-else' }).ok).toBe(false);
    expect(plane.reportResult(id, { result: { sent: true } }, { agent: 'bot' })).toEqual({ ok: true });
    expect(plane.reportResult(id, { result: { sent: true } }, { agent: 'bot' }).ok).toBe(false);
  });

  it('holds an ask until an operator answers, and denies on timeout', async () => {
    const events: string[] = [];
    const off = plane.subscribe((e) => events.push(e.type));
    const pending = plane.submit(req({ channel: 'tool', tool: { name: 'install_app', arguments: { package: 'com.x' } } }) as never, { origin: 'http' });
    await new Promise((r) => setTimeout(r, 50));
    const held = plane.pendingApprovals();
    expect(held).toHaveLength(1);
    expect(plane.approve(held[0].event, 'alice').ok).toBe(true);
    const r = await pending;
    expect(r.ok && r.steps[0]).toMatchObject({ decision: { decision: 'allow', tier: 'T4' }, execution: 'awaiting-report' });
    const timedOut = await plane.submit(req({ channel: 'tool', tool: { name: 'install_app', arguments: { package: 'com.y' } } }) as never, { origin: 'http' });
    expect(timedOut.ok && timedOut.steps[0].decision).toMatchObject({ decision: 'deny', reason: expect.stringContaining('no operator answer') });
    off();
    expect(events).toEqual(expect.arrayContaining(['decision', 'approval.requested', 'approval.resolved']));
  });

  it('pauses an agent, hot-installs rules without a restart, and keeps a verifiable audit trail', async () => {
    plane.interrupt({ kind: 'PAUSE', agent: 'bot', by: 'alice' });
    const paused = await plane.submit(req({ channel: 'tool', tool: { name: 'read_contacts', arguments: {} } }) as never, { origin: 'http' });
    expect(paused.ok && paused.steps[0].decision.code).toBe('agent_paused');
    plane.interrupt({ kind: 'RESUME', agent: 'bot', by: 'alice' });

    const files = readPackFiles();
    const bad = plane.installRules({ ...files, rules: [...files.rules, { path: 'extra.rules', text: 'rule x when nonsense is 1 then deny' }] }, 'alice');
    expect(bad.ok).toBe(false);
    const before = plane.engine.revision;
    const good = plane.installRules({ ...files, rules: [...files.rules, { path: 'extra.rules', text: 'rule no-mail priority 200 when effect is send and resource is email then deny "no mail today"' }] }, 'alice');
    expect(good.ok).toBe(true);
    expect(plane.engine.revision).not.toBe(before);
    const r = await plane.submit(req({ channel: 'tool', tool: { name: 'send_email', arguments: { to: 'ops@acme.example', body: 'hi' } } }) as never, { origin: 'http' });
    expect(r.ok && r.steps[0].decision).toMatchObject({ decision: 'deny', rules: ['no-mail'], ruleset: plane.engine.revision });

    const report = plane.audit.verify();
    expect(report.ok).toBe(true);
    const kinds = plane.audit.records().map((rec) => rec.kind);
    expect(kinds).toEqual(expect.arrayContaining(['decision', 'outcome', 'operator']));
  });
});
