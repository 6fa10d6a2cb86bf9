#!/usr/bin/env node
// `npm start`: the desktop app. Steps:
//   1. find the Electron binary WITHOUT require('electron') (that would try to download it and
//      can hang offline); if it is missing, say how to get it and exit 1;
//   2. `electron-vite build` (out/main, out/preload, out/renderer);
//   3. a better-sqlite3 compiled for Electron's ABI, kept SEPARATE from Node's: node_modules/
//      keeps the Node build (so `npm test` / `agentflow serve` under plain Node keep working),
//      and out/node_modules/better-sqlite3 gets the Electron build. out/main/index.js resolves
//      `better-sqlite3` from out/node_modules first, so only Electron sees that copy. It is built
//      once per (better-sqlite3, Electron, platform) with `npx --yes @electron/rebuild@3` in a
//      staging directory and stamped; later starts reuse it. No swapping back and forth, so an
//      interrupted start can never leave node_modules with the wrong ABI;
//   4. launch Electron on the repo (package.json "main": out/main/index.js) and pass its exit code on.
// Environment: ELECTRON_OVERRIDE_DIST_PATH (a directory holding an electron binary),
// AGENTFLOW_DATA (data directory; default <userData>/data), AGENTFLOW_SKIP_BUILD=1.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.error(`agentflow start: ${line}`);
const pkg = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(dir, 'package.json'))) return { path: null, why: 'node_modules/electron is not installed (run npm ci)' };
  const pathTxt = join(dir, 'path.txt');
  const name = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : process.platform === 'win32' ? 'electron.exe' : 'electron';
  const path = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name) : join(dir, 'dist', name);
  return existsSync(path) ? { path, why: null } : { path: null, why: `the Electron binary ${path} is missing (its download did not run or failed)` };
}

function run(cmd, args, what, timeoutMs) {
  say(what);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', timeout: timeoutMs, shell: process.platform === 'win32' });
  if (r.error || r.status !== 0) {
    say(`${what} failed${r.error ? `: ${r.error.message}` : ` (exit ${r.status ?? r.signal})`}`);
    process.exit(1);
  }
}

// 1. Electron
const electron = electronBinary();
if (!electron.path) {
  say(`cannot start the desktop app: ${electron.why}.`);
  say('Get the binary on a machine with network access: `node node_modules/electron/install.js` (or `npx install-electron`),');
  say('or point ELECTRON_OVERRIDE_DIST_PATH at a directory that holds it. Headless alternative: `npm run serve` and open the console URL it prints.');
  process.exit(1);
}
const electronVersion = pkg('electron').version;

// 2. build
if (process.env.AGENTFLOW_SKIP_BUILD !== '1') run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], 'building (electron-vite build)', 300_000);

// 3. better-sqlite3 for Electron's ABI, beside (not instead of) Node's
const sqliteVersion = pkg('better-sqlite3').version;
const target = join(root, 'out', 'node_modules', 'better-sqlite3');
const stamp = join(target, '.agentflow-electron-abi');
const want = `better-sqlite3 ${sqliteVersion} electron ${electronVersion} ${process.platform}-${process.arch}`;
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
  const stage = join(root, 'out', '.electron-native');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'node_modules'), { recursive: true });
  writeFileSync(join(stage, 'package.json'), JSON.stringify({ name: 'agentflow-electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }));
  cpSync(join(root, 'node_modules', 'better-sqlite3'), join(stage, 'node_modules', 'better-sqlite3'), { recursive: true, filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`) });
  // @electron/rebuild 4 needs Node >= 22.12; 3.x runs on the Node 20 this project supports.
  run('npx', ['--yes', '@electron/rebuild@3', '--force', '--only', 'better-sqlite3', '--version', electronVersion, '--module-dir', stage], `compiling better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once; Node's copy in node_modules is left alone)`, 900_000);
  const built = join(stage, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(built)) {
    say(`@electron/rebuild finished but ${built} is missing`);
    process.exit(1);
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(stage, 'node_modules', 'better-sqlite3'), target, { recursive: true });
  writeFileSync(stamp, want);
  rmSync(stage, { recursive: true, force: true });
}

// 4. launch
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
say(`launching Electron ${electronVersion}`);
const child = spawn(electron.path, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  say(`could not launch ${electron.path}: ${error.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
