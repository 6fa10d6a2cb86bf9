// The hot-path request check never accepts what the protocol schema rejects, and returns exactly
// what the schema would (defaults included).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastParseActionRequest } from '../../src/core/protocol/fast-parse';
import { ActionRequestSchema } from '../../src/core/protocol/schema';

const str = fc.oneof(fc.constant(''), fc.string({ maxLength: 8 }), fc.constant('x'));
// Optional keys are left out by `requiredKeys`; `undefined` values are tested separately.
const maybe = <T>(a: fc.Arbitrary<T>) => a;
const target = fc.record({ resourceId: maybe(str), text: maybe(str), contentDesc: maybe(fc.oneof(str, fc.integer())), point: maybe(fc.record({ x: fc.oneof(fc.integer(), fc.constant(Number.NaN)), y: fc.integer() })) }, { requiredKeys: [] });
const gui = fc.record({ op: fc.constantFrom('tap', 'type', 'launch_app', 'read_screen', 'fly'), app: maybe(str), target: maybe(target), text: maybe(fc.oneof(str, fc.integer())), extra: maybe(fc.constant(1)) }, { requiredKeys: ['op'] });
const api = fc.record({ method: str, url: str, headers: maybe(fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(str, fc.integer()))), body: maybe(fc.jsonValue()) }, { requiredKeys: ['method', 'url'] });
const tool = fc.record({ name: str, arguments: maybe(fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue()), fc.constant([] as unknown), fc.constant(null as unknown))) }, { requiredKeys: ['name'] });
const step = fc.record({ channel: fc.constantFrom('gui', 'api', 'tool', 'llm'), gui: maybe(gui), api: maybe(api), tool: maybe(tool) }, { requiredKeys: ['channel'] });
const request = fc.record({
  v: fc.constantFrom(1, 2, '1'),
  id: maybe(str),
  session: str,
  agent: str,
  device: maybe(str),
  channel: fc.constantFrom('gui', 'api', 'tool', 'llm', 'fax'),
  gui: maybe(gui),
  api: maybe(api),
  tool: maybe(tool),
  llm: maybe(fc.record({ planner: maybe(str), steps: fc.array(step, { maxLength: 3 }) }, { requiredKeys: ['steps'] })),
  meta: maybe(fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue()), fc.constant('x' as unknown))),
  bogus: maybe(fc.constant(true)),
}, { requiredKeys: ['v', 'session', 'agent', 'channel'] });

// Mostly valid requests, so the fast path is exercised as often as the fallback.
const validish = fc.record({
  v: fc.constantFrom(1, 2),
  id: str,
  session: str,
  agent: str,
  device: str,
  channel: fc.constantFrom('tool', 'gui', 'api', 'llm'),
  tool: fc.record({ name: str, arguments: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue()) }, { requiredKeys: ['name'] }),
  gui: fc.record({ op: fc.constantFrom('tap', 'type'), app: str, target: fc.record({ text: str, resourceId: str }, { requiredKeys: [] }), text: str }, { requiredKeys: ['op'] }),
  llm: fc.record({ steps: fc.array(fc.record({ channel: fc.constantFrom('tool', 'api'), tool: fc.record({ name: str }), api: fc.record({ method: str, url: str }) }, { requiredKeys: ['channel'] }), { minLength: 1, maxLength: 2 }) }),
}, { requiredKeys: ['v', 'session', 'agent', 'channel'] });

describe('fast request check', () => {
  it('accepts only what the schema accepts, with the same result', () => {
    let fast = 0;
    fc.assert(fc.property(fc.oneof(request, validish, fc.jsonValue()), (input) => {
      const quick = fastParseActionRequest(input);
      const parsed = ActionRequestSchema.safeParse(input);
      if (quick !== null) {
        fast++;
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(quick).toEqual(parsed.data);
      }
    }), { numRuns: 10000 });
    // Most generated inputs are broken on purpose; some must have taken the fast path.
    expect(fast).toBeGreaterThan(0);
  });

  it('leaves keys set to undefined to the schema', () => {
    expect(fastParseActionRequest({ v: 1, session: 's', agent: 'a', channel: 'tool', tool: { name: 'x' }, device: undefined })).toBeNull();
  });

  it('takes the fast path for the public benchmark shapes', () => {
    expect(fastParseActionRequest({ v: 1, session: 's', agent: 'a', channel: 'tool', tool: { name: 'send_sms' } })).toEqual({ v: 1, session: 's', agent: 'a', channel: 'tool', tool: { name: 'send_sms', arguments: {} } });
    expect(fastParseActionRequest({ v: 1, session: 's', agent: 'a', device: 'd', channel: 'gui', gui: { op: 'tap', app: 'x', target: { text: 'Send' } } })).not.toBeNull();
  });
});
