// The rule store: every installed rule set with its revision hash, who installed it, when, and
// from what text, plus which one is active. Rollback re-activates an earlier revision by
// recording a new `rollback` entry, so the history itself is never rewritten.
import { auditError } from '../core/audit/errors';
import type { PackFiles } from '../core/rules/pack';
import { openDatabase, type Db } from './sqlite';

export interface RuleRevisionInfo {
  /** Store entry number, increasing with every install or rollback. */
  id: number;
  /** Revision hash of the compiled pack. */
  revision: string;
  action: 'install' | 'rollback';
  installedBy: string;
  /** Milliseconds since epoch. */
  installedAt: number;
  note: string;
  active: boolean;
  ruleFiles: string[];
}

export interface RuleRevision extends RuleRevisionInfo {
  files: PackFiles;
}

export interface RecordRevisionInput {
  files: PackFiles;
  revision: string;
  by: string;
  note?: string;
  action?: 'install' | 'rollback';
}

export interface RuleStore {
  readonly path: string;
  /** Records a revision and makes it active, in one transaction. */
  record(input: RecordRevisionInput): RuleRevision;
  active(): RuleRevision | null;
  list(): RuleRevisionInfo[];
  /** By store id (number or digits) or by revision hash (a unique prefix is enough). */
  get(ref: string | number): RuleRevision;
  close(): void;
}

interface Row {
  id: number;
  revision: string;
  action: 'install' | 'rollback';
  installed_by: string;
  installed_at: number;
  note: string;
  files: string;
}

function parseFiles(text: string, where: string): PackFiles {
  let files: unknown;
  try {
    files = JSON.parse(text);
  } catch (error) {
    throw auditError('audit_corrupt', `${where}: stored files are not JSON`, where, error);
  }
  const f = files as PackFiles;
  if (!f || !Array.isArray(f.rules) || !Array.isArray(f.catalogs)) throw auditError('audit_corrupt', `${where}: stored files lack rules/catalogs`, where);
  return f;
}

export function openRuleStore(path: string, options: { now?: () => number; readonly?: boolean } = {}): RuleStore {
  const db = openDatabase(path, { readonly: options.readonly });
  try {
    db.prepare('SELECT 1 FROM rule_revisions LIMIT 1').get();
  } catch (error) {
    db.close();
    throw auditError('audit_open_failed', `${path}: no rule store in this database (${(error as Error).message})`, path, error);
  }
  return new SqliteRuleStore(db, path, options.now ?? Date.now);
}

class SqliteRuleStore implements RuleStore {
  constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly now: () => number,
  ) {}

  private activeId(): number | null {
    return (this.db.prepare('SELECT revision_id FROM rule_active WHERE id = 1').pluck().get() as number | undefined) ?? null;
  }

  private toRevision(row: Row, activeId: number | null): RuleRevision {
    const files = parseFiles(row.files, `${this.path}: rule revision ${row.id}`);
    return {
      id: row.id,
      revision: row.revision,
      action: row.action,
      installedBy: row.installed_by,
      installedAt: row.installed_at,
      note: row.note,
      active: row.id === activeId,
      ruleFiles: files.rules.map((f) => f.path),
      files,
    };
  }

  record(input: RecordRevisionInput): RuleRevision {
    if (!input.revision) throw auditError('invalid_input', 'rule revision: revision is missing', 'revision');
    if (!input.by) throw auditError('invalid_input', 'rule revision: installer (by) is missing', 'by');
    const files = JSON.stringify({ rules: input.files.rules.map((f) => ({ path: f.path, text: f.text })), catalogs: input.files.catalogs.map((f) => ({ path: f.path, text: f.text })) });
    const id = this.db
      .transaction(() => {
        const info = this.db
          .prepare('INSERT INTO rule_revisions (revision, action, installed_by, installed_at, note, files) VALUES (?, ?, ?, ?, ?, ?)')
          .run(input.revision, input.action ?? 'install', input.by, this.now(), input.note ?? '', files);
        const newId = Number(info.lastInsertRowid);
        this.db.prepare('INSERT INTO rule_active (id, revision_id) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET revision_id = excluded.revision_id').run(newId);
        return newId;
      })
      .immediate();
    return this.get(id);
  }

  active(): RuleRevision | null {
    const id = this.activeId();
    return id === null ? null : this.get(id);
  }

  list(): RuleRevisionInfo[] {
    const activeId = this.activeId();
    const rows = this.db.prepare('SELECT id, revision, action, installed_by, installed_at, note, files FROM rule_revisions ORDER BY id').all() as Row[];
    return rows.map((row) => {
      const { files: _files, ...info } = this.toRevision(row, activeId);
      return info;
    });
  }

  get(ref: string | number): RuleRevision {
    const activeId = this.activeId();
    let row: Row | undefined;
    if (typeof ref === 'number' || /^\d+$/.test(ref)) {
      row = this.db.prepare('SELECT * FROM rule_revisions WHERE id = ?').get(Number(ref)) as Row | undefined;
    }
    if (!row && typeof ref === 'string' && ref !== '') {
      const rows = this.db.prepare("SELECT * FROM rule_revisions WHERE revision LIKE ? || '%' ORDER BY id DESC").all(ref) as Row[];
      const distinct = new Set(rows.map((r) => r.revision));
      if (distinct.size > 1) throw auditError('invalid_input', `${this.path}: revision prefix "${ref}" is ambiguous (${[...distinct].join(', ')})`, 'revision');
      // The newest entry of that revision; all carry the same files.
      row = rows[0];
    }
    if (!row) throw auditError('not_found', `${this.path}: no rule revision "${ref}" (see \`agentflow rules list\`)`, 'revision');
    return this.toRevision(row, activeId);
  }

  close(): void {
    this.db.close();
  }
}
