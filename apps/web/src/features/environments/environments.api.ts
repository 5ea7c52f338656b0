import type { DeleteEnvBody, EditEnvBody, EnvListResponse, PushEnvBody, SetActiveEnvBody } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

export type EnvList = Omit<DtoOf<typeof EnvListResponse>, 'status'>;
export type Environment = EnvList['allEnv'][number];

export async function fetchEnvironments(ref: WorkspaceRef): Promise<EnvList> {
  const res = await api.post<EnvList>('workspace/get-env-list', ref);
  return { allEnv: res.allEnv, lastActiveEnv: res.lastActiveEnv };
}

export function pushEnvironment(ref: WorkspaceRef, name: string, baseUrl: string): Promise<unknown> {
  const body: BodyOf<typeof PushEnvBody> = { ...ref, name, data: { name, baseUrl } };
  return api.post('workspace/push-env', body);
}

/** `baseVersion`: the version of the environment the form was filled from (409 when it changed since). */
export function editEnvironment(ref: WorkspaceRef, name: string, newName: string, baseUrl: string, baseVersion: string | null): Promise<unknown> {
  const body: BodyOf<typeof EditEnvBody> = { ...ref, name, newName, newData: { name: newName, baseUrl }, baseVersion };
  return api.post('workspace/edit-env', body);
}

export function deleteEnvironment(ref: WorkspaceRef, name: string): Promise<unknown> {
  const body: BodyOf<typeof DeleteEnvBody> = { ...ref, name };
  return api.delete('workspace/delete-env', body);
}

export function saveActiveEnvironment(ref: WorkspaceRef, name: string | null): Promise<unknown> {
  const body: BodyOf<typeof SetActiveEnvBody> = { projectId: ref.projectId, branch: ref.branch, name };
  return api.post('workspace/set-active-env', body);
}
