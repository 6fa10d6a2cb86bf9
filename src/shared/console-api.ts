// The operator console's one API. The renderer talks only through this interface; Electron
// provides it from the preload script (IPC to the main process), a browser gets it over HTTP
// (/v1/operator/<channel> + the /v1/stream WebSocket). Both are built by `consoleApiOver` from a
// transport that moves one IPC channel request at a time, so they cannot drift apart.
import type {
  AgentSummary, AuditRecordView, InstallResult, InterruptKind, InterruptRecordView, IpcChannel, IpcRequest, IpcResponse,
  LiveEvent, PendingApproval, ResolveResult, RulesStatus, SessionSummary, VerifyReportView,
} from './ipc';

export type {
  AgentSummary, AuditRecordView, DecisionView, InstallResult, InterruptKind, InterruptRecordView, LiveEvent, PendingApproval,
  ResolveResult, RuleError, RulesStatus, SessionSummary, VerifyReportView,
} from './ipc';

/** State of the live stream as the console shows it. */
export type StreamState = 'connecting' | 'open' | 'closed';

export interface AuditRecords {
  session: string;
  /** Records of the session in the log (the list may be cut to `limit`, newest kept). */
  total: number;
  records: AuditRecordView[];
}

export interface ConsoleApi {
  /** Which transport this is (shown in the header). */
  readonly transport: 'electron' | 'http';
  /** Live events; returns the unsubscribe function. `onState` follows the connection. */
  subscribe(onEvent: (event: LiveEvent) => void, onState?: (state: StreamState) => void): () => void;
  pendingApprovals(): Promise<PendingApproval[]>;
  approve(event: string, by?: string): Promise<ResolveResult>;
  deny(event: string, by?: string, reason?: string): Promise<ResolveResult>;
  sessions(): Promise<SessionSummary[]>;
  agents(): Promise<AgentSummary[]>;
  /** PAUSE / RESUME / HALT / LIFT / ABORT one agent (or '*' for all). */
  interrupt(kind: InterruptKind, agent: string, by?: string, reason?: string): Promise<InterruptRecordView>;
  rulesStatus(): Promise<RulesStatus>;
  /** Installs the text of one .rules file into the running pack (replacing the file of that name). */
  installRules(file: string, text: string, by?: string, note?: string): Promise<InstallResult>;
  /** Back to an earlier revision (store id or revision hash). */
  rollbackRules(ref: string | number, by?: string): Promise<InstallResult>;
  auditRecords(session: string, limit?: number): Promise<AuditRecords>;
  auditVerify(): Promise<VerifyReportView>;
}

/** Sends one validated-on-arrival request; rejects with an Error carrying the other side's message. */
export type Invoke = <C extends IpcChannel>(channel: C, request: IpcRequest<C>) => Promise<IpcResponse<C>>;

/** An Error raised for an `{ok:false}` IPC reply; `code` is the stable error code. */
export class ConsoleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

const defined = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export function consoleApiOver(transport: ConsoleApi['transport'], invoke: Invoke, subscribe: ConsoleApi['subscribe']): ConsoleApi {
  return {
    transport,
    subscribe,
    pendingApprovals: () => invoke('approvals.list', {}),
    approve: (event, by) => invoke('approvals.approve', defined({ event, by })),
    deny: (event, by, reason) => invoke('approvals.deny', defined({ event, by, reason })),
    sessions: () => invoke('sessions.list', {}),
    agents: () => invoke('agents.list', {}),
    interrupt: (kind, agent, by, reason) => invoke('agents.interrupt', defined({ kind, agent, by, reason })),
    rulesStatus: () => invoke('rules.status', {}),
    installRules: (file, text, by, note) => invoke('rules.install', defined({ file, text, by, note })),
    rollbackRules: (ref, by) => invoke('rules.rollback', defined({ ref, by })),
    auditRecords: (session, limit) => invoke('audit.records', defined({ session, limit })),
    auditVerify: () => invoke('audit.verify', {}),
  };
}
