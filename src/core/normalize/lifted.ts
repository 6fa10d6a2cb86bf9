// The part of an AgentEvent each channel lifter produces.
import type { Effect, PayloadPart, Sink } from '../event/agent-event';
import { HIGH_IMPACT_EFFECTS } from '../event/agent-event';

export interface Lifted {
  effect: Effect;
  resource: string;
  altResources?: string[];
  verb: string;
  highImpact?: boolean;
  app?: string;
  label: string;
  lifted: string;
  sink: Sink | null;
  payload: PayloadPart[];
  targets: PayloadPart[];
  secretField?: boolean;
  /** A Share tap that picks what the next send will carry. */
  opensShare?: boolean;
  /** For API/HTTP: the parsed host. */
  host?: string;
  url?: string;
}

const VERB_OF: Record<Effect, string> = {
  open: 'read', navigate: 'read', read: 'read', draft: 'write', write: 'write', send: 'send', http_write: 'write',
  share: 'send', call: 'read', payment: 'pay', delete: 'delete', install: 'install', uninstall: 'uninstall',
  permission: 'grant', settings: 'write', account: 'write', reset: 'reset', shell: 'exec',
};

export function verbOf(effect: Effect): string {
  return VERB_OF[effect];
}

export function isHighImpact(lifted: Pick<Lifted, 'effect' | 'highImpact'>): boolean {
  return lifted.highImpact ?? HIGH_IMPACT_EFFECTS.has(lifted.effect);
}
