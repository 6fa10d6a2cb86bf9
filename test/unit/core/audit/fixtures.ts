// Small builders for AgentEvents and Decisions used by the audit and storage tests.
import type { AgentEvent } from '../../../../src/core/event/agent-event';
import type { Decision } from '../../../../src/core/protocol/schema';
import type { DecisionInput } from '../../../../src/core/audit/record';

export function makeEvent(i: number, overrides: Partial<AgentEvent> = {}): AgentEvent {
  return {
    v: 1,
    id: `ev-${i}`,
    session: `s-${i % 3}`,
    agent: 'mailer',
    device: 'emulator-5554',
    channel: 'gui',
    action: 'tap',
    app: 'com.google.android.gm',
    label: 'Send',
    effect: 'send',
    resource: 'email',
    verb: 'send',
    impact: 'low',
    lifted: 'button "Send" in email app',
    sink: { kind: 'email', recipients: ['bob@ext.example'], external: true, label: 'email:bob@ext.example' },
    payload: [{ field: 'body', value: `hello ${i}` }],
    targets: [{ field: 'to', value: 'bob@ext.example' }],
    secretField: false,
    policy: { role: 'assistant', scopes: ['email.*'], mode: 'HOTL', defaultManifest: false },
    ts: 1_700_000_000_000 + i,
    ...overrides,
  };
}

export function makeDecision(eventId: string, overrides: Partial<Decision> = {}): Decision {
  return {
    v: 1,
    event: eventId,
    decision: 'allow',
    tier: 'T1',
    rules: [],
    reason: 'nothing private leaves',
    flows: [],
    ruleset: 'rev-a',
    latency_us: 42,
    ...overrides,
  };
}

export function makeInput(i: number, event: Partial<AgentEvent> = {}, decision: Partial<Decision> = {}): DecisionInput {
  const ev = makeEvent(i, event);
  return {
    event: ev,
    decision: makeDecision(ev.id, decision),
    request: { v: 1, session: ev.session, agent: ev.agent, device: ev.device, channel: 'gui', gui: { op: 'tap', target: { text: 'Send' } } },
    screen: { texts: ['Inbox', `message ${i}`] },
  };
}
