// Schemas of the per-app semantic map and catalogs kept in rules/apps/*.json (versioned data).
import { z } from 'zod';

export const LABEL_CLASSES = ['private', 'untrusted', 'secret'] as const;
export type LabelClass = (typeof LABEL_CLASSES)[number];

export const AppsFileSchema = z.object({
  version: z.literal(1),
  comment: z.string().optional(),
  apps: z.record(z.string(), z.string()),
  keywords: z.array(z.tuple([z.string(), z.string()])),
  /** The names apps go by on screen (a notification's header, "Messages", "LINE") → their kind. */
  names: z.record(z.string(), z.string()).default({}),
}).strict();

export const KindSchema = z.object({
  resource: z.string(),
  label: z.string(),
  classes: z.array(z.enum(LABEL_CLASSES)),
  sink: z.enum(['email', 'sms', 'chat', 'social']).optional(),
}).strict();

export const KindsFileSchema = z.object({
  version: z.literal(1),
  comment: z.string().optional(),
  kinds: z.record(z.string(), KindSchema),
  byResource: z.record(z.string(), z.string()),
}).strict();

export const BUTTON_SEMANTICS = ['send', 'pay', 'delete', 'install', 'uninstall', 'reset', 'call', 'share', 'confirm'] as const;
export type ButtonSemantic = (typeof BUTTON_SEMANTICS)[number];

export const ButtonsFileSchema = z.object({
  version: z.literal(1),
  comment: z.string().optional(),
  labels: z.partialRecord(z.enum(BUTTON_SEMANTICS), z.array(z.string())),
  ids: z.partialRecord(z.enum(BUTTON_SEMANTICS), z.array(z.string())),
  prefixes: z.partialRecord(z.enum(BUTTON_SEMANTICS), z.array(z.string())).default({}),
  prefixRest: z.string().default('^$'),
  /** Prefixes that commit only when an amount follows ("Give $100", not the "Give" tab). */
  amountPrefixes: z.partialRecord(z.enum(BUTTON_SEMANTICS), z.array(z.string())).default({}),
  /** What a generic confirm commits, from the screens that led to it: [effect, regex], first match wins. */
  contextEffects: z.array(z.tuple([z.enum(['uninstall', 'reset', 'account', 'permission', 'install', 'delete', 'payment']), z.string()])).default([]),
  fieldWords: z.array(z.string()),
}).strict();

export const TOOL_EFFECTS = ['read', 'write', 'send', 'http', 'shell', 'payment', 'install', 'uninstall', 'delete', 'settings', 'permission', 'reset', 'call'] as const;
export type ToolEffect = (typeof TOOL_EFFECTS)[number];

export const ToolsFileSchema = z.object({
  version: z.literal(1),
  comment: z.string().optional(),
  tools: z.record(z.string(), z.object({ resource: z.string(), effect: z.enum(TOOL_EFFECTS), method: z.string().optional() }).strict()),
  genericResources: z.array(z.string()),
  resourceWords: z.array(z.tuple([z.string(), z.array(z.string())])),
  verbWords: z.array(z.tuple([z.string(), z.array(z.string())])),
  argumentKeys: z.object({
    recipients: z.array(z.string()),
    payee: z.array(z.string()),
    amount: z.array(z.string()),
    package: z.array(z.string()),
    path: z.array(z.string()),
    url: z.array(z.string()),
    command: z.array(z.string()),
    setting: z.array(z.string()),
  }).strict(),
  sensitiveSettings: z.array(z.string()),
  /** Settings that are security-relevant in any app, not only in Settings (Play Protect in the Play Store). */
  securityFeatures: z.array(z.string()).default([]),
  /** Off-device storage and publishing services: what a tool writes there leaves the device (s3.put_object). */
  cloudServices: z.array(z.string()).default([]),
  /** Nouns of money movement: creating one moves money (stripe.refunds.create, paymentIntents.create). */
  moneyMovingWords: z.array(z.string()).default([]),
}).strict();

export const HostsFileSchema = z.object({
  version: z.literal(1),
  comment: z.string().optional(),
  hosts: z.record(z.string(), z.object({ resource: z.string(), write: z.enum(['send', 'payment', 'write']), readsByPath: z.boolean().optional() }).strict()),
}).strict();

export type AppsFile = z.infer<typeof AppsFileSchema>;
export type KindInfo = z.infer<typeof KindSchema>;
export type ButtonsFile = z.infer<typeof ButtonsFileSchema>;
export type ToolsFile = z.infer<typeof ToolsFileSchema>;
export type HostsFile = z.infer<typeof HostsFileSchema>;
