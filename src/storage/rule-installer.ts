// Hot install: validate → compile → audit → store → atomic swap. A rule set with errors never
// replaces the running one; its errors (file:line:col) are reported and published in status().
// The compiler and the swap target are passed in, so this works with any pack type and is
// testable with a fake compiler.
import { watch, type FSWatcher } from 'node:fs';
import type { PackFiles } from '../core/rules/pack';
import type { AuditLog } from './audit-log';
import type { RuleRevision, RuleStore } from './rule-store';

export interface RuleError {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
}

export type CompileResult<P> = { ok: true; pack: P } | { ok: false; errors: RuleError[] };
export type RuleCompiler<P extends { revision: string }> = (files: PackFiles) => CompileResult<P>;

export interface RuleSetStatus {
  state: 'ok' | 'error' | 'empty';
  /** Revision in force (the last good one, also when state is error). */
  revision: string | null;
  storeId: number | null;
  /** Errors of the last rejected install, if it was the last attempt. */
  errors: RuleError[];
}

export type InstallResult = { ok: true; revision: string; storeId: number; unchanged: boolean } | { ok: false; errors: RuleError[]; message: string };

export interface RuleInstallerOptions<P extends { revision: string }> {
  store: RuleStore;
  compile: RuleCompiler<P>;
  /** Receives the new pack; must be an atomic swap (e.g. PolicyEngine.setPack). */
  swap: (pack: P) => void;
  /** Operator actions are audited before they take effect; a failed audit write refuses the install. */
  audit?: Pick<AuditLog, 'appendOperatorAction'>;
}

export interface RuleInstaller<P> {
  current(): P | null;
  status(): RuleSetStatus;
  /** Compiles and activates the store's active revision (startup). */
  loadActive(): InstallResult | null;
  /**
   * Picks up an install or rollback made by another process on the same database (e.g.
   * `agentflow rules install --db` against a running server): swaps when the store's active
   * entry is not the one in force. Returns null when nothing changed.
   */
  refresh(): InstallResult | null;
  install(files: PackFiles, by: string, note?: string): InstallResult;
  rollback(ref: string | number, by: string, note?: string): InstallResult;
}

export function formatRuleError(e: RuleError): string {
  return `${e.file}:${e.line}:${e.col}: ${e.code}: ${e.message}`;
}

export function createRuleInstaller<P extends { revision: string }>(options: RuleInstallerOptions<P>): RuleInstaller<P> {
  const { store, compile, swap, audit } = options;
  let pack: P | null = null;
  let storeId: number | null = null;
  let lastErrors: RuleError[] = [];

  const compileSafely = (files: PackFiles): CompileResult<P> => {
    try {
      return compile(files);
    } catch (error) {
      return { ok: false, errors: [{ file: files.rules[0]?.path ?? '(pack)', line: 1, col: 1, code: 'internal', message: `compiler failed: ${(error as Error).message}` }] };
    }
  };

  const reject = (errors: RuleError[], what: string): InstallResult => {
    lastErrors = errors;
    return { ok: false, errors, message: `${what} rejected (${errors.length} error${errors.length === 1 ? '' : 's'}); revision ${pack?.revision ?? '(none)'} stays in force` };
  };

  const activate = (compiled: P, files: PackFiles, by: string, note: string, action: 'install' | 'rollback', rolledBackTo?: RuleRevision): InstallResult => {
    const previous = pack?.revision ?? null;
    if (action === 'install' && previous === compiled.revision) {
      lastErrors = [];
      return { ok: true, revision: compiled.revision, storeId: storeId ?? -1, unchanged: true };
    }
    try {
      audit?.appendOperatorAction({
        action: action === 'install' ? 'rule_install' : 'rule_rollback',
        operator: by,
        ruleset: compiled.revision,
        reason: note,
        detail: { previous, files: files.rules.map((f) => f.path), ...(rolledBackTo ? { to_store_id: rolledBackTo.id } : {}) },
      });
      const entry = store.record({ files, revision: compiled.revision, by, note, action });
      pack = compiled;
      storeId = entry.id;
      swap(compiled);
      lastErrors = [];
      return { ok: true, revision: compiled.revision, storeId: entry.id, unchanged: false };
    } catch (error) {
      return reject([{ file: '(store)', line: 0, col: 0, code: 'install_failed', message: (error as Error).message }], action);
    }
  };

  return {
    current: () => pack,
    status: () => ({ state: pack === null ? (lastErrors.length ? 'error' : 'empty') : lastErrors.length ? 'error' : 'ok', revision: pack?.revision ?? null, storeId, errors: lastErrors }),
    loadActive() {
      const active = store.active();
      if (!active) return null;
      const compiled = compileSafely(active.files);
      if (!compiled.ok) return reject(compiled.errors, `stored revision ${active.revision}`);
      pack = compiled.pack;
      storeId = active.id;
      swap(compiled.pack);
      lastErrors = [];
      return { ok: true, revision: compiled.pack.revision, storeId: active.id, unchanged: false };
    },
    refresh() {
      const active = store.active();
      if (!active || active.id === storeId) return null;
      if (pack && active.revision === pack.revision) {
        storeId = active.id;
        return null;
      }
      return this.loadActive();
    },
    install(files, by, note = '') {
      const compiled = compileSafely(files);
      if (!compiled.ok) return reject(compiled.errors, 'install');
      return activate(compiled.pack, files, by, note, 'install');
    },
    rollback(ref, by, note = '') {
      let target: RuleRevision;
      try {
        target = store.get(ref);
      } catch (error) {
        return reject([{ file: '(store)', line: 0, col: 0, code: 'not_found', message: (error as Error).message }], 'rollback');
      }
      const compiled = compileSafely(target.files);
      if (!compiled.ok) return reject(compiled.errors, `rollback to ${target.revision}`);
      return activate(compiled.pack, target.files, by, note || `rollback to store entry ${target.id}`, 'rollback', target);
    },
  };
}

export interface WatchOptions {
  /** Re-reads the rule files from disk (e.g. the app's readPackFiles). */
  read: () => PackFiles;
  by: string;
  debounceMs?: number;
  /** Which changed file names trigger an install (default: *.rules and *.json). */
  filter?: (filename: string) => boolean;
  onResult?: (result: InstallResult) => void;
}

/** Polls the store so installs made by other processes take effect here without a restart. */
export function followStore<P>(installer: RuleInstaller<P>, intervalMs = 1000, onResult?: (result: InstallResult) => void): { close(): void } {
  const timer = setInterval(() => {
    try {
      const result = installer.refresh();
      if (result) onResult?.(result);
    } catch (error) {
      onResult?.({ ok: false, errors: [{ file: '(store)', line: 0, col: 0, code: 'refresh_failed', message: (error as Error).message }], message: `rule store refresh failed: ${(error as Error).message}` });
    }
  }, intervalMs);
  timer.unref?.();
  return { close: () => clearInterval(timer) };
}

const defaultFilter = (filename: string): boolean => /\.(rules|json)$/.test(filename);

/** Watches rule directories; every settled change is installed (or rejected, keeping the running set). */
export function watchRules<P>(dirs: readonly string[], installer: RuleInstaller<P>, options: WatchOptions): { close(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    let result: InstallResult;
    try {
      result = installer.install(options.read(), options.by, 'file watch');
    } catch (error) {
      result = { ok: false, errors: [{ file: dirs[0] ?? '(rules)', line: 0, col: 0, code: 'read_failed', message: (error as Error).message }], message: `cannot read rules: ${(error as Error).message}` };
    }
    options.onResult?.(result);
  };
  const watchers: FSWatcher[] = dirs.map((dir) =>
    watch(dir, { recursive: true }, (_event, filename) => {
      // Only rule and catalog files count: a database or editor swap file beside them must not retrigger.
      const name = typeof filename === 'string' ? filename : '';
      if (name && !(options.filter ?? defaultFilter)(name)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, options.debounceMs ?? 150);
    }),
  );
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
