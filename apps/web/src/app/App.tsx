import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useSessionExpired } from '../api/session';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AppErrorBoundary } from './AppErrorBoundary';
import { persistOptions, queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

// The dialog (and MUI's Dialog with it) loads when a session expires, not with the login page.
const SessionExpiredDialog = lazy(async () => ({ default: (await import('./SessionExpiredDialog')).SessionExpiredDialog }));

function SessionExpiredGate() {
  const expired = useSessionExpired();
  if (!expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <ToastProvider>
            <RouterProvider router={router} />
            <SessionExpiredGate />
          </ToastProvider>
        </PersistQueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
