// The live event bus: decisions, approvals, executions, agent and rule status. The console and
// the ingress stream subscribe; a failing listener never disturbs the others or the gate.
import type { LiveEvent } from '../ingress/ports';

export class EventBus {
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly recent: LiveEvent[] = [];

  constructor(private readonly keep = 500) {}

  publish(event: LiveEvent): void {
    this.recent.push(event);
    if (this.recent.length > this.keep) this.recent.shift();
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        /* a broken subscriber is its own problem */
      }
    }
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last events, for a console that connects late. */
  history(): LiveEvent[] {
    return [...this.recent];
  }
}
