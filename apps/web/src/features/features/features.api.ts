import type {
  CompactScenarioDto, CreateFolderBody, DeleteFeatureBody, DeleteFolderBody, EditFolderBody, FeatureListBody, FeatureListResponse, FeatureListUnchangedResponse, FeatureNodeDto,
  LastActiveSelectionBody, PushResponse, PushScenarioBody, RenameFeatureBody,
} from '@stepwise/shared';
import { WS_MSG } from '@stepwise/shared';
import { api, ApiError } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

/**
 * A node of the compact feature list: its scenarios carry `startLine`/`endLine` instead of their
 * text and steps, which `scenario-content.ts` cuts from the feature's `content` when one is shown.
 */
export interface FeatureNode extends Omit<FeatureNodeDto, 'children' | 'scenarios'> {
  children?: FeatureNode[];
  scenarios?: CompactScenarioDto[];
}
export type FeatureList = Omit<DtoOf<typeof FeatureListResponse>, 'foldersAndFeatures'> & { foldersAndFeatures: FeatureNode[] };
export type PushResult = DtoOf<typeof PushResponse>;
type Without<B> = Omit<B, 'projectId' | 'branch' | 'isPrivateRepo'>;

/**
 * The tree of a branch, in the compact form (scenarios without their text and steps: less than half
 * the bytes on a large workspace). A project whose Git workspace is missing gets it created once,
 * then read again. `held`: the list the caller has (of this branch), kept when its commit is still the branch's.
 */
export async function fetchFeatureList(ref: WorkspaceRef, held?: FeatureList): Promise<FeatureList> {
  // The list held names its commit: while the branch is still there, the answer comes without the tree.
  const known = held && held.branch === ref.branch ? { knownCommit: held.commit } : {};
  const body: BodyOf<typeof FeatureListBody> = { ...ref, compact: true, ...known };
  let answer: FeatureList | DtoOf<typeof FeatureListUnchangedResponse>;
  try {
    answer = await api.post<typeof answer>('workspace/get-feature-list', body);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404 && err.message === WS_MSG.workspaceMissing)) throw err;
    await api.post('auth/create-workspace', { projectId: ref.projectId });
    answer = await api.post<FeatureList>('workspace/get-feature-list', { ...ref, compact: true });
  }
  if (!('unchanged' in answer)) return answer;
  const { unchanged: _unchanged, ...fields } = answer;
  return { ...held!, ...fields };
}

export function createFolder(ref: WorkspaceRef, body: Without<BodyOf<typeof CreateFolderBody>>): Promise<unknown> {
  return api.post('workspace/create-folder', { ...ref, ...body });
}

/** Rename (a folder, or a feature when oldName ends in .feature) or move (action Moved). */
export function editFolder(ref: WorkspaceRef, body: Without<BodyOf<typeof EditFolderBody>>): Promise<unknown> {
  return api.post('workspace/edit-folder', { ...ref, ...body });
}

export function deleteFolder(ref: WorkspaceRef, body: Without<BodyOf<typeof DeleteFolderBody>>): Promise<unknown> {
  return api.post('workspace/delete-folder', { ...ref, ...body });
}

export function renameFeature(ref: WorkspaceRef, body: Without<BodyOf<typeof RenameFeatureBody>>): Promise<unknown> {
  return api.post('workspace/rename-feature', { ...ref, ...body });
}

export function deleteFeature(ref: WorkspaceRef, body: Without<BodyOf<typeof DeleteFeatureBody>>): Promise<unknown> {
  return api.post('workspace/delete-feature', { ...ref, ...body });
}

export function pushScenario(ref: WorkspaceRef, body: Without<BodyOf<typeof PushScenarioBody>>): Promise<PushResult> {
  return api.post<PushResult>('workspace/push-scenario', { ...ref, ...body });
}

export function updateLastActiveWorkspace(ref: WorkspaceRef, body: Omit<BodyOf<typeof LastActiveSelectionBody>, 'projectId' | 'branch'>): Promise<unknown> {
  return api.post('workspace/updateLastActiveWorkspace', { projectId: ref.projectId, branch: ref.branch, ...body });
}
