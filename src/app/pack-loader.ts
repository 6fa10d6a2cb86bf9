// Loading a policy pack from disk: FlowRule files (*.rules) and the app/tool catalogs (*.json).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilePack, type CompiledPack, type PackError, type PackFiles } from '../core/rules/pack';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_RULES_DIR = join(PROJECT_ROOT, 'rules', 'default');
export const DEFAULT_CATALOG_DIR = join(PROJECT_ROOT, 'rules', 'apps');

function readDir(dir: string, ext: string): Array<{ path: string; text: string }> {
  if (!existsSync(dir)) throw new Error(`rules directory not found: ${dir}`);
  if (!statSync(dir).isDirectory()) return dir.endsWith(ext) ? [{ path: dir, text: readFileSync(dir, 'utf8') }] : [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(ext))
    .sort()
    .map((name) => ({ path: join(dir, name), text: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Reads a pack. `rulesPath` is a directory of *.rules files (or one file); the catalogs come
 * from `<rulesPath>/apps` when present, else from the shipped rules/apps.
 */
export function readPackFiles(rulesPath: string = DEFAULT_RULES_DIR, catalogDir?: string): PackFiles {
  const rules = readDir(rulesPath, '.rules');
  const ownCatalog = statSync(rulesPath).isDirectory() && existsSync(join(rulesPath, 'apps')) ? join(rulesPath, 'apps') : null;
  const catalogs = readDir(catalogDir ?? ownCatalog ?? DEFAULT_CATALOG_DIR, '.json');
  return { rules, catalogs };
}

export function loadPack(rulesPath?: string, catalogDir?: string): { ok: true; pack: CompiledPack } | { ok: false; errors: PackError[] } {
  return compilePack(readPackFiles(rulesPath, catalogDir));
}
