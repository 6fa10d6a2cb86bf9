// MCP server: the governed device tools (read_screen, tap, type, launch_app, back, home,
// http_request) and the operator's catalog tools. Every call becomes an ActionRequest and passes
// the gate; a denied call returns an MCP tool error whose text a model can read.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ActionRequest } from '../../core/protocol/schema';
import type { ActionResponse, GatewayResult } from '../gateway';
import type { Gateway } from '../gateway';
import type { ToolDescriptor } from '../ports';
import type { AgentFlowClient } from '../client';
import { AgentFlowClientError } from '../client';
import { BUILTIN_TOOLS, catalogRequest, type McpIdentity } from './tools';

/** What the MCP server needs: submit a request, list catalog tools. In-process or remote. */
export interface McpBackend {
  submit(request: ActionRequest): Promise<GatewayResult | { ok: false; error: { code: string; message: string } }>;
  tools(): Promise<ToolDescriptor[]>;
  /** Audits a call refused before it reached the gate (bad arguments, unknown tool). */
  rejected?(who: McpIdentity, tool: string, code: string, message: string): void;
}

export function inProcessBackend(gateway: Gateway): McpBackend {
  const audit = (who: McpIdentity, tool: string, code: string, message: string) => {
    try {
      gateway.port.auditRejectedInput({ ts: Date.now(), origin: 'mcp', method: 'tools/call', route: tool, status: code === 'unknown_agent' ? 403 : code === 'internal' ? 500 : 400, code, message, agent: who.agent, session: who.session });
    } catch {}
  };
  return {
    submit: async (request) => {
      const r = await gateway.submit(request, 'mcp');
      if (!r.ok) audit({ agent: request.agent, session: request.session }, request.channel, r.error.code, r.error.message);
      return r;
    },
    tools: async () => gateway.port.tools(),
    rejected: audit,
  };
}

/** Talks to a running `agentflow serve` through the TypeScript client. */
export function remoteBackend(client: AgentFlowClient): McpBackend {
  return {
    submit: async (request) => {
      try {
        return { ok: true, request, response: await client.submit(request) };
      } catch (err) {
        if (err instanceof AgentFlowClientError) return { ok: false, error: { code: err.code, message: err.message } };
        return { ok: false, error: { code: 'internal', message: (err as Error).message } };
      }
    },
    tools: () => client.tools(),
  };
}

export const MCP_SERVER_INFO = { name: 'agentflow', version: '0.1.0' };

function text(result: unknown): string {
  return JSON.stringify(result, null, 2);
}

export function describeDecision(r: ActionResponse): CallToolResult {
  const summary = { decision: r.decision, event: r.event, tier: r.tier, rules: r.rules, reason: r.reason, execution: r.execution, ...(r.observation !== undefined ? { observation: r.observation } : {}), ...(r.executionError ? { executionError: r.executionError } : {}) };
  if (r.decision !== 'allow') {
    const rules = r.rules.length > 0 ? `rule ${r.rules.join(', ')}` : 'default policy';
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `AgentFlow policy DENIED this action (${rules}, tier ${r.tier}): ${r.reason}. It was not executed. Do not retry the same action; choose a different approach or ask the user.\n${text(summary)}`,
        },
      ],
    };
  }
  if (r.execution === 'failed') return { isError: true, content: [{ type: 'text', text: `Allowed by AgentFlow, but execution failed: ${r.executionError ?? 'unknown error'}\n${text(summary)}` }] };
  return { content: [{ type: 'text', text: text(summary) }] };
}

/** One MCP server instance per connection (stdio process, or streamable-HTTP session). */
export function createMcpServer(backend: McpBackend, who: McpIdentity): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: 'Android device tools governed by AgentFlow: every call passes a pre-execution policy gate; denied calls return an error explaining why.' });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const catalog = await backend.tools().catch(() => [] as ToolDescriptor[]);
    const builtins = Object.values(BUILTIN_TOOLS).map((t) => t.descriptor);
    const names = new Set(builtins.map((b) => b.name));
    const extra = catalog
      .filter((t) => !names.has(t.name))
      .map((t) => ({ name: t.name, description: `${t.description ?? 'Registered tool'} (governed by AgentFlow)`, inputSchema: (t.inputSchema ?? { type: 'object' }) as { type: 'object'; [k: string]: unknown } }));
    return { tools: [...builtins.map((b) => ({ ...b, inputSchema: b.inputSchema as { type: 'object'; [k: string]: unknown } })), ...extra] };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const name = req.params.name;
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    let request: ActionRequest;
    const builtin = Object.prototype.hasOwnProperty.call(BUILTIN_TOOLS, name) ? BUILTIN_TOOLS[name] : undefined;
    if (builtin) {
      const parsed = builtin.args.safeParse(args);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
        backend.rejected?.(who, name, 'invalid_request', `invalid arguments for ${name}: ${issues}`);
        return { isError: true, content: [{ type: 'text', text: `Invalid arguments for ${name}: ${issues}` }] };
      }
      request = builtin.toRequest(parsed.data as never, who);
    } else {
      const catalog = await backend.tools().catch(() => [] as ToolDescriptor[]);
      if (!catalog.some((t) => t.name === name)) {
        backend.rejected?.(who, name, 'not_found', `unknown tool "${name}"`);
        return { isError: true, content: [{ type: 'text', text: `Unknown tool "${name}". Call tools/list for the governed tools.` }] };
      }
      request = catalogRequest(name, args, who);
    }
    const result = await backend.submit(request);
    if (!result.ok) return { isError: true, content: [{ type: 'text', text: `AgentFlow refused the request (${result.error.code}): ${result.error.message}` }] };
    return describeDecision(result.response);
  });
  return server;
}
