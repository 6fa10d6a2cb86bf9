// React hooks over the LiveHub: the stream state, the decision feed, and "run this when one of
// these event types arrives" (panels refetch on it).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEvent, StreamState } from '../../../shared/console-api';
import { useConsole } from '../api/console-context';

export function useStreamState(): StreamState {
  const { hub } = useConsole();
  return useSyncExternalStore((notify) => hub.onState(notify), () => hub.state());
}

export function useDecisions(): LiveEvent[] {
  const { hub } = useConsole();
  return useSyncExternalStore(
    (notify) => hub.on((event) => (event.type === 'decision' || event.type === 'approval.resolved') && notify()),
    () => hub.recentDecisions(),
  );
}

/** Calls `handler` for every live event whose type is in `types` (or starts with a `prefix.`). */
export function useLiveEvent(types: readonly string[], handler: (event: LiveEvent) => void): void {
  const { hub } = useConsole();
  const latest = useRef(handler);
  latest.current = handler;
  const key = types.join('|');
  useEffect(() => {
    const wanted = key.split('|');
    return hub.on((event) => {
      if (wanted.some((t) => t === event.type || (t.endsWith('.') && event.type.startsWith(t)))) latest.current(event);
    });
  }, [hub, key]);
}
