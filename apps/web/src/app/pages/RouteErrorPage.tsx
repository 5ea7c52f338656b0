import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { logAppError } from '../../lib/logger';
import { ErrorScreen } from './ErrorScreen';
import { NotFoundPage } from './NotFoundPage';

/** errorElement of the root route: uncaught render errors show the reload screen and are logged. */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) logAppError(error);
  }, [error, notFound]);
  return notFound ? <NotFoundPage /> : <ErrorScreen />;
}
