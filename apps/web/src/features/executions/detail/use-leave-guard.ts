import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Blocks leaving the page (route change, reload, tab close) while there are unsaved changes.
 * `allowNext()` lets the next navigation through (after a save or a discard).
 */
export function useLeaveGuard(dirty: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return {
    blocked: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowNext: () => {
      allowed.current = true;
    },
  };
}
