import type { SignInResponse } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { markSignedIn, markSignedOut, sessionExpiredStore, setSignedOutByUser } from '../../api/session';
import { logout } from './auth.api';
import { currentUserKey } from './auth-keys';

/** Starting and ending a session: the session cookie, cached queries and navigation move together. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const startSession = useCallback(
    (response: SignInResponse) => {
      queryClient.clear();
      setSignedOutByUser(false);
      markSignedIn();
      sessionExpiredStore.set(false);
      queryClient.setQueryData(currentUserKey, response.user);
    },
    [queryClient],
  );

  const endSession = useCallback(async () => {
    const answer = await logout().catch(() => null);
    setSignedOutByUser(true);
    markSignedOut();
    queryClient.clear();
    // A company sign-in ends at the identity provider too, which sends the browser back to /login.
    if (answer?.logoutUrl) window.location.assign(answer.logoutUrl);
    else navigate('/login', { replace: true });
  }, [queryClient, navigate]);

  return { startSession, endSession };
}
