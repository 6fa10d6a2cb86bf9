// The governed device tools exposed over MCP, and how each call becomes an ActionRequest.
import { z } from 'zod';
import { TargetSchema, type ActionRequest } from '../../core/protocol/schema';
import type { ToolDescriptor } from '../ports';

export interface McpIdentity {
  agent: string;
  session: string;
  device?: string;
}

const targetJson = {
  type: 'object',
  description: 'How the element is addressed: at least one of resourceId, text, contentDesc, className, xpath, point',
  properties: {
    resourceId: { type: 'string' },
    text: { type: 'string' },
    contentDesc: { type: 'string' },
    className: { type: 'string' },
    xpath: { type: 'string' },
    point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] },
  },
  additionalProperties: false,
};
const appJson = { type: 'string', description: 'Android package, e.g. com.google.android.gm (default: current foreground app)' };

interface BuiltinTool {
  descriptor: ToolDescriptor & { inputSchema: Record<string, unknown> };
  args: z.ZodType;
  toRequest(args: never, who: McpIdentity): ActionRequest;
}

const base = (who: McpIdentity) => ({ v: 1 as const, session: who.session, agent: who.agent, ...(who.device ? { device: who.device } : {}) });
const nonEmptyTarget = TargetSchema.refine((t) => Object.keys(t).length > 0, { message: 'target needs at least one of resourceId, text, contentDesc, className, xpath, point' });

export const BUILTIN_TOOLS: Record<string, BuiltinTool> = {
  read_screen: {
    descriptor: { name: 'read_screen', description: 'Read what is on the device screen (visible texts, editable fields, foreground app). Passes the AgentFlow policy gate.', inputSchema: { type: 'object', properties: { app: appJson }, additionalProperties: false } },
    args: z.object({ app: z.string().min(1).optional() }).strict(),
    toRequest: (a: { app?: string }, who) => ({ ...base(who), channel: 'gui', gui: { op: 'read_screen', ...(a.app ? { app: a.app } : {}) } }),
  },
  tap: {
    descriptor: { name: 'tap', description: 'Tap an element on the device screen. Passes the AgentFlow policy gate.', inputSchema: { type: 'object', properties: { target: targetJson, app: appJson }, required: ['target'], additionalProperties: false } },
    args: z.object({ target: nonEmptyTarget, app: z.string().min(1).optional() }).strict(),
    toRequest: (a: { target: z.infer<typeof TargetSchema>; app?: string }, who) => ({ ...base(who), channel: 'gui', gui: { op: 'tap', target: a.target, ...(a.app ? { app: a.app } : {}) } }),
  },
  type: {
    descriptor: { name: 'type', description: 'Type text into a field on the device screen. Passes the AgentFlow policy gate.', inputSchema: { type: 'object', properties: { target: targetJson, text: { type: 'string' }, app: appJson }, required: ['target', 'text'], additionalProperties: false } },
    args: z.object({ target: nonEmptyTarget, text: z.string(), app: z.string().min(1).optional() }).strict(),
    toRequest: (a: { target: z.infer<typeof TargetSchema>; text: string; app?: string }, who) => ({ ...base(who), channel: 'gui', gui: { op: 'type', target: a.target, text: a.text, ...(a.app ? { app: a.app } : {}) } }),
  },
  launch_app: {
    descriptor: { name: 'launch_app', description: 'Launch an Android app by package name. Passes the AgentFlow policy gate.', inputSchema: { type: 'object', properties: { app: { type: 'string', description: 'Android package' } }, required: ['app'], additionalProperties: false } },
    args: z.object({ app: z.string().min(1) }).strict(),
    toRequest: (a: { app: string }, who) => ({ ...base(who), channel: 'gui', gui: { op: 'launch_app', app: a.app } }),
  },
  back: {
    descriptor: { name: 'back', description: 'Press the Android back button.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
    args: z.object({}).strict(),
    toRequest: (_a: Record<string, never>, who) => ({ ...base(who), channel: 'gui', gui: { op: 'back' } }),
  },
  home: {
    descriptor: { name: 'home', description: 'Press the Android home button.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
    args: z.object({}).strict(),
    toRequest: (_a: Record<string, never>, who) => ({ ...base(who), channel: 'gui', gui: { op: 'home' } }),
  },
  http_request: {
    descriptor: {
      name: 'http_request',
      description: 'Make an HTTP request. The control plane executes it itself (and observes the response) only if the policy allows it.',
      inputSchema: {
        type: 'object',
        properties: { method: { type: 'string', description: 'GET, POST, PUT, PATCH, DELETE' }, url: { type: 'string' }, headers: { type: 'object', additionalProperties: { type: 'string' } }, body: { description: 'JSON value or string' } },
        required: ['method', 'url'],
        additionalProperties: false,
      },
    },
    args: z.object({ method: z.string().min(1), url: z.string().min(1), headers: z.record(z.string(), z.string()).optional(), body: z.unknown().optional() }).strict(),
    toRequest: (a: { method: string; url: string; headers?: Record<string, string>; body?: unknown }, who) => ({ ...base(who), channel: 'api', api: { method: a.method.toUpperCase(), url: a.url, ...(a.headers ? { headers: a.headers } : {}), ...(a.body !== undefined ? { body: a.body } : {}) } }),
  },
};

/** A catalog tool (registered by the operator) becomes a `tool` ActionRequest. */
export function catalogRequest(name: string, args: Record<string, unknown>, who: McpIdentity): ActionRequest {
  return { ...base(who), channel: 'tool', tool: { name, arguments: args } };
}
