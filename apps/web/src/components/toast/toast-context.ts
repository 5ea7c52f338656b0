import type { AlertColor } from '@mui/material/Alert';
import { createContext, use } from 'react';

export interface ToastApi {
  show: (message: string, severity?: AlertColor, durationMs?: number) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Toasts for the whole app (auto-close after 3 s). */
export function useToast(): ToastApi {
  const ctx = use(ToastContext);
  if (!ctx) throw new Error('useToast() outside ToastProvider');
  return ctx;
}
