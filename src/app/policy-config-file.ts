// The operator-edited policy configuration file (org settings and agent manifests), JSON:
// { "org": { internalDomains, privateHosts, allowedHosts }, "agents": { id: { role, scopes, mode } }, "requireManifest": false }
// A bad edit is reported with the field and value and never replaces the running config.
import { existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { dirname, basename } from 'node:path';
import { emptyConfig, parsePolicyConfig, type PolicyConfig } from '../core/config/policy-config';
import type { AgentFlowError } from '../core/protocol/errors';

export type ConfigLoad = { ok: true; config: PolicyConfig } | { ok: false; error: AgentFlowError };

export function readPolicyConfigFile(path: string): ConfigLoad {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { ok: false, error: { code: 'config_invalid', message: `${path}: ${(error as Error).message}`, issues: [{ field: path, message: (error as Error).message }] } };
  }
  return parsePolicyConfig(data, path);
}

/** Loads the file, creating it with an empty (default-manifest) config on first run. Throws on a bad file. */
export function loadPolicyConfigFile(path: string): { config: PolicyConfig; created: boolean } {
  if (!existsSync(path)) {
    const config = emptyConfig();
    writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    return { config, created: true };
  }
  const loaded = readPolicyConfigFile(path);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return { config: loaded.config, created: false };
}

/** Calls back with every settled change of the file (valid or not). */
export function watchPolicyConfig(path: string, onChange: (result: ConfigLoad) => void, debounceMs = 150): { close(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const name = basename(path);
  const watcher = watch(dirname(path), (_event, file) => {
    if (file !== name) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (existsSync(path)) onChange(readPolicyConfigFile(path));
    }, debounceMs);
  });
  return {
    close() {
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
