// The console's API, its live hub and the operator's name, for every panel.
import { createContext, useContext } from 'react';
import type { ConsoleApi } from '../../../shared/console-api';
import type { LiveHub } from '../live/live-hub';

export interface ConsoleContextValue {
  api: ConsoleApi;
  hub: LiveHub;
  /** Written to the audit log with every operator action; empty = the server's default. */
  operator: string;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside <ConsoleContext.Provider>');
  return value;
}

/** The `by` to send: undefined lets the server use its default operator name. */
export function byOf(operator: string): string | undefined {
  const name = operator.trim();
  return name === '' ? undefined : name;
}
