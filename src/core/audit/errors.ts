// Audit errors are data with stable codes, like AgentFlowError. Storage throws AuditException;
// the gate's caller turns any of them into a deny (fail closed).
export type AuditErrorCode =
  | 'audit_open_failed' // the database could not be opened or migrated
  | 'audit_write_failed' // an append did not commit: the action must be denied
  | 'audit_closed' // the log was used after close()
  | 'audit_corrupt' // a stored row could not be read back as a record
  | 'hash_alg_unknown'
  | 'hash_alg_mismatch'
  | 'checkpoint_invalid' // a checkpoint file or object is malformed
  | 'proof_invalid' // a proof object is malformed
  | 'not_found'
  | 'invalid_input';

export interface AuditError {
  code: AuditErrorCode;
  message: string;
  /** The file, field or record the error is about, when there is one. */
  where?: string;
}

export class AuditException extends Error {
  readonly code: AuditErrorCode;
  readonly where?: string;
  constructor(readonly error: AuditError, options?: { cause?: unknown }) {
    super(error.message, options);
    this.name = 'AuditException';
    this.code = error.code;
    this.where = error.where;
  }
}

export function auditError(code: AuditErrorCode, message: string, where?: string, cause?: unknown): AuditException {
  return new AuditException(where === undefined ? { code, message } : { code, message, where }, cause === undefined ? undefined : { cause });
}

export function isAuditException(error: unknown): error is AuditException {
  return error instanceof AuditException;
}
