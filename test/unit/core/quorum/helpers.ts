import { checkPathConfig, type QuorumPathConfig } from '../../../../src/core/quorum';

export function config(k: number): QuorumPathConfig {
  const r = checkPathConfig(Array.from({ length: k }, (_, i) => ({ id: `p${i}`, group: `g${i}` })));
  if (!r.ok) throw new Error(r.error.message);
  return r.config;
}

export class ManualClock {
  constructor(public t = 1_000_000) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
