// The gate as the app ships it: bundled by esbuild (as electron-vite bundles the main process),
// not run through the development loader, whose per-function bookkeeping would be measured too.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../src/app/pack-loader';
import type * as GateModule from './gate-entry';

export async function shippedGate(): Promise<typeof GateModule> {
  const esbuild = await import('esbuild');
  const outdir = join(PROJECT_ROOT, 'out', 'bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'gate.mjs');
  await esbuild.build({ entryPoints: [join(PROJECT_ROOT, 'bench', 'gate-entry.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' });
  return (await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`)) as typeof GateModule;
}
