import { createExternalStore } from '../../lib/external-store';
import type { Environment } from './environments.api';

export interface EnvDialogRequest {
  editing: Environment | null;
  /** Called with the saved environment's name. */
  onSaved?: (name: string) => void;
}

/** The create/edit environment dialog, openable from anywhere in a project (top bar, recorder checks, settings). */
export const envDialogStore = createExternalStore<EnvDialogRequest | null>(() => null);

export function openEnvironmentDialog(request: EnvDialogRequest = { editing: null }): void {
  envDialogStore.set(request);
}
