// Injected interfaces: core never reads the clock or randomness directly.
export interface Clock {
  /** wall-clock milliseconds since epoch */
  now(): number;
  /** monotonic microseconds, for latency */
  micros(): number;
}

export interface IdSource {
  next(prefix: string): string;
}

/** A deterministic clock for tests and evaluation: starts at `start`, advances `stepMs` per read of now(). */
export function fixedClock(start = Date.UTC(2026, 0, 1), stepMs = 1000): Clock {
  let t = start;
  let us = 0;
  return {
    now: () => (t += stepMs),
    micros: () => (us += 1),
  };
}

export function counterIds(seed = 'e'): IdSource {
  let n = 0;
  return { next: (prefix) => `${prefix}-${seed}-${(++n).toString(36).padStart(6, '0')}` };
}
