// What the operator console needs from the control plane, beside the agent-facing port
// (ports.ts): approvals, agents and interrupts, rule status/install/rollback, the audit trail of a
// session and a full verification of the log. The composition root (src/app/control-plane.ts)
// implements it. The request/response shapes are the console's IPC contract (src/shared/ipc.ts),
// so the HTTP operator routes and Electron's IPC handlers validate the same way.
import type {
  AgentSummary, AuditRecordView, InstallResult, InterruptKind, InterruptRecordView, IpcHandlers, PendingApproval, ResolveResult,
  RulesStatus, SessionSummary, VerifyReportView,
} from '../shared/ipc';

export interface OperatorPort {
  pendingApprovals(): PendingApproval[];
  approve(eventId: string, by: string): ResolveResult;
  deny(eventId: string, by: string, reason?: string): ResolveResult;
  sessions(): SessionSummary[];
  agents(): AgentSummary[];
  interrupt(interrupt: { kind: InterruptKind; agent: string; by: string; reason?: string }): InterruptRecordView;
  rulesStatus(): RulesStatus;
  /** Installs one .rules file's text into the running pack (replacing the file of that name). */
  installRulesText(file: string, text: string, by: string, note?: string): InstallResult;
  rollbackRules(ref: string | number, by: string): InstallResult;
  /** The session's audit records, oldest first; at most `limit` (the newest). */
  auditRecords(session: string, limit?: number): { session: string; total: number; records: AuditRecordView[] };
  auditVerify(): VerifyReportView;
}

/** The IPC contract's handlers over an OperatorPort; `by` falls back to `defaultBy`. */
export function operatorHandlers(port: OperatorPort, defaultBy: string): IpcHandlers {
  return {
    'approvals.list': () => port.pendingApprovals(),
    'approvals.approve': (r) => port.approve(r.event, r.by ?? defaultBy),
    'approvals.deny': (r) => port.deny(r.event, r.by ?? defaultBy, r.reason),
    'sessions.list': () => port.sessions(),
    'agents.list': () => port.agents(),
    'agents.interrupt': (r) => port.interrupt({ kind: r.kind, agent: r.agent, by: r.by ?? defaultBy, ...(r.reason ? { reason: r.reason } : {}) }),
    'rules.status': () => port.rulesStatus(),
    'rules.install': (r) => port.installRulesText(r.file, r.text, r.by ?? defaultBy, r.note),
    'rules.rollback': (r) => port.rollbackRules(r.ref, r.by ?? defaultBy),
    'audit.records': (r) => port.auditRecords(r.session, r.limit),
    'audit.verify': () => port.auditVerify(),
  };
}
