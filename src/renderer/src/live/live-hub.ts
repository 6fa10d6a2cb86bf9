// One subscription to the live stream for the whole console, fanned out to the panels, plus the
// recent decisions for the feed (bounded).
import type { ConsoleApi, LiveEvent, StreamState } from '../../../shared/console-api';

export const FEED_LIMIT = 500;

export class LiveHub {
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private readonly stateListeners = new Set<() => void>();
  private decisions: LiveEvent[] = [];
  private stateValue: StreamState = 'connecting';
  private stop: (() => void) | null = null;

  constructor(private readonly api: ConsoleApi) {}

  start(): void {
    if (this.stop) return;
    this.stop = this.api.subscribe(
      (event) => {
        if (event.type === 'decision') this.decisions = [event, ...this.decisions].slice(0, FEED_LIMIT);
        // An answered `ask` keeps its row; the row learns who answered and how.
        if (event.type === 'approval.resolved') this.decisions = this.decisions.map((d) => (d.event === event.event ? { ...d, resolution: { approve: event.approve === true, by: String(event.by ?? '') } } : d));
        for (const listener of this.listeners) listener(event);
      },
      (state) => {
        this.stateValue = state;
        for (const listener of this.stateListeners) listener();
      },
    );
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  /** Newest first; an answered `ask` carries `resolution: {approve, by}`. */
  recentDecisions(): LiveEvent[] {
    return this.decisions;
  }

  state(): StreamState {
    return this.stateValue;
  }

  on(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }
}
