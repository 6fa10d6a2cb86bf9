// The fleet config file (JSON) an operator writes: endpoint + devices. Validated with zod so a
// typo names the offending field instead of failing at the first session.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FleetConfig } from './fleet';

const DeviceSpecSchema = z
  .object({
    id: z.string().min(1),
    udid: z.string().min(1).optional(),
    automationName: z.string().min(1).optional(),
    avd: z.string().min(1).optional(),
    systemPort: z.number().int().min(1024).max(65535).optional(),
    capabilities: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const EndpointSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('local'),
      port: z.number().int().min(0).max(65535).optional(),
      allowInsecure: z.array(z.string().regex(/^[\w*-]+:[\w-]+$/, 'use <driver>:<feature>, e.g. uiautomator2:adb_shell')).optional(),
      logLevel: z.enum(['error', 'warn', 'info', 'debug']).optional(),
      args: z.array(z.string()).optional(),
      servers: z.number().int().min(1).max(32).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('appium'), url: z.string().url() }).strict(),
  z.object({ kind: z.literal('grid'), url: z.string().url() }).strict(),
]);

export const FleetConfigSchema = z
  .object({
    endpoint: EndpointSchema,
    devices: z.array(DeviceSpecSchema).min(1),
    commandTimeoutMs: z.number().int().positive().optional(),
    connectTimeoutMs: z.number().int().positive().optional(),
    connectOnStart: z.boolean().optional(),
  })
  .strict()
  .superRefine((cfg, ctx) => {
    const ids = new Set<string>();
    const ports = new Set<number>();
    cfg.devices.forEach((d, i) => {
      if (ids.has(d.id)) ctx.addIssue({ code: 'custom', path: ['devices', i, 'id'], message: `duplicate device id "${d.id}"` });
      ids.add(d.id);
      if (d.systemPort !== undefined) {
        if (ports.has(d.systemPort)) ctx.addIssue({ code: 'custom', path: ['devices', i, 'systemPort'], message: `systemPort ${d.systemPort} is used by two devices` });
        ports.add(d.systemPort);
      }
    });
  });

export type FleetConfigResult = { ok: true; config: FleetConfig } | { ok: false; message: string };

export function parseFleetConfig(input: unknown, what = 'fleet config'): FleetConfigResult {
  const r = FleetConfigSchema.safeParse(input);
  if (r.success) return { ok: true, config: r.data as FleetConfig };
  return { ok: false, message: `${what}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}` };
}

export function readFleetConfig(path: string): FleetConfigResult {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return { ok: false, message: `${path}: ${(e as Error).message}` };
  }
  return parseFleetConfig(data, path);
}
