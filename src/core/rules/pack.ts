// A policy pack: FlowRule files plus the per-app semantic map and catalogs. Install goes
// parse → validate → compile; a pack with any error is never returned, so it can never replace
// the running one. The revision is a hash of the canonical sources.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { compileCatalog, type Catalog, type SourceFile } from '../catalog/catalog';
import { compileRules, type RuleIndex } from './compile';
import { parseRules, type RuleError } from './parser';

export type { SourceFile };

export interface PackFiles {
  rules: SourceFile[];
  catalogs: SourceFile[];
}

export interface CompiledPack {
  revision: string;
  rules: RuleIndex;
  catalog: Catalog;
  ruleCount: number;
  sources: PackFiles;
}

export type PackError = RuleError | { file: string; line: number; col: number; code: string; message: string };

export function packRevision(files: PackFiles): string {
  const all = [...files.rules.map((f) => ['rules', f] as const), ...files.catalogs.map((f) => ['catalog', f] as const)]
    .map(([kind, f]) => `${kind}:${f.path.split('/').pop()}\n${f.text}`)
    .sort();
  return bytesToHex(sha256(utf8ToBytes(all.join('\n\u0000\n')))).slice(0, 16);
}

export function compilePack(files: PackFiles): { ok: true; pack: CompiledPack } | { ok: false; errors: PackError[] } {
  const errors: PackError[] = [];
  const nodes = [];
  for (const file of files.rules) {
    const parsed = parseRules(file.path, file.text);
    errors.push(...parsed.errors);
    nodes.push(...parsed.rules);
  }
  const { index, errors: compileErrors } = compileRules(nodes);
  errors.push(...compileErrors);
  const catalog = compileCatalog(files.catalogs);
  if (!catalog.ok) errors.push(...catalog.errors);
  if (errors.length > 0 || !catalog.ok) return { ok: false, errors };
  return { ok: true, pack: { revision: packRevision(files), rules: index, catalog: catalog.catalog, ruleCount: index.all.length, sources: files } };
}

export function formatPackError(e: PackError): string {
  return `${e.file}:${e.line}:${e.col}: ${e.code}: ${e.message}`;
}
