import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Makes the next query parameters from the current ones (a copy, never the same object). */
export type ParamsUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * Writes the query parameters of the address, each write on top of the ones before it. React Router's
 * functional `setSearchParams` hands the parameters of the last render: two writes before the next
 * render (a debounced search landing as a select changes) made the second put back what the first had
 * removed. `setParam` writes one parameter (replacing the history entry); `updateParams` any change,
 * as a new history entry unless told to replace.
 */
export function useSearchParamWriter(): [URLSearchParams, (name: string, value: string | null) => void, (update: ParamsUpdate, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A new address (a navigation, back or forward) is the base of the writes that follow it.
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const updateParams = useCallback(
    (update: ParamsUpdate, options?: { replace?: boolean }) => {
      const next = update(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, { replace: options?.replace ?? false });
    },
    [setParams],
  );
  const setParam = useCallback(
    (name: string, value: string | null) =>
      updateParams((p) => {
        if (value === null || value === '') p.delete(name);
        else p.set(name, value);
        return p;
      }, { replace: true }),
    [updateParams],
  );
  return [params, setParam, updateParams];
}
