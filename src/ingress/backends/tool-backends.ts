// Tool backends the operator registers, so that allowed tool calls are executed (and their
// results observed) by the control plane: downstream MCP servers (through the SDK Client) or
// plain HTTP endpoints. Tools without a backend are returned to the agent to run, and their
// results are agent-reported (weaker provenance).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ToolDescriptor } from '../ports';

export type ToolCallResult = { ok: true; result: unknown } | { ok: false; error: string };

export interface ToolBackend {
  /** e.g. `http:weather` or `mcp:files`. */
  readonly id: string;
  tools(): ToolDescriptor[];
  call(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  close(): Promise<void>;
}

/** One tool served by an HTTP endpoint: POST {name, arguments} → JSON result. */
export class HttpToolBackend implements ToolBackend {
  readonly id: string;
  constructor(
    private readonly descriptor: ToolDescriptor,
    private readonly opts: { url: string; headers?: Record<string, string>; timeoutMs?: number; fetch?: typeof fetch },
  ) {
    this.id = `http:${descriptor.name}`;
  }
  tools(): ToolDescriptor[] {
    return [this.descriptor];
  }
  async call(name: string, args: Record<string, unknown>): Promise<ToolCallResult> {
    try {
      const res = await (this.opts.fetch ?? fetch)(this.opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.opts.headers ?? {}) },
        body: JSON.stringify({ name, arguments: args }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
      });
      const text = await res.text();
      let result: unknown = text;
      try {
        result = JSON.parse(text);
      } catch {}
      if (!res.ok) return { ok: false, error: `tool endpoint answered HTTP ${res.status}: ${text.slice(0, 200)}` };
      return { ok: true, result };
    } catch (err) {
      return { ok: false, error: `tool endpoint ${this.opts.url} failed: ${(err as Error).message}` };
    }
  }
  async close(): Promise<void> {}
}

export type McpDownstream = { command: string; args?: string[]; env?: Record<string, string>; cwd?: string } | { url: string; headers?: Record<string, string> } | { transport: Transport };

/** Every tool of a downstream MCP server, optionally under a name prefix. */
export class McpToolBackend implements ToolBackend {
  private constructor(
    readonly id: string,
    private readonly client: Client,
    private readonly list: ToolDescriptor[],
    private readonly prefix: string,
    private readonly timeoutMs: number,
  ) {}

  static async connect(id: string, downstream: McpDownstream, opts: { prefix?: string; timeoutMs?: number } = {}): Promise<McpToolBackend> {
    const transport: Transport =
      'transport' in downstream
        ? downstream.transport
        : 'url' in downstream
          ? new StreamableHTTPClientTransport(new URL(downstream.url), { requestInit: { headers: downstream.headers ?? {} } })
          : new StdioClientTransport({ command: downstream.command, args: downstream.args ?? [], env: downstream.env, cwd: downstream.cwd, stderr: 'pipe' });
    const client = new Client({ name: 'agentflow-control-plane', version: '0.1.0' });
    await client.connect(transport);
    const prefix = opts.prefix ?? '';
    const { tools } = await client.listTools();
    const list = tools.map((t) => ({ name: `${prefix}${t.name}`, description: t.description, inputSchema: t.inputSchema as Record<string, unknown> }));
    return new McpToolBackend(`mcp:${id}`, client, list, prefix, opts.timeoutMs ?? 60_000);
  }

  tools(): ToolDescriptor[] {
    return this.list;
  }

  async call(name: string, args: Record<string, unknown>): Promise<ToolCallResult> {
    const remote = name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name;
    try {
      const r = (await this.client.callTool({ name: remote, arguments: args }, undefined, { timeout: this.timeoutMs })) as { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown };
      const text = (r.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '').join('\n');
      if (r.isError) return { ok: false, error: text || 'downstream tool reported an error' };
      return { ok: true, result: r.structuredContent ?? (r.content && r.content.length === 1 && r.content[0].type === 'text' ? text : r.content) };
    } catch (err) {
      return { ok: false, error: `downstream MCP tool ${remote} failed: ${(err as Error).message}` };
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** The operator's catalog: which backend executes which tool name. */
export class ToolRegistry {
  private readonly backends = new Map<string, ToolBackend>();

  register(backend: ToolBackend): void {
    this.backends.set(backend.id, backend);
  }

  async unregister(id: string): Promise<boolean> {
    const b = this.backends.get(id);
    if (!b) return false;
    this.backends.delete(id);
    await b.close();
    return true;
  }

  tools(): ToolDescriptor[] {
    const seen = new Set<string>();
    const out: ToolDescriptor[] = [];
    for (const b of this.backends.values())
      for (const t of b.tools()) {
        if (seen.has(t.name)) continue;
        seen.add(t.name);
        out.push(t);
      }
    return out;
  }

  backendFor(name: string): ToolBackend | undefined {
    for (const b of this.backends.values()) if (b.tools().some((t) => t.name === name)) return b;
    return undefined;
  }

  /** Executes when a backend is registered; `null` means "no backend: agent-reported". */
  async call(name: string, args: Record<string, unknown>): Promise<ToolCallResult | null> {
    const b = this.backendFor(name);
    return b ? b.call(name, args) : null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.backends.values()].map((b) => b.close().catch(() => undefined)));
    this.backends.clear();
  }
}
