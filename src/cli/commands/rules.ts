// `agentflow rules check|install|rollback|list|watch|backtest`: the rule store and hot install
// from the command line. Install = validate → compile → audit → store; a bad rule set is
// reported with file:line:col and never recorded as active. Exit: 0 ok, 1 rejected, 2 bad input.
// `--db` is the rule store; `--audit` the audit log that records the install (default: the same
// file). A running server that follows the store (followStore) picks the change up live.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CATALOG_DIR, DEFAULT_RULES_DIR, readPackFiles } from '../../app/pack-loader';
import { backtest } from '../../core/audit/backtest';
import { policyReplayEngine } from '../../core/audit/engine-replay';
import { isAuditException } from '../../core/audit/errors';
import { compilePack, type CompiledPack, type PackFiles } from '../../core/rules/pack';
import { openAuditLog, type AuditLog } from '../../storage/audit-log';
import { createRuleInstaller, formatRuleError, watchRules, type InstallResult, type RuleInstaller } from '../../storage/rule-installer';
import { openRuleStore, type RuleStore } from '../../storage/rule-store';
import { parseArgs, type CliCommand, type CliIo } from '../command';

const USAGE = [
  'rules check [DIR]                                  validate and compile a rule pack (default rules/default)',
  'rules install [DIR] --db DB [--audit DB] [--by NAME] [--note T]  install: compile, audit, store, activate',
  'rules rollback REV|ID --db DB [--audit DB] [--by NAME]           re-activate an earlier revision',
  'rules list --db DB [--json]                        revisions: id, hash, who, when, active',
  'rules watch [DIR] --db DB [--audit DB] [--by NAME]  install every change of DIR until interrupted',
  'rules backtest NEWRULES --db DB [--last N] [--json]  replay recorded events under NEWRULES, list changed decisions',
];

class UsageError extends Error {}

function readFiles(dir: string): PackFiles {
  if (!existsSync(dir)) throw new UsageError(`rules directory not found: ${dir}`);
  return readPackFiles(dir);
}

function dbFlag(flags: Map<string, string | true>): string {
  const db = flags.get('db');
  if (typeof db !== 'string') throw new UsageError('--db DB is required');
  return db;
}

function by(flags: Map<string, string | true>): string {
  const b = flags.get('by');
  return typeof b === 'string' ? b : (process.env.USER ?? process.env.USERNAME ?? 'cli');
}

function report(result: InstallResult, io: CliIo, verb: string): number {
  if (result.ok) {
    io.out(result.unchanged ? `unchanged: revision ${result.revision} is already active` : `${verb}: revision ${result.revision} active (store entry ${result.storeId})`);
    return 0;
  }
  for (const e of result.errors) io.err(formatRuleError(e));
  io.err(result.message);
  return 1;
}

/** The audit log that records rule installs: `--audit DB`, else the rule store's own database. */
function auditPath(flags: Map<string, string | true>, dbPath: string): string {
  const a = flags.get('audit');
  if (a === true) throw new UsageError('--audit needs a DB path');
  return a ?? dbPath;
}

function withInstaller<T>(dbPath: string, auditDb: string, fn: (installer: RuleInstaller<CompiledPack>, store: RuleStore, audit: AuditLog) => T): T {
  const audit = openAuditLog(auditDb);
  let store: RuleStore | null = null;
  try {
    store = openRuleStore(dbPath);
    const installer = createRuleInstaller<CompiledPack>({ store, compile: compilePack, swap: () => {}, audit });
    installer.loadActive();
    return fn(installer, store, audit);
  } finally {
    store?.close();
    audit.close();
  }
}

async function run(sub: string | undefined, positionals: string[], flags: Map<string, string | true>, io: CliIo): Promise<number> {
  switch (sub) {
    case 'check': {
      const dir = positionals[0] ?? DEFAULT_RULES_DIR;
      const compiled = compilePack(readFiles(dir));
      if (!compiled.ok) {
        for (const e of compiled.errors) io.err(formatRuleError(e));
        io.err(`${dir}: ${compiled.errors.length} error(s); not installable`);
        return 1;
      }
      io.out(`ok: ${dir}: revision ${compiled.pack.revision} (${compiled.pack.ruleCount} rules)`);
      return 0;
    }
    case 'install': {
      const dir = positionals[0] ?? DEFAULT_RULES_DIR;
      const files = readFiles(dir);
      const note = flags.get('note');
      return withInstaller(dbFlag(flags), auditPath(flags, dbFlag(flags)), (installer) => report(installer.install(files, by(flags), typeof note === 'string' ? note : `install from ${dir}`), io, 'installed'));
    }
    case 'rollback': {
      const ref = positionals[0];
      if (!ref) throw new UsageError('rules rollback: missing REV|ID (see `agentflow rules list`)');
      return withInstaller(dbFlag(flags), auditPath(flags, dbFlag(flags)), (installer) => report(installer.rollback(ref, by(flags)), io, 'rolled back'));
    }
    case 'list': {
      const store = openRuleStore(dbFlag(flags), { readonly: true });
      try {
        const list = store.list();
        if (flags.get('json')) io.out(JSON.stringify(list));
        else if (list.length === 0) io.out('no rule revisions installed');
        else
          for (const r of list) {
            io.out(`${r.active ? '*' : ' '} ${String(r.id).padStart(4)}  ${r.revision}  ${r.action.padEnd(8)}  ${new Date(r.installedAt).toISOString()}  ${r.installedBy}  ${r.note}`);
          }
      } finally {
        store.close();
      }
      return 0;
    }
    case 'watch': {
      const dir = positionals[0] ?? DEFAULT_RULES_DIR;
      const dbPath = dbFlag(flags);
      const audit = openAuditLog(auditPath(flags, dbPath));
      const store = openRuleStore(dbPath);
      const installer = createRuleInstaller<CompiledPack>({ store, compile: compilePack, swap: () => {}, audit });
      installer.loadActive();
      report(installer.install(readFiles(dir), by(flags), `watch ${dir}`), io, 'installed');
      // The pack's own apps/ is inside DIR (watched recursively); otherwise the shipped catalogs are used.
      const dirs = existsSync(join(dir, 'apps')) ? [dir] : [dir, DEFAULT_CATALOG_DIR];
      const watcher = watchRules(dirs.filter((d) => existsSync(d) && statSync(d).isDirectory()), installer, { read: () => readFiles(dir), by: by(flags), onResult: (r) => (r.ok && r.unchanged ? undefined : report(r, io, 'installed')) });
      io.err(`watching ${dir} (Ctrl-C to stop)`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      watcher.close();
      store.close();
      audit.close();
      return 0;
    }
    case 'backtest': {
      const dir = positionals[0];
      if (!dir) throw new UsageError('rules backtest: missing NEWRULES (a rules directory)');
      const lastFlag = flags.get('last');
      if (lastFlag !== undefined && (lastFlag === true || !/^\d+$/.test(lastFlag))) throw new UsageError('--last needs a non-negative integer');
      const compiled = compilePack(readFiles(dir));
      if (!compiled.ok) {
        for (const e of compiled.errors) io.err(formatRuleError(e));
        io.err(`${dir}: candidate rules do not compile; nothing replayed`);
        return 1;
      }
      const pack = compiled.pack;
      const log = openAuditLog(dbFlag(flags), { readonly: true });
      try {
        const records = log.records();
        const result = backtest(records, (runId) => policyReplayEngine(pack, runId), { last: lastFlag === undefined ? undefined : Number(lastFlag), config: (h) => log.getConfig(h) });
        if (flags.get('json')) {
          io.out(JSON.stringify({ candidate: pack.revision, ...result }));
          return 0;
        }
        io.out(`candidate revision ${pack.revision}: compared ${result.compared} decision(s) (replayed ${result.replayed}); ${result.changes.length} would change, ${result.unchanged} unchanged, ${result.errors.length} not replayable`);
        for (const c of result.changes) {
          io.out(`  seq ${c.seq}  ${c.session}/${c.agent}  ${c.action}: ${c.before.decision} → ${c.after.decision}  [${c.after.rules.join(', ') || c.after.tier}] ${c.after.reason}${c.redacted ? '  (payload had redacted secrets)' : ''}`);
        }
        for (const e of result.errors.slice(0, 20)) io.out(`  not replayed: seq ${e.seq} ${e.decision_id}: ${e.message}`);
        return 0;
      } finally {
        log.close();
      }
    }
    default:
      throw new UsageError(sub ? `unknown rules sub-command "${sub}"` : 'missing sub-command');
  }
}

export const command: CliCommand = {
  name: 'rules',
  summary: 'check, install (hot), roll back, list, watch and backtest rule packs',
  usage: 'rules check|install|rollback|list|watch|backtest …',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json']);
    const [sub, ...rest] = positionals;
    try {
      return await run(sub, rest, flags, io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`agentflow rules: ${error.message}`);
        io.err(`usage:\n${USAGE.map((l) => `  agentflow ${l}`).join('\n')}`);
        return 2;
      }
      if (isAuditException(error)) {
        io.err(`agentflow rules: ${error.code}: ${error.message}`);
        return 2;
      }
      throw error;
    }
  },
};
