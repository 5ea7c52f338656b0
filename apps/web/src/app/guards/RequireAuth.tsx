import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { markSignedOut, useSignedIn, wasSignedOutByUser } from '../../api/session';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { loginUrlFor } from '../../features/auth/redirects';
import { useCurrentUser } from '../../features/auth/use-current-user';

/** Guarded group: without a session the visitor goes to /login with a callback URL. */
export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const user = useCurrentUser();
  const lookupFailed = user.isError && !user.data;
  const unauthorized = user.error instanceof ApiError && user.error.status === 401;

  // A failed session-to-user lookup forgets the session; a 401 is left to the session-expired dialog.
  useEffect(() => {
    if (lookupFailed && !unauthorized) markSignedOut();
  }, [lookupFailed, unauthorized]);

  if (!signedIn) {
    if (wasSignedOutByUser()) return <Navigate to="/login" replace />;
    return <Navigate to={loginUrlFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (user.data) return <Outlet />;
  if (lookupFailed && unauthorized) return null;
  return <FullScreenLoader />;
}
