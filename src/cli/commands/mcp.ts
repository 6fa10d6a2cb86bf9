// `agentflow mcp`: MCP server over stdio for one agent, talking to a running `agentflow serve`.
// stdout carries only JSON-RPC; diagnostics go to stderr.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type CliCommand } from '../command';
import { AgentFlowClient } from '../../ingress/client';
import { remoteBackend } from '../../ingress/mcp/server';
import { runMcpStdio } from '../../ingress/mcp/stdio';
import { defaultDataDir } from './serve';

export const command: CliCommand = {
  name: 'mcp',
  summary: 'MCP server (stdio) exposing the governed device tools of a running `agentflow serve`',
  usage: 'mcp --agent ID [--session ID] [--device UDID] [--url URL] [--data DIR | --token-file F]',
  async run(args, io) {
    const { flags } = parseArgs(args);
    const known = new Set(['agent', 'session', 'device', 'url', 'data', 'token-file']);
    for (const f of flags.keys()) {
      if (!known.has(f)) {
        io.err(`agentflow mcp: unknown flag --${f}`);
        return 2;
      }
    }
    const str = (name: string) => {
      const v = flags.get(name);
      return typeof v === 'string' && v.length > 0 ? v : undefined;
    };
    const agent = str('agent') ?? process.env.AGENTFLOW_AGENT;
    if (!agent) {
      io.err('agentflow mcp: --agent ID is required (the agent id whose manifest governs the calls)');
      return 2;
    }
    const dir = str('data') ?? process.env.AGENTFLOW_DATA ?? defaultDataDir();
    let url = str('url') ?? process.env.AGENTFLOW_URL;
    if (!url) {
      try {
        url = (JSON.parse(readFileSync(join(dir, 'serve.json'), 'utf8')) as { url: string }).url;
      } catch {
        io.err(`agentflow mcp: no --url and no running server recorded in ${join(dir, 'serve.json')}; start \`agentflow serve --data ${dir}\` first`);
        return 2;
      }
    }
    let token = process.env.AGENTFLOW_TOKEN;
    if (!token) {
      const file = str('token-file') ?? join(dir, 'token');
      try {
        token = readFileSync(file, 'utf8').trim();
      } catch (err) {
        io.err(`agentflow mcp: cannot read the bearer token from ${file}: ${(err as Error).message}`);
        return 2;
      }
    }
    const client = new AgentFlowClient({ baseUrl: url, token });
    const session = str('session') ?? `mcp-${agent}-${process.pid}`;
    const close = await runMcpStdio(remoteBackend(client), { agent, session, device: str('device') });
    io.err(`agentflow mcp: serving governed tools over stdio for agent "${agent}" (session ${session}) via ${url}`);
    await new Promise<void>((resolve) => {
      process.stdin.on('end', resolve);
      process.stdin.on('close', resolve);
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await close();
    return 0;
  },
};
