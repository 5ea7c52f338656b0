import { DEFAULT_BRANCH } from '@stepwise/shared';
import { createExternalStore } from '../../lib/external-store';

/** Branch and environment chosen in the top bar, kept per project in localStorage. */
export interface WorkspaceSelection {
  branch: string;
  env: string | null;
}

const KEY_PREFIX = 'stepwise.workspace.';
const DEFAULT_SELECTION: WorkspaceSelection = { branch: DEFAULT_BRANCH, env: null };

function read(projectId: string): WorkspaceSelection {
  try {
    const raw = localStorage.getItem(KEY_PREFIX + projectId);
    if (!raw) return DEFAULT_SELECTION;
    const parsed = JSON.parse(raw) as Partial<WorkspaceSelection>;
    return {
      branch: typeof parsed.branch === 'string' && parsed.branch ? parsed.branch : DEFAULT_BRANCH,
      env: typeof parsed.env === 'string' ? parsed.env : null,
    };
  } catch {
    return DEFAULT_SELECTION;
  }
}

/** Every project's selection seen in this tab, read lazily from localStorage. */
export const selectionStore = createExternalStore<Record<string, WorkspaceSelection>>(() => ({}));

export function getSelection(projectId: string): WorkspaceSelection {
  const cached = selectionStore.get()[projectId];
  if (cached) return cached;
  // Filled in silently: the value equals what localStorage holds, so no listener needs to hear of it.
  const loaded = read(projectId);
  selectionStore.get()[projectId] = loaded;
  return loaded;
}

export function updateSelection(projectId: string, patch: Partial<WorkspaceSelection>): void {
  const next = { ...getSelection(projectId), ...patch };
  selectionStore.set({ ...selectionStore.get(), [projectId]: next });
  try {
    localStorage.setItem(KEY_PREFIX + projectId, JSON.stringify(next));
  } catch {
    // storage full or disabled: the selection lives for this tab only
  }
}
