// Optional operator files in the data directory that attach executors to the control plane:
//   devices.json — the device fleet (local Appium, external Appium or Selenium Grid; devices)
//   tools.json   — tool backends (HTTP endpoints and downstream MCP servers)
// Both are validated; a bad file is refused with the field and value named.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { fromZodError } from '../core/protocol/errors';
import { createPermitAuthority, DeviceExecutor, DeviceFleet, type FleetConfig, type PermitAuthority } from '../device';
import { HttpToolBackend, McpToolBackend, ToolRegistry } from '../ingress/backends/tool-backends';

const DeviceSpecSchema = z.object({
  id: z.string().min(1),
  udid: z.string().optional(),
  automationName: z.string().optional(),
  avd: z.string().optional(),
  systemPort: z.number().int().optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
}).strict();

export const DevicesFileSchema = z.object({
  endpoint: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('local'), port: z.number().int().optional(), allowInsecure: z.array(z.string()).optional(), logLevel: z.enum(['error', 'warn', 'info', 'debug']).optional(), args: z.array(z.string()).optional(), servers: z.number().int().min(1).optional() }).strict(),
    z.object({ kind: z.literal('appium'), url: z.string().url() }).strict(),
    z.object({ kind: z.literal('grid'), url: z.string().url() }).strict(),
  ]),
  devices: z.array(DeviceSpecSchema).min(1),
  commandTimeoutMs: z.number().int().positive().optional(),
  connectTimeoutMs: z.number().int().positive().optional(),
  connectOnStart: z.boolean().optional(),
  /** Device that runs api/tool actions in the twin sandbox (CI only). */
  sandboxDevice: z.string().optional(),
}).strict();

const ToolEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('http'), name: z.string().min(1), description: z.string().optional(), inputSchema: z.record(z.string(), z.unknown()).optional(), url: z.string().url(), headers: z.record(z.string(), z.string()).optional(), timeoutMs: z.number().int().positive().optional() }).strict(),
  z.object({ kind: z.literal('mcp'), id: z.string().min(1), command: z.string().optional(), args: z.array(z.string()).optional(), url: z.string().url().optional(), prefix: z.string().optional() }).strict(),
]);
export const ToolsFileSchema = z.object({ tools: z.array(ToolEntrySchema) }).strict();

function readJson<S extends z.ZodTypeAny>(path: string, schema: S): z.infer<S> | null {
  if (!existsSync(path)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(fromZodError(data, parsed.error, 'config_invalid', path).message);
  return parsed.data;
}

export interface DeviceRuntime {
  fleet: DeviceFleet;
  executor: DeviceExecutor;
  permits: PermitAuthority;
}

/** Starts the fleet described by `devices.json`, or returns null when there is none. */
export async function startDevicesFromFile(path: string, log?: (line: string) => void): Promise<DeviceRuntime | null> {
  const config = readJson(path, DevicesFileSchema);
  if (!config) return null;
  const { sandboxDevice, ...fleetConfig } = config;
  const fleet = await DeviceFleet.start({ ...(fleetConfig as FleetConfig), onLog: log });
  const permits = createPermitAuthority();
  const executor = new DeviceExecutor(fleet, permits.verifier, { sandboxDevice });
  return { fleet, executor, permits };
}

/** Connects the tool backends listed in `tools.json` (an empty registry when there is none). */
export async function loadToolsFromFile(path: string): Promise<ToolRegistry> {
  const registry = new ToolRegistry();
  const config = readJson(path, ToolsFileSchema);
  for (const entry of config?.tools ?? []) {
    if (entry.kind === 'http') {
      registry.register(new HttpToolBackend({ name: entry.name, description: entry.description, inputSchema: entry.inputSchema }, { url: entry.url, headers: entry.headers, timeoutMs: entry.timeoutMs }));
    } else {
      if (!entry.command && !entry.url) throw new Error(`${path}: tools[] entry ${entry.id} needs "command" (stdio) or "url" (streamable HTTP)`);
      const downstream = entry.command ? { command: entry.command, args: entry.args } : { url: entry.url! };
      registry.register(await McpToolBackend.connect(entry.id, downstream, { prefix: entry.prefix }));
    }
  }
  return registry;
}
