// The console's IPC channels over the composition root's ControlPlane. Requests arrive already
// validated (dispatchIpc in src/shared/ipc.ts); `by` defaults to the desktop user.
import type { ControlPlane } from '../app/control-plane';
import type { IpcHandlers } from '../shared/ipc';

export function ipcHandlers(plane: ControlPlane, defaultBy: string): IpcHandlers {
  return {
    'approvals.list': () => plane.pendingApprovals(),
    'approvals.approve': (r) => plane.approve(r.event, r.by ?? defaultBy),
    'approvals.deny': (r) => plane.deny(r.event, r.by ?? defaultBy, r.reason),
    'sessions.list': () => plane.sessions(),
    'agents.list': () => plane.agents(),
    'agents.interrupt': (r) => plane.interrupt({ kind: r.kind, agent: r.agent, by: r.by ?? defaultBy, ...(r.reason ? { reason: r.reason } : {}) }),
    'rules.status': () => plane.rulesStatus(),
    'rules.install': (r) => plane.installRulesText(r.file, r.text, r.by ?? defaultBy, r.note),
    'rules.rollback': (r) => plane.rollbackRules(r.ref, r.by ?? defaultBy),
    'audit.records': (r) => plane.auditRecords(r.session, r.limit),
    'audit.verify': () => plane.auditVerify(),
  };
}
