// Wire schemas of protocol v1 (shared/spec/protocol.md). Every wire type is derived from these
// zod schemas, so no type is kept in sync by hand. Unknown top-level fields are rejected.
import { z } from 'zod';

export const GUI_OPS = ['tap', 'long_press', 'type', 'clear', 'swipe', 'scroll', 'key', 'launch_app', 'back', 'home', 'read_screen'] as const;
export const CHANNELS = ['gui', 'api', 'tool', 'llm'] as const;
export const DECISIONS = ['allow', 'deny', 'ask'] as const;
export const TIERS = ['T1', 'T2', 'T3', 'T4'] as const;
export const MODES = ['HITL', 'HOTL', 'HATL'] as const;

export const TargetSchema = z
  .object({
    resourceId: z.string().optional(),
    text: z.string().optional(),
    contentDesc: z.string().optional(),
    className: z.string().optional(),
    xpath: z.string().optional(),
    point: z.object({ x: z.number(), y: z.number() }).optional(),
  })
  .strict();

export const GuiActionSchema = z
  .object({
    op: z.enum(GUI_OPS),
    app: z.string().min(1).optional(),
    target: TargetSchema.optional(),
    text: z.string().optional(),
    key: z.string().optional(),
    direction: z.string().optional(),
  })
  .strict();

export const ApiActionSchema = z
  .object({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  })
  .strict();

export const ToolActionSchema = z
  .object({
    name: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

export const PlanStepSchema = z
  .object({
    channel: z.enum(['gui', 'api', 'tool']),
    gui: GuiActionSchema.optional(),
    api: ApiActionSchema.optional(),
    tool: ToolActionSchema.optional(),
  })
  .strict();

export const LlmPlanSchema = z
  .object({
    planner: z.string().optional(),
    steps: z.array(PlanStepSchema).min(1),
  })
  .strict();

export const ActionRequestSchema = z
  .object({
    v: z.literal(1),
    id: z.string().min(1).optional(),
    session: z.string().min(1),
    agent: z.string().min(1),
    device: z.string().min(1).optional(),
    channel: z.enum(CHANNELS),
    gui: GuiActionSchema.optional(),
    api: ApiActionSchema.optional(),
    tool: ToolActionSchema.optional(),
    llm: LlmPlanSchema.optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const ObserveSchema = z
  .object({
    texts: z.array(z.string()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
    result: z.unknown().optional(),
    foreground: z.string().optional(),
  })
  .strict();

export const OrgSchema = z
  .object({
    internalDomains: z.array(z.string()).default([]),
    privateHosts: z.record(z.string(), z.string()).default({}),
    allowedHosts: z.array(z.string()).default([]),
  })
  .strict();

export const AgentManifestSchema = z
  .object({
    role: z.string().default(''),
    scopes: z.array(z.string()).default([]),
    mode: z.enum(MODES).default('HOTL'),
  })
  .strict();

export const CaseStepSchema = z
  .object({
    request: z.unknown(),
    observe: ObserveSchema.optional(),
    expect: z.enum(['allow', 'deny', 'ask', 'block']).optional(),
  })
  .strict();

export const EvalCaseSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().default(''),
    category: z.string().default('uncategorized'),
    attack: z.boolean().default(false),
    org: OrgSchema.optional(),
    agents: z.record(z.string(), AgentManifestSchema).optional(),
    steps: z.array(CaseStepSchema).min(1),
  })
  .strict();

export const FlowSchema = z.object({ from: z.string(), to: z.string() }).strict();

export const DecisionSchema = z
  .object({
    v: z.literal(1),
    event: z.string(),
    decision: z.enum(DECISIONS),
    tier: z.enum(TIERS),
    rules: z.array(z.string()),
    reason: z.string(),
    flows: z.array(FlowSchema),
    ruleset: z.string(),
    latency_us: z.number(),
    code: z.string().optional(),
  })
  .strict();

export type Target = z.infer<typeof TargetSchema>;
export type GuiAction = z.infer<typeof GuiActionSchema>;
export type ApiAction = z.infer<typeof ApiActionSchema>;
export type ToolAction = z.infer<typeof ToolActionSchema>;
export type PlanStep = z.infer<typeof PlanStepSchema>;
export type ActionRequest = z.infer<typeof ActionRequestSchema>;
export type Observe = z.infer<typeof ObserveSchema>;
export type Org = z.infer<typeof OrgSchema>;
export type AgentManifest = z.infer<typeof AgentManifestSchema>;
export type EvalCase = z.infer<typeof EvalCaseSchema>;
export type Flow = z.infer<typeof FlowSchema>;
export type Decision = z.infer<typeof DecisionSchema>;
export type DecisionKind = (typeof DECISIONS)[number];
export type Tier = (typeof TIERS)[number];
export type Mode = (typeof MODES)[number];
export type Channel = (typeof CHANNELS)[number];
