// The agent-facing API of the desktop app: the same ingress `agentflow serve` runs (HTTP API,
// MCP over streamable HTTP, the operator routes and the browser console), on loopback with the
// bearer token in DATA_DIR/token, in front of an already started ControlPlane. Electron's main
// process starts it so that agents can reach the control plane the window shows.
import { startIngress } from '../ingress/start';
import type { ControlPlane } from './control-plane';

export interface AgentIngress {
  url: string;
  token: string;
  tokenPath: string;
  /** The browser console with the token in the fragment. */
  consoleUrl: string;
  close(): Promise<void>;
}

export async function startAgentIngress(plane: ControlPlane, opts: { dataDir: string; port: number; host?: string; consoleDir?: string }): Promise<AgentIngress> {
  return startIngress(plane, plane, opts);
}
