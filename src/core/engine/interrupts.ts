// Operator interrupts (MAREF): PAUSE / RESUME / ABORT / HALT / LIFT, each with a global sequence
// number. HALT is absorbing: only an operator LIFT ends it. A per-agent circuit breaker opens
// after consecutive execution failures and half-opens after a cool-down.
export type InterruptKind = 'PAUSE' | 'RESUME' | 'ABORT' | 'HALT' | 'LIFT';

export interface Interrupt {
  kind: InterruptKind;
  /** agent id, or '*' for every agent */
  agent: string;
  by: string;
  reason?: string;
}

export interface InterruptRecord extends Interrupt {
  seq: number;
  at: number;
}

export type BreakerState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export interface BreakerOptions {
  failureThreshold: number;
  coolDownMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failureThreshold: 3, coolDownMs: 30_000 };

interface Breaker {
  state: BreakerState;
  failures: number;
  openedAt: number;
}

export class InterruptBoard {
  private seq = 0;
  private readonly paused = new Set<string>();
  private readonly halted = new Set<string>();
  private readonly breakers = new Map<string, Breaker>();
  readonly log: InterruptRecord[] = [];

  constructor(private readonly breaker: BreakerOptions = DEFAULT_BREAKER) {}

  apply(interrupt: Interrupt, now: number): InterruptRecord {
    const record: InterruptRecord = Object.assign({}, interrupt, { seq: ++this.seq, at: now });
    const who = interrupt.agent;
    switch (interrupt.kind) {
      case 'PAUSE':
        this.paused.add(who);
        break;
      case 'RESUME':
        this.paused.delete(who);
        break;
      case 'HALT':
        this.halted.add(who);
        break;
      case 'LIFT':
        this.halted.delete(who);
        this.paused.delete(who);
        this.breakers.delete(who);
        break;
      case 'ABORT':
        // Pending approvals are cancelled by the caller (the app layer holds them).
        break;
    }
    this.log.push(record);
    if (this.log.length > 1000) this.log.shift();
    return record;
  }

  /** Why this agent may not act right now, or null. */
  block(agent: string, now: number): { code: string; reason: string } | null {
    if (this.halted.has('*') || this.halted.has(agent)) return { code: 'agent_halted', reason: `agent ${agent} is halted by an operator; only an operator LIFT resumes it` };
    if (this.paused.has('*') || this.paused.has(agent)) return { code: 'agent_paused', reason: `agent ${agent} is paused by an operator` };
    const b = this.breakers.get(agent);
    if (b && b.state === 'OPEN') {
      if (now - b.openedAt >= this.breaker.coolDownMs) {
        b.state = 'HALF_OPEN';
      } else {
        return { code: 'circuit_open', reason: `agent ${agent}: circuit breaker open after ${b.failures} consecutive execution failures; retry after cool-down` };
      }
    }
    return null;
  }

  recordOutcome(agent: string, ok: boolean, now: number): BreakerState {
    const b = this.breakers.get(agent) ?? { state: 'CLOSED' as BreakerState, failures: 0, openedAt: 0 };
    if (ok) {
      b.state = 'CLOSED';
      b.failures = 0;
    } else {
      b.failures++;
      if (b.state === 'HALF_OPEN' || b.failures >= this.breaker.failureThreshold) {
        b.state = 'OPEN';
        b.openedAt = now;
      }
    }
    this.breakers.set(agent, b);
    return b.state;
  }

  state(agent: string): { paused: boolean; halted: boolean; breaker: BreakerState } {
    return {
      paused: this.paused.has(agent) || this.paused.has('*'),
      halted: this.halted.has(agent) || this.halted.has('*'),
      breaker: this.breakers.get(agent)?.state ?? 'CLOSED',
    };
  }
}
