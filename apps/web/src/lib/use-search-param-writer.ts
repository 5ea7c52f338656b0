import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Writes one query parameter of the address at a time (replacing the history entry), each write on top
 * of the ones before it. React Router's functional `setSearchParams` hands the parameters of the last
 * render: two writes before the next render (a debounced search landing as a select changes) made the
 * second put back what the first had removed.
 */
export function useSearchParamWriter(): [URLSearchParams, (name: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A new address (a navigation, back or forward) is the base of the writes that follow it.
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const setParam = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, setParam];
}
