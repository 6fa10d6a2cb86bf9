// The names of the operator console's IPC channels (request/response), and the one push channel
// the main process uses for the live stream. Kept apart from the schemas (ipc.ts) so that the
// sandboxed preload script needs no runtime dependency: it only forwards by name.
export const IPC_CHANNELS = [
  'approvals.list',
  'approvals.approve',
  'approvals.deny',
  'sessions.list',
  'agents.list',
  'agents.interrupt',
  'rules.status',
  'rules.install',
  'rules.rollback',
  'audit.records',
  'audit.verify',
] as const;

export type IpcChannel = (typeof IPC_CHANNELS)[number];

/** Main → renderer: one LiveEvent per message (decisions, approvals, agent status, rules). */
export const LIVE_EVENT_CHANNEL = 'live.event';

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (IPC_CHANNELS as readonly string[]).includes(value);
}
