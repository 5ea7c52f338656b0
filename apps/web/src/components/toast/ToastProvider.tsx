import Alert, { type AlertColor } from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { UI } from '@stepwise/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
  duration: number;
}

let nextId = 1;

/** One toast at a time, bottom centre, closing by itself after 3 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertColor = 'success', duration: number = UI.toastMs) => {
    setToast({ id: nextId++, message, severity, duration });
    setOpen(true);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      info: (m) => show(m, 'info'),
    }),
    [show],
  );

  const close = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <ToastContext value={api}>
      {children}
      {/* In a portal: opened after a dialog, it stays outside the part of the page the dialog hides from screen readers. */}
      <Portal>
        <Snackbar
          key={toast?.id}
          open={open}
          autoHideDuration={toast?.duration ?? UI.toastMs}
          onClose={close}
          disableWindowBlurListener
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert onClose={close} severity={toast?.severity ?? 'success'} variant="filled" sx={{ minWidth: 320 }}>
            {toast?.message}
          </Alert>
        </Snackbar>
      </Portal>
    </ToastContext>
  );
}
