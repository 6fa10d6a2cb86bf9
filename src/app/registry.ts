// What the control plane knows about sessions, agents and decisions it made, for listings,
// approvals and agent-reported results. Bounded: old entries are dropped first.
import type { AgentEvent } from '../core/event/agent-event';
import type { Decision } from '../core/protocol/schema';
import type { SessionSummary } from '../ingress/ports';

interface Known {
  session: string;
  agent: string;
  decision: Decision;
}

export class Registry {
  private readonly events = new Map<string, Known>();
  private readonly awaiting = new Set<string>();
  private readonly sessionInfo = new Map<string, { agents: Set<string>; events: number; lastAt: number }>();
  private readonly agentInfo = new Map<string, { sessions: Set<string>; lastSeen: number }>();

  constructor(private readonly maxEvents = 50_000) {}

  note(event: AgentEvent, decision: Decision): void {
    this.events.set(event.id, { session: event.session, agent: event.agent, decision });
    if (this.events.size > this.maxEvents) {
      const oldest = this.events.keys().next().value as string;
      this.events.delete(oldest);
      this.awaiting.delete(oldest);
    }
    const s = this.sessionInfo.get(event.session) ?? { agents: new Set<string>(), events: 0, lastAt: 0 };
    s.agents.add(event.agent);
    s.events++;
    s.lastAt = event.ts;
    this.sessionInfo.set(event.session, s);
    const a = this.agentInfo.get(event.agent) ?? { sessions: new Set<string>(), lastSeen: 0 };
    a.sessions.add(event.session);
    a.lastSeen = event.ts;
    this.agentInfo.set(event.agent, a);
  }

  event(id: string): Known | undefined {
    return this.events.get(id);
  }

  decision(id: string): Decision | undefined {
    return this.events.get(id)?.decision;
  }

  awaitReport(id: string): void {
    this.awaiting.add(id);
  }

  /** True once per event that was left for the agent to execute. */
  takeReport(id: string): boolean {
    return this.awaiting.delete(id);
  }

  sessions(): SessionSummary[] {
    return [...this.sessionInfo.entries()].map(([id, s]) => ({ id, agents: [...s.agents].sort(), events: s.events, lastAt: s.lastAt })).sort((a, b) => (b.lastAt ?? 0) - (a.lastAt ?? 0));
  }

  agentIds(): string[] {
    return [...this.agentInfo.keys()];
  }

  sessionsOf(agent: string): string[] {
    return [...(this.agentInfo.get(agent)?.sessions ?? [])];
  }

  lastSeen(agent: string): number | null {
    return this.agentInfo.get(agent)?.lastSeen ?? null;
  }
}
