import type { CreateBranchBody, DeleteBranchBody, FeaturesCountResponse, ProjectBranchBody } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';
import type { WorkspaceRef } from './use-workspace';

export async function fetchBranches(ref: Pick<WorkspaceRef, 'projectId' | 'isPrivateRepo'>): Promise<string[]> {
  const body: BodyOf<typeof ProjectBranchBody> = { projectId: ref.projectId, isPrivateRepo: ref.isPrivateRepo };
  const res = await api.post<{ branches: string[] }>('workspace/get-all-branches', body);
  return res.branches;
}

export function createBranch(body: BodyOf<typeof CreateBranchBody>): Promise<unknown> {
  return api.post('workspace/create-new-branch', body);
}

export function deleteBranch(body: BodyOf<typeof DeleteBranchBody>): Promise<unknown> {
  return api.delete('workspace/delete-branch', body);
}

export type FeaturesCount = Omit<DtoOf<typeof FeaturesCountResponse>, 'status'>;

export function fetchFeaturesCount(ref: WorkspaceRef): Promise<FeaturesCount> {
  return api.post<FeaturesCount>('workspace/features-count', { projectId: ref.projectId, isPrivateRepo: ref.isPrivateRepo });
}
