// MCP over stdio: one server for one agent identity; stdout carries only JSON-RPC.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpBackend } from './server';
import type { McpIdentity } from './tools';

export async function runMcpStdio(backend: McpBackend, who: McpIdentity): Promise<() => Promise<void>> {
  const server = createMcpServer(backend, who);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  return () => server.close();
}
