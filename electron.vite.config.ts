// electron-vite: main (ESM, dependencies such as better-sqlite3 stay external and load from
// node_modules), preload (CommonJS, bundled: a sandboxed preload cannot load npm packages) and
// the renderer (React). Output: out/main, out/preload, out/renderer — `agentflow serve` serves
// out/renderer at `/` for a browser.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
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
