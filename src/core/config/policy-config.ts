// Operator configuration: org settings and agent manifests. The eval's `org`/`agents` blocks
// map onto exactly these; live, they come from files the operator edits (see src/app).
import { z } from 'zod';
import { AgentManifestSchema, OrgSchema, type AgentManifest, type Org } from '../protocol/schema';
import { fromZodError, type AgentFlowError } from '../protocol/errors';

export const PolicyConfigSchema = z.object({
  org: OrgSchema.default({ internalDomains: [], privateHosts: {}, allowedHosts: [] }),
  agents: z.record(z.string(), AgentManifestSchema).default({}),
  /** When true, requests from agents without a manifest are refused (live servers); eval uses the default manifest. */
  requireManifest: z.boolean().default(false),
}).strict();

export type PolicyConfig = z.infer<typeof PolicyConfigSchema>;

export const DEFAULT_MANIFEST: AgentManifest = { role: 'default', scopes: ['*.*'], mode: 'HOTL' };

export function emptyConfig(): PolicyConfig {
  return { org: { internalDomains: [], privateHosts: {}, allowedHosts: [] }, agents: {}, requireManifest: false };
}

export function parsePolicyConfig(input: unknown, what = 'config'): { ok: true; config: PolicyConfig } | { ok: false; error: AgentFlowError } {
  const result = PolicyConfigSchema.safeParse(input);
  if (!result.success) return { ok: false, error: fromZodError(input, result.error, 'config_invalid', what) };
  for (const [id, manifest] of Object.entries(result.data.agents)) {
    for (const scope of manifest.scopes) {
      if (!/^[\w*-]+\.[\w*-]+$/.test(scope)) {
        return { ok: false, error: { code: 'config_invalid', message: `${what}: agents.${id}.scopes: "${scope}" is not <resource>.<verb>`, issues: [{ field: `agents.${id}.scopes`, message: 'scope must be <resource>.<verb>', value: scope }] } };
      }
    }
  }
  return { ok: true, config: result.data };
}

/** Compiled org facts used on the hot path. */
export interface OrgFacts {
  isInternalEmail(address: string): boolean;
  isInternalHost(host: string): boolean;
  isAllowedHost(host: string): boolean;
  privateHostLabel(host: string): string | null;
  /** The allowed host that belongs to a named service (`airtable` → api.airtable.com), if any. */
  allowedHostOf(service: string): string | null;
  privateLabels: ReadonlySet<string>;
}

/** > . and white space (what \s matches), which may trail an address in a recipient field. */
function trailing(c: number): boolean {
  return c === 62 || c === 46 || c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

export function compileOrg(org: Org): OrgFacts {
  const internal = org.internalDomains.map((d) => d.toLowerCase().replace(/^@/, ''));
  const allowed = org.allowedHosts.map((h) => h.toLowerCase());
  const privateHosts = Object.entries(org.privateHosts).map(([h, label]) => [h.toLowerCase(), label] as const);
  return {
    isInternalEmail(address) {
      const at = address.lastIndexOf('@');
      if (at < 0) return false;
      // "Ana <ana@acme.example>." → acme.example
      let end = address.length;
      while (end > at + 1 && trailing(address.charCodeAt(end - 1))) end--;
      const domain = address.slice(at + 1, end).trim().toLowerCase();
      return internal.some((d) => hostMatches(domain, d));
    },
    isInternalHost(host) {
      const h = host.toLowerCase();
      return internal.some((d) => hostMatches(h, d)) || privateHosts.some(([p]) => h === p);
    },
    isAllowedHost(host) {
      const h = host.toLowerCase();
      return allowed.some((a) => h === a);
    },
    privateHostLabel(host) {
      const h = host.toLowerCase();
      return privateHosts.find(([p]) => h === p)?.[1] ?? null;
    },
    allowedHostOf(service) {
      const name = service.toLowerCase();
      // any label but the top-level domain: api.airtable.com, hooks.slack.com, graph.microsoft.com
      return allowed.find((a) => a.split('.').slice(0, -1).includes(name)) ?? null;
    },
    privateLabels: new Set(privateHosts.map(([, l]) => l)),
  };
}

export function manifestFor(config: PolicyConfig, agent: string): { manifest: AgentManifest; isDefault: boolean } {
  const manifest = config.agents[agent];
  return manifest ? { manifest, isDefault: false } : { manifest: DEFAULT_MANIFEST, isDefault: true };
}

/** Does the manifest grant `resource.verb`? Wildcards `*` on either side. */
export function grants(scopes: readonly string[], resource: string, verb: string | null): boolean {
  for (const scope of scopes) {
    const dot = scope.indexOf('.');
    const r = scope.slice(0, dot);
    const v = scope.slice(dot + 1);
    if (r !== '*' && r !== resource) continue;
    if (verb === null || v === '*' || v === verb) return true;
  }
  return false;
}
