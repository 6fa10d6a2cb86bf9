// Shared fixtures: the shipped default pack, an engine with a deterministic clock, request builders.
import { loadPack, readPackFiles } from '../../src/app/pack-loader';
import { parsePolicyConfig, type PolicyConfig } from '../../src/core/config/policy-config';
import { PolicyEngine } from '../../src/core/engine/engine';
import { counterIds, fixedClock } from '../../src/core/engine/ports';
import { compilePack, type CompiledPack, type PackFiles } from '../../src/core/rules/pack';

let cached: CompiledPack | null = null;

export function defaultPack(): CompiledPack {
  if (!cached) {
    const loaded = loadPack();
    if (!loaded.ok) throw new Error(`default pack does not compile: ${JSON.stringify(loaded.errors)}`);
    cached = loaded.pack;
  }
  return cached;
}

export function defaultPackFiles(): PackFiles {
  return readPackFiles();
}

/** The default catalogs with the given rule text instead of the default rules. */
export function packWithRules(text: string, file = 'test.rules'): CompiledPack {
  const result = compilePack({ rules: [{ path: file, text }], catalogs: defaultPackFiles().catalogs });
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.message}`).join('\n'));
  return result.pack;
}

export function config(input: unknown = {}): PolicyConfig {
  const parsed = parsePolicyConfig(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.config;
}

export function engine(options: { pack?: CompiledPack; config?: unknown } = {}): PolicyEngine {
  return new PolicyEngine({ pack: options.pack ?? defaultPack(), config: config(options.config ?? {}), clock: fixedClock(), ids: counterIds('t') });
}

let n = 0;
export function tool(agent: string, name: string, args: Record<string, unknown>, session = 's1') {
  return { v: 1 as const, id: `r${++n}`, session, agent, channel: 'tool' as const, tool: { name, arguments: args } };
}

export function api(agent: string, method: string, url: string, body?: unknown, session = 's1') {
  return { v: 1 as const, id: `r${++n}`, session, agent, channel: 'api' as const, api: { method, url, ...(body === undefined ? {} : { body }) } };
}

export function gui(agent: string, device: string, g: Record<string, unknown>, session = 's1') {
  return { v: 1 as const, id: `r${++n}`, session, agent, device, channel: 'gui' as const, gui: g };
}

/** The event a tool call is lifted to, by a fresh engine with this config. */
export function liftedTool(name: string, args: Record<string, unknown>, cfg: unknown = {}) {
  const r = engine({ config: cfg }).evaluate(tool('a', name, args));
  if (!r.ok) throw new Error(r.error.message);
  return r.decided[0].event;
}

/** Evaluates and returns the single decision, committing `observe` when allowed. */
export function decide(e: PolicyEngine, request: unknown, observe?: Record<string, unknown>) {
  const result = e.evaluate(request);
  if (!result.ok) throw new Error(result.error.message);
  const last = result.decided[result.decided.length - 1];
  if (last.decision.decision === 'allow' && observe) e.commit(last.event.session, last.event.id, observe);
  return last.decision;
}

/** Decides GUI actions in one app in order (agent `a`, device `dev`): their decisions. */
export function guiSteps(e: PolicyEngine, app: string, actions: Array<Record<string, unknown>>): string[] {
  return actions.map((g) => decide(e, gui('a', 'dev', { app, ...g })).decision);
}
