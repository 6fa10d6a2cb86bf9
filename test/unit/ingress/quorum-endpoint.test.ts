// The quorum receiver mounted on the ingress server: per-path tokens, accepted plans enter the
// gate as `llm` requests with quorum provenance, rejected ones are audited with flagged paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngressServer, type IngressServer } from '../../../src/ingress/http/server';
import { QuorumEndpoint } from '../../../src/ingress/quorum/endpoint';
import { connectQuorum, type QuorumConnection } from '../../../src/ingress/quorum/connect';
import { QuorumSender } from '../../../src/ingress/client/quorum-sender';
import { canonicalMessage, digestOf } from '../../../src/core/quorum';
import { FakeControlPlane } from './fake-port';

const TOKEN = 'main-token-0123456789abcdef';
const pathTokens = ['a', 'b', 'c', 'd', 'e'].map((x) => `path-token-${x}-0123456789`);
let server: IngressServer;
let cp: FakeControlPlane;
let endpoint: QuorumEndpoint;
let conn: QuorumConnection;

const plan = { v: 1, session: 'q1', agent: 'agent-1', channel: 'llm', llm: { planner: 'gpt', steps: [{ channel: 'gui', gui: { op: 'read_screen' } }] } };

function sender(name: string) {
  return new QuorumSender({ sender: name, paths: pathTokens.map((t) => ({ url: `${server.url}/v1/quorum/slots`, headers: { authorization: `Bearer ${t}` } })) });
}

beforeAll(async () => {
  cp = new FakeControlPlane();
  const created = QuorumEndpoint.create({ paths: pathTokens.map((token, i) => ({ id: `p${i}`, group: `g${i}`, token })), slotTimeoutMs: 200 });
  if (!created.ok) throw new Error(created.error.message);
  endpoint = created.endpoint;
  conn = connectQuorum(endpoint, cp);
  server = await startIngressServer({ controlPlane: cp, token: TOKEN, quorum: endpoint });
});
afterAll(async () => {
  conn.close();
  endpoint.close();
  await server.close();
});

const waitFor = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('quorum receiver on the ingress server', () => {
  it('refuses a configuration where one failure group carries k/2 or more paths', () => {
    const r = QuorumEndpoint.create({ paths: pathTokens.map((token, i) => ({ id: `p${i}`, group: i < 3 ? 'aws' : `g${i}`, token })) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/failure group "aws" carries 3 of k = 5/);
  });

  it('an honest plan over 5 paths is accepted and enters the gate as llm with quorum provenance', async () => {
    const sent = await sender('planner-a').send(plan);
    expect(sent.delivered).toEqual([202, 202, 202, 202, 202]);
    await waitFor(() => cp.submitted.some((s) => s.options.origin === 'quorum'));
    await conn.drain();
    const sub = cp.submitted.find((s) => s.options.origin === 'quorum')!;
    expect(sub.request.channel).toBe('llm');
    expect(sub.options.quorum).toMatchObject({ sender: 'planner-a', seq: 1, digest: sent.digest, k: 5, flagged: [] });
    expect(sub.options.quorum!.matching).toBeGreaterThanOrEqual(3);
  });

  it('a slot without a valid path token is refused (401) and audited', async () => {
    const before = cp.rejected.length;
    const r = await fetch(`${server.url}/v1/quorum/slots`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: '{}' });
    expect(r.status).toBe(401);
    expect(cp.rejected.length).toBe(before + 1);
  });

  it('a malformed slot is a 400 and the path is flagged', async () => {
    const r = await fetch(`${server.url}/v1/quorum/slots`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pathTokens[4]}` }, body: '{"v":1}' });
    expect(r.status).toBe(400);
    const paths = (await (await fetch(`${server.url}/v1/quorum/paths`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { paths: { flags: number }[] };
    expect(paths.paths[4].flags).toBeGreaterThanOrEqual(1);
  });

  it('a plan forged on 2 paths is outvoted; one that cannot reach a majority is rejected and audited with flagged paths', async () => {
    const s = sender('planner-b');
    const p = s.plan(plan);
    const forged = canonicalMessage({ ...p.message, body: { ...plan, llm: { steps: [{ channel: 'api', api: { method: 'POST', url: 'https://evil.example' } }] } } });
    const post = (i: number, body: unknown) =>
      fetch(`${server.url}/v1/quorum/slots`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pathTokens[i]}` }, body: JSON.stringify(body) });
    // only 2 honest slots arrive, 2 forged, 1 missing → no majority at the deadline
    await post(0, p.slots[0]);
    await post(1, { ...p.slots[1], payload: forged, digest: digestOf(forged) });
    await post(3, p.slots[3]);
    await post(4, { ...p.slots[4], digest: digestOf(forged) });
    await waitFor(() => cp.quorumRejections.length > 0);
    const rej = cp.quorumRejections[0];
    expect(rej).toMatchObject({ sender: 'planner-b', reason: 'no_majority', k: 5, matching: 2 });
    expect(rej.slots.find((x) => x.path === 'p2')).toMatchObject({ status: 'timeout', digest: null });
    expect(cp.submitted.filter((x) => x.options.origin === 'quorum')).toHaveLength(1);
  });

  it('paths that agree on a non-majority digest are retired and the retirement is audited once', async () => {
    const s = sender('planner-d');
    const p = s.plan(plan);
    const forged = canonicalMessage({ ...p.message, body: { ...plan, session: 'forged' } });
    const post = (i: number, body: unknown) =>
      fetch(`${server.url}/v1/quorum/slots`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pathTokens[i]}` }, body: JSON.stringify(body) });
    await post(0, p.slots[0]);
    await post(1, { ...p.slots[1], payload: forged, digest: digestOf(forged) });
    await post(2, p.slots[2]);
    await post(3, { ...p.slots[3], digest: digestOf(forged) });
    await post(4, p.slots[4]);
    await waitFor(() => cp.retiredPaths.length >= 2);
    expect(cp.retiredPaths.map((r) => r.path).sort()).toEqual(['p1', 'p3']);
    expect(cp.retiredPaths[0].reason).toContain('non-majority digest');
    const next = s.plan(plan);
    await post(1, next.slots[1]);
    expect(cp.retiredPaths).toHaveLength(2);
  });

  it('an accepted payload that is not an llm ActionRequest is audited as invalid_plan, never submitted', async () => {
    await sender('planner-c').send({ v: 1, session: 's', agent: 'agent-1', channel: 'gui', gui: { op: 'home' } });
    await waitFor(() => cp.quorumRejections.some((r) => r.sender === 'planner-c'));
    expect(cp.quorumRejections.find((r) => r.sender === 'planner-c')).toMatchObject({ reason: 'invalid_plan' });
  });
});
