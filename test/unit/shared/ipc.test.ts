// The console's IPC contract: every bad input is rejected before a handler runs, with a message
// that names the offending field; dispatch never throws.
import { describe, expect, it } from 'vitest';
import { dispatchIpc, IPC, IPC_CHANNELS, parseIpcRequest, parseIpcResponse, type IpcHandlers } from '../../../src/shared/ipc';

const reject = (channel: Parameters<typeof parseIpcRequest>[0], input: unknown) => {
  const r = parseIpcRequest(channel, input);
  if (r.ok) throw new Error(`${channel} accepted ${JSON.stringify(input)}`);
  return r.error;
};

describe('IPC request schemas', () => {
  it('has one request and one response schema per channel', () => {
    expect(Object.keys(IPC).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it('names a missing field', () => {
    const e = reject('approvals.approve', {});
    expect(e.code).toBe('invalid_request');
    expect(e.issues.map((i) => i.field)).toEqual(['event']);
    expect(e.message).toMatch(/^approvals\.approve: event: /);
  });

  it('names an unknown field (strict objects)', () => {
    const e = reject('approvals.deny', { event: 'ev-1', sudo: true });
    expect(e.issues).toEqual([{ field: 'sudo', message: 'unknown field "sudo"' }]);
    expect(e.message).toContain('sudo');
    expect(reject('rules.status', { x: 1 }).issues[0].field).toBe('x');
  });

  it('rejects a wrong type, naming the field', () => {
    expect(reject('approvals.approve', { event: 42 }).issues[0].field).toBe('event');
    expect(reject('approvals.approve', { event: 'ev-1', by: '' }).message).toMatch(/by: must not be empty/);
    expect(reject('audit.records', { session: 's', limit: 0 }).message).toMatch(/limit: must be ≥ 1/);
    expect(reject('audit.records', { session: 's', limit: 1.5 }).issues[0].field).toBe('limit');
  });

  it('accepts only the interrupt kinds PAUSE/RESUME/HALT/LIFT/ABORT', () => {
    expect(reject('agents.interrupt', { kind: 'STOP', agent: 'a' }).issues[0].field).toBe('kind');
    for (const kind of ['PAUSE', 'RESUME', 'HALT', 'LIFT', 'ABORT']) expect(parseIpcRequest('agents.interrupt', { kind, agent: 'bot' }).ok).toBe(true);
    expect(parseIpcRequest('agents.interrupt', { kind: 'HALT', agent: '*' }).ok).toBe(true);
    expect(reject('agents.interrupt', { kind: 'HALT', agent: 'a b' }).issues[0].field).toBe('agent');
  });

  it('takes a plain .rules file name only (no path), and bounds the text', () => {
    for (const file of ['../evil.rules', '/etc/x.rules', 'dir/x.rules', 'x.txt', '.hidden.rules']) {
      expect(reject('rules.install', { file, text: '' }).issues[0].field).toBe('file');
    }
    expect(parseIpcRequest('rules.install', { file: '90-console.rules', text: 'rule a when true then allow "ok"' }).ok).toBe(true);
    expect(reject('rules.install', { file: 'a.rules', text: 'x'.repeat(256 * 1024 + 1) }).issues[0].field).toBe('text');
    expect(reject('rules.install', { file: 'a.rules' }).issues[0].field).toBe('text');
  });

  it('takes a store id or a revision for rollback', () => {
    expect(parseIpcRequest('rules.rollback', { ref: 3 }).ok).toBe(true);
    expect(parseIpcRequest('rules.rollback', { ref: '424a085d4967bcbe' }).ok).toBe(true);
    expect(reject('rules.rollback', { ref: -1 }).issues[0].field).toBe('ref');
    expect(reject('rules.rollback', {}).issues[0].field).toBe('ref');
  });

  it('treats a missing request of a query channel as {} and rejects a non-object', () => {
    expect(parseIpcRequest('audit.verify', undefined).ok).toBe(true);
    expect(reject('audit.verify', 'please').issues[0].field).toBe('(request)');
    expect(reject('approvals.list', null).issues[0].field).toBe('(request)');
  });
});

describe('dispatchIpc', () => {
  const calls: unknown[] = [];
  const handlers = Object.fromEntries(IPC_CHANNELS.map((c) => [c, (r: unknown) => (calls.push([c, r]), c === 'audit.verify' ? Promise.reject(new Error('disk gone')) : [])])) as unknown as IpcHandlers;

  it('refuses an unknown channel', async () => {
    const r = await dispatchIpc(handlers, 'shell.exec', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('never calls the handler with a bad request', async () => {
    calls.length = 0;
    const r = await dispatchIpc(handlers, 'approvals.deny', { event: 'ev-1', reason: 7 });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ field: 'reason' }] } });
    expect(calls).toEqual([]);
  });

  it('passes the parsed request and turns a throwing handler into an internal error', async () => {
    calls.length = 0;
    expect(await dispatchIpc(handlers, 'approvals.approve', { event: 'ev-1', by: 'alice' })).toEqual({ ok: true, value: [] });
    expect(calls).toEqual([['approvals.approve', { event: 'ev-1', by: 'alice' }]]);
    expect(await dispatchIpc(handlers, 'audit.verify', {})).toMatchObject({ ok: false, error: { code: 'internal', message: 'audit.verify: disk gone' } });
  });
});

describe('IPC response schemas', () => {
  it('reject a reply that does not match, naming the field', () => {
    const r = parseIpcResponse('rules.status', { state: 'fine', revision: null, storeId: null, errors: [] });
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_response', issues: [{ field: 'state' }] } });
    expect(parseIpcResponse('approvals.list', [{ event: 'e' }]).ok).toBe(false);
  });
});
