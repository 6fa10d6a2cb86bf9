import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvalAuditSink } from '../../../src/storage/eval-audit';
import { makeDecision, makeEvent } from '../core/audit/fixtures';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'agentflow-sink-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('eval audit sink', () => {
  it('records every decision with its case as the replay unit, configs once per case, outcomes for observed steps', () => {
    const sink = createEvalAuditSink(join(dir, 'e.db'));
    const config = { org: { internalDomains: ['acme.example'], privateHosts: {}, allowedHosts: [] }, agents: {}, requireManifest: false };
    const request = { v: 1, session: 's', agent: 'a', channel: 'llm', llm: { steps: [{ channel: 'tool' }, { channel: 'tool' }] } };
    const e0 = makeEvent(0, { plan: { index: 0, count: 2 } });
    const e1 = makeEvent(1, { plan: { index: 1, count: 2 } });
    sink.record({ caseId: 'c1', request, event: e0, decision: makeDecision(e0.id), config, observed: { texts: ['x'] } });
    sink.record({ caseId: 'c1', request, event: e1, decision: makeDecision(e1.id, { decision: 'deny' }), config, observed: { texts: ['y'] } });
    // A request the gate rejected before normalization is audited too.
    sink.record({ caseId: 'c2', request: { v: 9 }, event: null, decision: makeDecision('c2-invalid-0', { decision: 'deny', code: 'unsupported_version', reason: 'bad version' }) });
    const records = sink.log.records();
    expect(records.map((r) => [r.kind, r.kind === 'decision' ? r.decision : r.kind === 'outcome' ? r.status : '', (r as { run: string | null }).run])).toEqual([
      ['decision', 'allow', 'c1'],
      ['outcome', 'executed', 'c1'],
      ['decision', 'deny', 'c1'],
      ['decision', 'deny', 'c2'],
    ]);
    const [d0, , d1, bad] = records as Array<{ request: unknown; config_hash: string | null; event: { action: string } }>;
    expect(d0.request).toEqual(request);
    expect(d1.request).toBeNull();
    expect(d0.config_hash).toBe(d1.config_hash);
    expect(sink.log.getConfig(d0.config_hash!)).toEqual(config);
    expect(bad.event.action).toBe('invalid_request');
    expect(sink.log.verify().ok).toBe(true);
    sink.close();
  });
});
