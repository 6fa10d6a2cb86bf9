// electron-vite: main (ESM, dependencies such as better-sqlite3 stay external and load from
// node_modules), preload (CommonJS, bundled: a sandboxed preload cannot load npm packages) and
// the renderer (React). Output: out/main, out/preload, out/renderer — `agentflow serve` serves
// out/renderer at `/` for a browser.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// The audit log's writer thread is a plain script loaded by path (src/storage/threaded-audit-log.ts
// looks for it beside the module that starts it): it is copied next to the main bundle.
const WRITER_THREAD = 'audit-writer-thread.cjs';
const writerThread = {
  name: 'agentflow-audit-writer-thread',
  generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void }) {
    this.emitFile({ type: 'asset', fileName: WRITER_THREAD, source: readFileSync(resolve(import.meta.dirname, 'src/storage', WRITER_THREAD), 'utf8') });
  },
};

export default defineConfig({
  main: {
    plugins: [writerThread],
    build: { externalizeDeps: true },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react()],
    build: { outDir: resolve(import.meta.dirname, 'out/renderer') },
  },
});
