// Opening an AgentFlow SQLite database: WAL, durable-on-process-crash commits, numbered
// migrations. Every failure becomes an AuditException naming the file.
import Database from 'better-sqlite3';
import { auditError } from '../core/audit/errors';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations';

export type Db = Database.Database;

export interface OpenDbOptions {
  readonly?: boolean;
  /** Create the file when missing (default true for writers, always false for readers). */
  create?: boolean;
  /**
   * SQLite `synchronous` in WAL mode. NORMAL (default) keeps every committed transaction across a
   * process crash (kill -9); FULL also fsyncs each commit, for power loss.
   */
  synchronous?: 'NORMAL' | 'FULL';
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ? `${e.message ?? e.code} (${e.code})` : String(e?.message ?? error);
}

export function openDatabase(path: string, options: OpenDbOptions = {}): Db {
  const readonly = options.readonly === true;
  let db: Db;
  try {
    db = new Database(path, { readonly, fileMustExist: readonly || options.create === false });
  } catch (error) {
    const e = error as { code?: string };
    const why = e.code === 'SQLITE_CANTOPEN' || /directory does not exist/.test(String((error as Error)?.message)) ? `cannot open the file (${readonly ? 'missing' : 'its directory is missing or not writable'})` : describe(error);
    throw auditError('audit_open_failed', `${path}: ${why}`, path, error);
  }
  try {
    db.pragma('busy_timeout = 5000');
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
      db.pragma('foreign_keys = ON');
      migrate(db);
    } else {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > LATEST_SCHEMA_VERSION) {
        throw auditError('audit_open_failed', `${path}: database schema version ${version} is newer than this build (${LATEST_SCHEMA_VERSION})`, path);
      }
    }
  } catch (error) {
    try {
      db.close();
    } catch {}
    if ((error as { name?: string }).name === 'AuditException') throw error;
    const e = error as { code?: string };
    const why = e.code === 'SQLITE_NOTADB' ? 'not an SQLite database' : describe(error);
    throw auditError('audit_open_failed', `${path}: ${why}`, path, error);
  }
  return db;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
