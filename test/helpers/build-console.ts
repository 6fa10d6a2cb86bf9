// Builds out/ (electron-vite: main, preload, renderer; ~2 s) when it is missing or older than the
// sources it is built from. Used by the console e2e test and the Electron main smoke test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const OUT = join(ROOT, 'out');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function fresh(outputs: string[]): boolean {
  const sources = Math.max(...['src', 'electron.vite.config.ts'].map((p) => (statSync(join(ROOT, p)).isDirectory() ? newestMtime(join(ROOT, p)) : statSync(join(ROOT, p)).mtimeMs)));
  return outputs.every((o) => existsSync(o) && statSync(o).mtimeMs >= sources);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Test files run in parallel processes: one builds (mkdir lock), the others wait for it. */
export function ensureBuilt(): void {
  const outputs = [join(OUT, 'renderer', 'index.html'), join(OUT, 'main', 'index.js'), join(OUT, 'preload', 'index.cjs')];
  const lock = join(OUT, '.build-lock');
  mkdirSync(OUT, { recursive: true });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is held for more than 90 s; remove it if no build is running`);
      sleep(200);
    }
  }
  try {
    if (fresh(outputs)) return;
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 60_000 });
    for (const o of outputs) if (!existsSync(o)) throw new Error(`electron-vite build did not produce ${o}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
