// Numbered schema migrations. `PRAGMA user_version` holds the number of the last one applied;
// each runs in its own transaction, so a crash leaves the schema at a whole version.
import { auditError } from '../core/audit/errors';
import type { Db } from './sqlite';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'audit log',
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        ts INTEGER NOT NULL,
        session TEXT,
        agent TEXT,
        decision_id TEXT,
        decision TEXT,
        ruleset TEXT,
        record TEXT NOT NULL,
        leaf_hash BLOB NOT NULL
      ) STRICT;
      CREATE INDEX audit_log_session ON audit_log (session, seq);
      CREATE TABLE audit_checkpoints (
        size INTEGER PRIMARY KEY,
        root BLOB NOT NULL,
        ts INTEGER NOT NULL,
        frontier TEXT NOT NULL
      ) STRICT;
      CREATE TABLE audit_configs (hash TEXT PRIMARY KEY, config TEXT NOT NULL) STRICT;
    `,
  },
  {
    version: 2,
    name: 'rule store',
    sql: `
      CREATE TABLE rule_revisions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        revision TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('install', 'rollback')),
        installed_by TEXT NOT NULL,
        installed_at INTEGER NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        files TEXT NOT NULL
      ) STRICT;
      CREATE INDEX rule_revisions_revision ON rule_revisions (revision);
      CREATE TABLE rule_active (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        revision_id INTEGER NOT NULL REFERENCES rule_revisions (id)
      ) STRICT;
    `,
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies every migration above the database's version; refuses a database newer than this build. */
export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > LATEST_SCHEMA_VERSION) {
    throw auditError('audit_open_failed', `${db.name}: database schema version ${current} is newer than this build (${LATEST_SCHEMA_VERSION})`, db.name);
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return LATEST_SCHEMA_VERSION;
}
