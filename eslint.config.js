// Lint, including the layer arrows of DESIGN.md: each layer may import only the layers below it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'net', 'child_process', 'crypto', 'worker_threads'];
const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'android/twin-driver/node_modules/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', setImmediate: 'readonly', AbortController: 'readonly', fetch: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', globalThis: 'readonly', window: 'readonly', document: 'readonly', WebSocket: 'readonly', EventSource: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // CommonJS scripts (the audit log's writer thread) load npm packages with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', Atomics: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/core/**'],
    rules: forbid(
      [['electron', 'better-sqlite3', 'webdriverio', 'ws', 'appium', 'react', ...nodeBuiltins], ['**/storage/**', '**/device/**', '**/ingress/**', '**/app/**', '**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**']],
      'src/core is pure: no electron, storage, device, network or Node built-ins (DESIGN.md layers).',
    ),
  },
  {
    // The gate's hot path: on Node 20's V8 an object literal that spreads first and then adds
    // keys (`{ ...a, b }`) is ~100× slower than a plain literal or `Object.assign` (5–12 µs per
    // literal, measured while profiling bench/gate.bench.ts).
    files: ['src/core/{normalize,provenance,gate,engine,rules,session,protocol,catalog,config,event}/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ObjectExpression > SpreadElement ~ Property', message: 'spread-then-add literals are slow on V8 (Node 20): list the keys, put the spread last, or use Object.assign' }],
    },
  },
  {
    files: ['src/storage/**'],
    rules: forbid([['electron', 'webdriverio', 'ws', 'react', '**/device/**', '**/ingress/**', '**/app/**', '**/main/**', '**/renderer/**', '**/cli/**']], 'src/storage may import only src/core.'),
  },
  {
    files: ['src/device/**'],
    rules: forbid([['electron', 'better-sqlite3', 'react', '**/storage/**', '**/ingress/**', '**/app/**', '**/main/**', '**/renderer/**', '**/cli/**']], 'src/device may import only src/core.'),
  },
  {
    files: ['src/ingress/**'],
    rules: forbid([['electron', 'better-sqlite3', 'react', '**/storage/**', '**/device/**', '**/app/**', '**/main/**', '**/renderer/**', '**/cli/**']], 'src/ingress may import only src/core.'),
  },
  {
    files: ['src/app/**'],
    rules: forbid([['electron', 'react', '**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**']], 'src/app is the composition root: no Electron, no UI.'),
  },
  {
    files: ['src/main/**'],
    rules: forbid([['react', '**/renderer/**', '**/cli/**', '**/core/**', '**/storage/**', '**/device/**', '**/ingress/**']], 'src/main talks to the control plane only through src/app.'),
  },
  {
    files: ['src/renderer/**', 'src/preload/**'],
    rules: forbid([['better-sqlite3', 'webdriverio', 'ws', ...nodeBuiltins, '**/core/**', '**/storage/**', '**/device/**', '**/ingress/**', '**/app/**', '**/main/**', '**/cli/**']], 'the renderer and preload see only src/shared types.'),
  },
  {
    files: ['src/cli/**'],
    rules: forbid([['electron', 'react', '**/main/**', '**/renderer/**', '**/preload/**']], 'the CLI goes through src/app.'),
  },
);
