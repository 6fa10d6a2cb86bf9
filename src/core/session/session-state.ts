// Everything the control plane remembers about one session: provenance shared by its agents,
// each device's screen context, recent events for counters, and decisions by request id.
import type { AgentEvent } from '../event/agent-event';
import type { Decision } from '../protocol/schema';
import { ScreenContext } from '../normalize/screen-context';
import { ProvenanceStore } from '../provenance/store';

export interface RememberedEvent {
  event: AgentEvent;
  decision: Decision;
  readKind?: string;
}

const MAX_HISTORY = 2_000;
const MAX_EVENTS = 10_000;

export class SessionState {
  readonly provenance = new ProvenanceStore();
  private readonly screens = new Map<string, ScreenContext>();
  private readonly history: AgentEvent[] = [];
  private readonly events = new Map<string, RememberedEvent>();
  readonly byRequest = new Map<string, Decision[]>();
  lastSeen = 0;

  constructor(readonly id: string) {}

  screen(key: string): ScreenContext {
    let s = this.screens.get(key);
    if (!s) {
      s = new ScreenContext();
      this.screens.set(key, s);
    }
    return s;
  }

  remember(entry: RememberedEvent): void {
    this.history.push(entry.event);
    if (this.history.length > MAX_HISTORY) this.history.splice(0, this.history.length - MAX_HISTORY);
    this.events.set(entry.event.id, entry);
    if (this.events.size > MAX_EVENTS) this.events.delete(this.events.keys().next().value as string);
  }

  event(id: string): RememberedEvent | undefined {
    return this.events.get(id);
  }

  /** Events within `windowMs` before `now`, oldest first. */
  recent(now: number, windowMs: number): AgentEvent[] {
    const from = now - windowMs;
    let i = this.history.length;
    while (i > 0 && this.history[i - 1].ts >= from) i--;
    return this.history.slice(i);
  }
}
