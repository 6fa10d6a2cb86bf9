// What the Electron preload script puts on `window` (src/preload/index.ts): exactly ConsoleApi.
import type { ConsoleApi } from '../../../shared/console-api';

declare global {
  interface Window {
    agentflow?: ConsoleApi;
  }
}

/** The Electron API when the console runs inside the desktop app, else null. */
export function electronApi(): ConsoleApi | null {
  return window.agentflow ?? null;
}
