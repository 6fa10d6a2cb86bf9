// Electron main: starts the control plane from the composition root (src/app, the same one
// `agentflow serve` uses) with its data under userData, registers one ipcMain handler per channel
// of the console's IPC contract (every input validated by src/shared/ipc.ts, only from our own
// page), forwards the live event bus to the window, and opens the console with context
// isolation and the sandbox on.
import { app, BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAgentIngress, type AgentIngress } from '../app/agent-ingress';
import { ControlPlane } from '../app/control-plane';
import { dispatchIpc, IPC_CHANNELS, LIVE_EVENT_CHANNEL, type IpcReply } from '../shared/ipc';
import { ipcHandlers } from './ipc-handlers';

const here = dirname(fileURLToPath(import.meta.url));
const rendererFile = join(here, '..', 'renderer', 'index.html');
const devUrl = process.env.ELECTRON_RENDERER_URL;

let plane: ControlPlane | null = null;
let ingress: AgentIngress | null = null;
/** Where agents reach the desktop control plane (same API as `agentflow serve`); 0 = no agent API. */
const agentPort = Number(process.env.AGENTFLOW_PORT ?? 7717);

/** Only our own page may call the control plane. */
function trusted(event: IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url ?? '';
  if (devUrl && url.startsWith(devUrl)) return true;
  return url.split('#')[0] === pathToFileURL(rendererFile).href;
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'AgentFlow',
    webPreferences: {
      preload: join(here, '..', 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  // The console is one local page: no navigation away, no new windows.
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  if (devUrl) void win.loadURL(devUrl);
  else void win.loadFile(rendererFile);
  return win;
}

async function start(): Promise<void> {
  const dataDir = process.env.AGENTFLOW_DATA ?? join(app.getPath('userData'), 'data');
  plane = await ControlPlane.start({ dataDir, watchRules: true, io: { err: (line) => console.error(line) } });
  const handlers = ipcHandlers(plane, `desktop:${userInfo().username}`);
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event, input): Promise<IpcReply<unknown>> => {
      if (!trusted(event)) return { ok: false, error: { code: 'unauthorized', message: `${channel}: not from the AgentFlow console page`, issues: [] } };
      return dispatchIpc(handlers, channel, input);
    });
  }
  plane.subscribe((live) => {
    const copy = JSON.parse(JSON.stringify(live)) as unknown;
    for (const win of BrowserWindow.getAllWindows()) if (!win.webContents.isDestroyed()) win.webContents.send(LIVE_EVENT_CHANNEL, copy);
  });
  console.error(`AgentFlow: control plane running (data ${dataDir})`);
  createWindow();
  if (Number.isInteger(agentPort) && agentPort > 0) {
    try {
      ingress = await startAgentIngress(plane, { dataDir, port: agentPort, consoleDir: join(here, '..', 'renderer') });
      console.error(`AgentFlow: agent API on ${ingress.url} (bearer token in ${ingress.tokenPath})`);
    } catch (error) {
      // e.g. `agentflow serve` already holds the port: the console still works, agents cannot connect here.
      console.error(`AgentFlow: agent API not started on port ${agentPort}: ${(error as Error).message}`);
    }
  }
}

app.whenReady().then(start, (error) => {
  console.error(`AgentFlow: ${(error as Error).message}`);
  app.exit(1);
});
app.on('activate', () => {
  if (plane && BrowserWindow.getAllWindows().length === 0) createWindow();
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
let closing = false;
app.on('before-quit', (event) => {
  if (closing || !plane) return;
  closing = true;
  event.preventDefault();
  void (ingress?.close() ?? Promise.resolve())
    .then(() => plane?.close())
    .finally(() => app.quit());
});
