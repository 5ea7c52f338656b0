import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AppErrorBoundary } from './AppErrorBoundary';
import { persistOptions, queryClient } from './query-client';
import { router } from './router';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { theme } from './theme';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <ToastProvider>
            <RouterProvider router={router} />
            <SessionExpiredDialog />
          </ToastProvider>
        </PersistQueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
