// What a compiled rule can see: the event, and lazily computed facts about it (provenance
// carried by the payload and targets, content scores, session counters).
import type { AgentEvent } from '../event/agent-event';

export interface ContentScores {
  shell: number;
  secret: number;
  injection: number;
  max: number;
}

export interface RuleContext {
  readonly event: AgentEvent;
  /** Labels (and classes `private`, `secret`, `any`) of observed values the payload carries. */
  payloadLabels(): ReadonlySet<string>;
  /** Labels (and class `untrusted`, `any`) of untrusted content the targets came from. */
  targetLabels(): ReadonlySet<string>;
  scores(): ContentScores;
  /** The payload values joined by newlines (computed once per event). */
  payloadText(): string;
  /** The target values joined by newlines (computed once per event). */
  targetsText(): string;
  /** How many earlier events of this session within the window matched session counter `index`. */
  counted(index: number, windowMs: number): number;
}
