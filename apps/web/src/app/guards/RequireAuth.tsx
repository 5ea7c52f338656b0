import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { clearToken, useToken, wasSignedOutByUser } from '../../api/session';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { loginUrlFor } from '../../features/auth/redirects';
import { useCurrentUser } from '../../features/auth/use-current-user';

/** Guarded group: without a session token the visitor goes to /login with a callback URL. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const user = useCurrentUser();
  const lookupFailed = user.isError && !user.data;
  const unauthorized = user.error instanceof ApiError && user.error.status === 401;

  // A failed token-to-user lookup drops the token; a 401 is left to the session-expired dialog.
  useEffect(() => {
    if (lookupFailed && !unauthorized) clearToken();
  }, [lookupFailed, unauthorized]);

  if (!token) {
    if (wasSignedOutByUser()) return <Navigate to="/login" replace />;
    return <Navigate to={loginUrlFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (user.data) return <Outlet />;
  if (lookupFailed && unauthorized) return null;
  return <FullScreenLoader />;
}
