import type { SignInResponse } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearToken, sessionExpiredStore, setSignedOutByUser, setToken } from '../../api/session';
import { logout } from './auth.api';
import { currentUserKey } from './auth-keys';

/** Starting and ending a session: token, cached queries and navigation move together. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const startSession = useCallback(
    (response: SignInResponse) => {
      queryClient.clear();
      setSignedOutByUser(false);
      setToken(response.token);
      sessionExpiredStore.set(false);
      queryClient.setQueryData(currentUserKey, response.user);
    },
    [queryClient],
  );

  const endSession = useCallback(async () => {
    await logout().catch(() => {});
    setSignedOutByUser(true);
    clearToken();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);

  return { startSession, endSession };
}
