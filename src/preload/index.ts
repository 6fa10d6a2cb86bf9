// Preload (sandboxed, context-isolated): exposes exactly ConsoleApi as `window.agentflow`. It only
// forwards requests by channel name; the main process validates every input against
// src/shared/ipc.ts. No zod here: a sandboxed preload has no module loader for npm packages.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ConsoleError, consoleApiOver, type ConsoleApi, type Invoke } from '../shared/console-api';
import { LIVE_EVENT_CHANNEL } from '../shared/ipc-channels';
import type { IpcReply, LiveEvent } from '../shared/ipc';

const invoke: Invoke = async (channel, request) => {
  const reply = (await ipcRenderer.invoke(channel, request)) as IpcReply<never>;
  if (!reply.ok) throw new ConsoleError(reply.error.code, reply.error.message);
  return reply.value;
};

const subscribe: ConsoleApi['subscribe'] = (onEvent, onState) => {
  const listener = (_event: IpcRendererEvent, live: LiveEvent) => onEvent(live);
  ipcRenderer.on(LIVE_EVENT_CHANNEL, listener);
  onState?.('open');
  return () => {
    ipcRenderer.removeListener(LIVE_EVENT_CHANNEL, listener);
    onState?.('closed');
  };
};

const api: ConsoleApi = consoleApiOver('electron', invoke, subscribe);
contextBridge.exposeInMainWorld('agentflow', api);
