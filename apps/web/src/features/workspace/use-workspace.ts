import type { ProjectDto } from '@stepwise/shared';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useProject } from '../projects/use-projects';
import { getSelection, selectionStore, updateSelection } from './workspace-selection';

/** What every workspace call carries. */
export interface WorkspaceRef {
  projectId: string;
  branch: string;
  isPrivateRepo: boolean;
}

export interface Workspace extends WorkspaceRef {
  project: ProjectDto;
  env: string | null;
  /** The fields of every workspace call, stable while project and branch do not change. */
  ref: WorkspaceRef;
  setBranch: (branch: string) => void;
  setEnv: (env: string | null) => void;
}

/**
 * A branch other than the top bar's for what is inside (an execution's step code is that of the
 * execution's branch).
 */
export const WorkspaceBranch = createContext<string | null>(null);

/** The current project with the branch and environment selected in the top bar (or the branch of an enclosing WorkspaceBranch). */
export function useWorkspace(): Workspace {
  const project = useProject();
  selectionStore.use();
  const override = useContext(WorkspaceBranch);
  const selection = getSelection(project._id);
  const branch = override ?? selection.branch;
  const { env } = selection;
  const projectId = project._id;
  const isPrivateRepo = project.privateRepo;
  const ref = useMemo(() => ({ projectId, branch, isPrivateRepo }), [projectId, branch, isPrivateRepo]);
  const setBranch = useCallback((next: string) => updateSelection(projectId, { branch: next }), [projectId]);
  const setEnv = useCallback((next: string | null) => updateSelection(projectId, { env: next }), [projectId]);
  return { ...ref, project, env, ref, setBranch, setEnv };
}
