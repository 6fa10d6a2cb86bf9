// The operator console end to end: the real headless server (startServe + the composition root,
// SQLite in a temp dir) serves the built renderer at `/`; Debian's chromium (playwright-core)
// opens it with the token in the fragment; agents' actions go in over the HTTP API and the page
// must show and answer them live.
//
// Needs /usr/bin/chromium (`apt-get install -y chromium`). Without it the suite FAILS, on purpose:
// a console nobody has looked at must not pass silently.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeHandle } from '../../src/cli/commands/serve';
import { ensureBuilt, OUT } from '../helpers/build-console';

const RENDERER = join(OUT, 'renderer');
const CHROMIUM = process.env.AGENTFLOW_CHROMIUM ?? '/usr/bin/chromium';
const SCREENSHOT = process.env.AGENTFLOW_CONSOLE_SCREENSHOT ?? '/tmp/console.png';

let base: string;
let dataDir: string;
let handle: ServeHandle;
let context: BrowserContext;
let page: Page;
let profile: string;
const serverLog: string[] = [];

async function act(body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await fetch(`${handle.url}/v1/actions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${handle.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ v: 1, session: 'e2e-1', ...body }),
  });
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`POST /v1/actions ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`e2e console test needs Chromium at ${CHROMIUM} (Debian: apt-get update && apt-get install -y chromium; or set AGENTFLOW_CHROMIUM). It does not skip.`);
  }
  ensureBuilt();
  base = mkdtempSync(join(tmpdir(), 'af-console-'));
  dataDir = join(base, 'data');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, 'policy.json'),
    JSON.stringify({
      org: { internalDomains: ['acme.example'], privateHosts: {}, allowedHosts: [] },
      agents: {
        'mail-bot': { role: 'assistant', scopes: ['email.*', 'apps.*', 'device.*'], mode: 'HOTL' },
        'ops-bot': { role: 'ops', scopes: ['email.*', 'apps.*', 'device.*'], mode: 'HOTL' },
      },
    }),
  );
  handle = await startServe({ dataDir, port: 0, consoleDir: RENDERER, io: { out: (l) => serverLog.push(l), err: (l) => serverLog.push(l) } });
  profile = mkdtempSync(join(tmpdir(), 'af-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1440, height: 1000 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => serverLog.push(`pageerror: ${error.message}`));
  await page.goto(handle.consoleUrl);
  await page.getByTestId('stream-state').filter({ hasText: 'live: open' }).waitFor({ timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await handle?.close();
  if (base) rmSync(base, { recursive: true, force: true });
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('operator console (browser, served by agentflow serve)', () => {
  it('takes the token from the fragment, keeps it in sessionStorage and clears the address bar', async () => {
    expect(page.url()).toBe(`${handle.url}/`);
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('agentflow.token'))).toBe(handle.token);
    const noToken = await fetch(`${handle.url}/v1/operator/rules.status`, { method: 'POST' });
    expect(noToken.status).toBe(401);
  });

  it('shows a deny live with its rule and reason', async () => {
    const r = await act({ agent: 'mail-bot', channel: 'tool', tool: { name: 'run_shell', arguments: { command: 'rm -rf / --no-preserve-root' } } });
    expect(r.decision).toBe('deny');
    const row = page.locator('[data-testid="feed-row"][data-decision="deny"]').first();
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.getByTestId('feed-rules').textContent()).toContain(r.rules[0]);
    expect(await row.getByTestId('feed-reason').textContent()).toBe(r.reason);
  });

  it('holds an ask in Approvals; Approve releases the held HTTP request with allow', async () => {
    const held = act({ agent: 'ops-bot', channel: 'tool', tool: { name: 'install_app', arguments: { package: 'com.example.tool' } } });
    const card = page.getByTestId('approval-row').first();
    await card.waitFor({ timeout: 10_000 });
    expect(await card.textContent()).toContain('ops-bot');
    expect(await card.getByTestId('time-left').textContent()).toMatch(/^\d+ s left$/);
    await card.getByRole('button', { name: 'Approve' }).click();
    const r = await held;
    expect(r.decision).toBe('allow');
    expect(r.reason).toContain('approved by');
    await page.getByTestId('approval-row').waitFor({ state: 'detached', timeout: 10_000 });
    const answered = page.locator('[data-testid="feed-row"][data-decision="ask"]').first().getByTestId('feed-resolution');
    await expect.poll(() => answered.textContent(), { timeout: 10_000 }).toBe('approved by console');
  });

  it('pauses an agent from the agents table: its next action is denied with agent_paused', async () => {
    const row = page.getByTestId('agent-row-mail-bot');
    await row.waitFor();
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => row.getByTestId('agent-status').textContent(), { timeout: 10_000 }).toBe('paused');
    const r = await act({ agent: 'mail-bot', channel: 'tool', tool: { name: 'send_email', arguments: { to: 'ops@acme.example', body: 'status report' } } });
    expect(r.decision).toBe('deny');
    expect(r.code).toBe('agent_paused');
    await page.locator('[data-testid="feed-row"][data-decision="deny"]', { hasText: 'agent_paused' }).first().waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => row.getByTestId('agent-status').textContent(), { timeout: 10_000 }).toBe('active');
  });

  it('filters the feed by decision and by agent', async () => {
    const rows = page.getByTestId('feed-row');
    const all = await rows.count();
    expect(all).toBeGreaterThanOrEqual(3);
    await page.getByLabel('filter by decision').selectOption('ask');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-decision')))).toEqual(['ask']);
    await page.getByLabel('filter by decision').selectOption('');
    await page.getByLabel('filter by agent').selectOption('mail-bot');
    await expect.poll(async () => new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-agent'))))).toEqual(new Set(['mail-bot']));
    await page.getByLabel('filter by agent').selectOption('');
    await expect.poll(() => rows.count()).toBe(all);
  });

  it('rejects a bad rule file with file:line:col and keeps the running revision', async () => {
    const revision = (await page.getByTestId('rules-revision').textContent())!;
    expect(revision).toMatch(/^[0-9a-f]{16}$/);
    await page.getByLabel('rule file name').fill('95-broken.rules');
    await page.getByLabel('rule text').fill('rule broken.example priority 10\n  when nonsense is 1\n  then deny "never"\n');
    await page.getByRole('button', { name: 'Install' }).click();
    const error = page.getByTestId('install-result').getByTestId('rule-error').first();
    await error.waitFor({ timeout: 10_000 });
    expect(await error.textContent()).toMatch(/95-broken\.rules:\d+:\d+/);
    expect(await page.getByTestId('install-result').textContent()).toContain(`revision ${revision} stays in force`);
    await expect.poll(() => page.getByTestId('rules-state').textContent()).toBe('error');
    expect(await page.getByTestId('rules-revision').textContent()).toBe(revision);
  });

  it('shows the session audit trail and verifies the log', async () => {
    await page.getByLabel('audit session').selectOption('e2e-1');
    await page.getByTestId('audit-row').first().waitFor({ timeout: 10_000 });
    const kinds = await page.getByTestId('audit-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['decision', 'operator']));
    await page.getByRole('button', { name: 'Verify' }).click();
    const result = page.getByTestId('audit-verify-result');
    await result.waitFor({ timeout: 10_000 });
    expect(await result.textContent()).toMatch(/^OK — \d+ records/);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(serverLog.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });
});
