// A local Appium 3 server the control plane starts and stops itself (project mode: drivers are
// found from the project's package.json, so the device twin needs no `appium driver install`).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { DeviceError } from './errors';

export interface LocalAppiumOptions {
  /** Port to listen on; 0 or absent picks a free port. */
  port?: number;
  address?: string;
  /** Insecure features, e.g. `devicetwin:adb_shell` or `uiautomator2:adb_shell`. */
  allowInsecure?: string[];
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
  /** Milliseconds to wait for /status. */
  startTimeoutMs?: number;
  /** Where Appium's output goes (default: dropped, last lines kept for errors). */
  onLog?: (line: string) => void;
  /** Extra CLI arguments. */
  args?: string[];
  /** Directory whose package.json lists the drivers (project mode; the default is this project).
   *  An APPIUM_HOME in the environment overrides project mode, as in Appium itself. */
  projectDir?: string;
}

export interface LocalAppium {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Finds a free TCP port on the loopback interface. */
export function freePort(address = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, address, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function appiumEntry(): { entry: string; projectDir: string } {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('appium/package.json');
  const dir = dirname(pkg);
  return { entry: join(dir, 'index.js'), projectDir: dirname(dirname(dir)) };
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** Starts Appium and resolves once `GET /status` answers. */
export async function startLocalAppium(opts: LocalAppiumOptions = {}): Promise<LocalAppium> {
  const address = opts.address ?? '127.0.0.1';
  const port = opts.port || (await freePort(address));
  const { entry, projectDir } = appiumEntry();
  const args = [entry, '--address', address, '--port', String(port), '--log-level', opts.logLevel ?? 'warn', '--log-no-colors'];
  if (opts.allowInsecure?.length) args.push('--allow-insecure', opts.allowInsecure.join(','));
  args.push(...(opts.args ?? []));
  const child = spawn(process.execPath, args, {
    cwd: opts.projectDir ?? projectDir,
    // under Electron, process.execPath is the Electron binary: make it behave as plain Node
    env: { ...process.env, ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  installExitHook();
  const tail: string[] = [];
  const onData = (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      opts.onLog?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    }),
  );
  const url = `http://${address}:${port}`;
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exitPromise;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited) throw new DeviceError('appium_unavailable', `Appium exited during start-up: ${tail.slice(-10).join(' | ')}`);
    try {
      const res = await fetch(`${url}/status`);
      if (res.ok) return { url, port, pid: child.pid ?? -1, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  await stop();
  throw new DeviceError('appium_unavailable', `Appium did not answer on ${url}/status within ${opts.startTimeoutMs ?? 60_000} ms: ${tail.slice(-10).join(' | ')}`);
}
