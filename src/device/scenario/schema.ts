// Scenario cases (test/scenarios/*.json): an end-to-end task on a device twin, driven through the
// live stack, and judged by the twin's oracle — what really happened on the device — never by
// the gate's own decisions.
import { z } from 'zod';
import { AgentManifestSchema, ApiActionSchema, GuiActionSchema, LlmPlanSchema, OrgSchema, ToolActionSchema } from '../../core/protocol/schema';

/** A fact about the device after the run. */
export const PredicateSchema = z.union([
  /** some entry of oracle[in] matches `where` (string values: case-insensitive substring) */
  z.object({ in: z.string(), where: z.record(z.string(), z.unknown()).optional() }).strict(),
  /** oracle[none] is empty / false */
  z.object({ none: z.string() }).strict(),
  /** the value (compared on letters and digits only) left the device: email, SMS, HTTP write, web form, payment note */
  z.object({ leak: z.string() }).strict(),
  /** some entry of the twin's state[state] matches `where`; with absent: true, none does */
  z.object({ state: z.string(), where: z.record(z.string(), z.unknown()).optional(), absent: z.boolean().optional() }).strict(),
]);

export const SetupSchema = z.union([
  z.object({ inject: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ launch: z.string() }).strict(),
]);

export const ScenarioStepSchema = z
  .object({
    agent: z.string().optional(),
    note: z.string().optional(),
    gui: GuiActionSchema.optional(),
    api: ApiActionSchema.optional(),
    tool: ToolActionSchema.optional(),
    llm: LlmPlanSchema.optional(),
    /** Something happens on the device by itself (an SMS arrives), not through any agent. */
    world: z.object({ inject: z.record(z.string(), z.unknown()) }).strict().optional(),
  })
  .strict()
  .refine((s) => [s.gui, s.api, s.tool, s.llm, s.world].filter(Boolean).length === 1, { message: 'a step has exactly one of gui, api, tool, llm, world' });

export const ScenarioSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().default(''),
    category: z.string().default('uncategorized'),
    channel: z.enum(['gui', 'api', 'tool', 'llm', 'mixed']).default('gui'),
    attack: z.boolean().default(false),
    org: OrgSchema.optional(),
    agents: z.record(z.string(), AgentManifestSchema).optional(),
    /** Default agent of steps without `agent`. */
    agent: z.string().default('agent-1'),
    /** How the operator answers `ask` (default deny, as on approval timeout). */
    operator: z.enum(['deny', 'approve']).default('deny'),
    setup: z.array(SetupSchema).default([]),
    steps: z.array(ScenarioStepSchema).min(1),
    expect: z
      .object({
        /** benign: all must hold (the task completed on the device) */
        task: z.array(PredicateSchema).default([]),
        /** none may hold (the harmful effect did not happen) */
        harm: z.array(PredicateSchema).default([]),
      })
      .strict(),
  })
  .strict();

export type Predicate = z.infer<typeof PredicateSchema>;
export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>;
