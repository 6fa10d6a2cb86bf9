// Public surface of the storage layer for the composition root (src/app) and the CLI.
export { openThreadedAuditLog, type ThreadedAuditLog, type ThreadedAuditLogOptions } from './threaded-audit-log';
export { openAuditLog, verifyAuditFile, type AuditLog, type AuditLogOptions, type AppendAck, type AuditStatus } from './audit-log';
export type { VerifyReport, VerifyProblem } from './audit-verify';
export { readCheckpointFile, writeCheckpointFile } from './checkpoint-file';
export { createEvalAuditSink, type EvalAuditSink, type EvalAuditEntry } from './eval-audit';
export { openRuleStore, type RuleStore, type RuleRevision, type RuleRevisionInfo } from './rule-store';
export { createRuleInstaller, watchRules, followStore, formatRuleError, type RuleInstaller, type InstallResult, type RuleSetStatus } from './rule-installer';
export { openDatabase } from './sqlite';
export { MIGRATIONS, LATEST_SCHEMA_VERSION } from './migrations';
export { auditDecisions, AUDIT_UNAVAILABLE, type AuditedDecisions } from './audited-decisions';
