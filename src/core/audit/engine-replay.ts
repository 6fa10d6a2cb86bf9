// The real PolicyEngine behind the backtest's ReplayEngine interface: a fresh engine per replay
// unit, the candidate pack, the recorded configuration and the recorded event times.
import { parsePolicyConfig } from '../config/policy-config';
import { PolicyEngine } from '../engine/engine';
import { counterIds, type Clock } from '../engine/ports';
import type { CompiledPack } from '../rules/pack';
import type { ReplayEngine } from './backtest';
import { auditError } from './errors';

export function policyReplayEngine(pack: CompiledPack, run: string | null = null): ReplayEngine {
  let now = 0;
  let us = 0;
  const clock: Clock = { now: () => now, micros: () => ++us };
  const engine = new PolicyEngine({ pack, clock, ids: counterIds(`replay${run ? `-${run}` : ''}`) });
  return {
    evaluate(request, screen, ts) {
      if (ts !== undefined) now = ts;
      const result = engine.evaluate(request, screen ? { screen } : {});
      return result.ok ? { ok: true, decided: result.decided } : { ok: false, error: result.error };
    },
    commit(session, eventId, observed, source) {
      engine.commit(session, eventId, observed, source ?? 'executed');
    },
    setConfig(config) {
      const parsed = parsePolicyConfig(config, 'recorded configuration');
      if (!parsed.ok) throw auditError('invalid_input', parsed.error.message, 'config');
      engine.setConfig(parsed.config);
    },
  };
}
