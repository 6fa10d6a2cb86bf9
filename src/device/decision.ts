// Refusals of the device layer as protocol decisions, so agents get one shape for every "no":
// `stale_observation` (read again, then act), `app_mismatch`, `not_permitted`, `target_not_found`.
import type { Decision } from '../core/protocol/schema';
import type { ExecuteResult } from './executor';

export function refusalDecision(result: Extract<ExecuteResult, { ok: false }>, ruleset: string, latencyUs = 0): Decision {
  return {
    v: 1,
    event: result.eventId,
    decision: 'deny',
    tier: 'T1',
    rules: [`device.${result.code}`],
    reason: result.reason,
    flows: [],
    ruleset,
    latency_us: Math.round(latencyUs),
    code: result.code,
  };
}
