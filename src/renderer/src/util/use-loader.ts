// Loads a value from the console API, reloads on demand, and remembers the last error.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './format';

export function useLoader<T>(load: () => Promise<T>, initial: T): { value: T; error: string | null; reload: () => void } {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    latest
      .current()
      .then((v) => {
        if (mine !== generation.current) return;
        setValue(v);
        setError(null);
      })
      .catch((e) => mine === generation.current && setError(messageOf(e)));
  }, []);
  useEffect(() => reload(), [reload]);
  return { value, error, reload };
}
