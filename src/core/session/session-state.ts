// Everything the control plane remembers about one session: provenance shared by its agents,
// each device's screen context, recent events for counters, and decisions by request id.
import type { AgentEvent, PayloadPart, SinkKind } from '../event/agent-event';
import type { Decision } from '../protocol/schema';
import { ScreenContext } from '../normalize/screen-context';
import { ProvenanceStore } from '../provenance/store';

export interface RememberedEvent {
  event: AgentEvent;
  decision: Decision;
}

/** A message draft saved through an API or tool, by the id the service returned for it. */
export interface StoredDraft {
  kind: SinkKind;
  recipients: string[];
  payload: PayloadPart[];
}

const MAX_DRAFTS = 200;

/** Events kept for commit() lookups; an observation arrives right after its action. */
const MAX_EVENTS = 1_000;

export class SessionState {
  readonly provenance = new ProvenanceStore();
  private readonly screens = new Map<string, ScreenContext>();
  private readonly events = new Map<string, RememberedEvent>();
  /** Decisions by client request id (idempotency), for the requests whose events are still kept. */
  private readonly byRequest = new Map<string, Decision[]>();
  /** Drafts saved by id (gmail_create_draft → r-558…): sending one by its id sends what it holds. */
  private readonly drafts = new Map<string, StoredDraft>();
  /** What agents of this session typed themselves (squashed): seeing it on screen later is not new provenance. */
  readonly authored = new Set<string>();
  /** per session counter of the running pack: times of the events that matched it */
  private counterTimes: number[][] = [];
  private counterRevision = '';

  constructor(readonly id: string) {}

  screen(key: string): ScreenContext {
    let s = this.screens.get(key);
    if (!s) {
      s = new ScreenContext();
      this.screens.set(key, s);
    }
    return s;
  }

  rememberDraft(id: string, draft: StoredDraft): void {
    this.drafts.set(id, draft);
    if (this.drafts.size > MAX_DRAFTS) this.drafts.delete(this.drafts.keys().next().value as string);
  }

  draft(id: string): StoredDraft | undefined {
    return this.drafts.get(id);
  }

  get draftCount(): number {
    return this.drafts.size;
  }

  noteAuthored(keys: Iterable<string>): void {
    for (const key of keys) this.authored.add(key);
    if (this.authored.size > 5_000) this.authored.delete(this.authored.values().next().value as string);
  }

  /** The decided events of an earlier request with this id, while they are still remembered. */
  replay(requestId: string): RememberedEvent[] | undefined {
    const decisions = this.byRequest.get(requestId);
    if (!decisions) return undefined;
    const entries = decisions.map((d) => this.events.get(d.event));
    return entries.every((e) => e !== undefined) ? (entries as RememberedEvent[]) : undefined;
  }

  rememberRequest(requestId: string, decisions: Decision[]): void {
    this.byRequest.set(requestId, decisions);
    if (this.byRequest.size > MAX_EVENTS) this.byRequest.delete(this.byRequest.keys().next().value as string);
  }

  remember(entry: RememberedEvent): void {
    this.events.set(entry.event.id, entry);
    if (this.events.size > MAX_EVENTS) this.events.delete(this.events.keys().next().value as string);
  }

  /** Counter state belongs to one pack revision; a new pack starts its counters afresh. */
  countersFor(revision: string, size: number): number[][] {
    if (revision !== this.counterRevision) {
      this.counterRevision = revision;
      this.counterTimes = Array.from({ length: size }, () => []);
    }
    return this.counterTimes;
  }

  counted(revision: string, size: number, index: number, now: number, windowMs: number): number {
    const times = this.countersFor(revision, size)[index];
    if (!times) return 0;
    const from = now - windowMs;
    if (times.length > 100_000 || (times.length > 0 && times[0] < from - 3_600_000)) times.splice(0, times.findIndex((t) => t >= from) >>> 0);
    // times are in event order, so the window starts at a binary-searched index
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return times.length - lo;
  }

  event(id: string): RememberedEvent | undefined {
    return this.events.get(id);
  }
}
