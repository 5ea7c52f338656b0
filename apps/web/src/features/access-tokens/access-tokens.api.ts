import type { AccessKeyDto, OkResponse } from '@stepwise/shared';
import { api } from '../../api/client';

export async function fetchAccessKeys(projectId: string): Promise<AccessKeyDto[]> {
  const body = await api.get<{ accessKeys: AccessKeyDto[] }>('auth/getAccessKeys', { project_id: projectId });
  return body.accessKeys;
}

export function createAccessKey(projectId: string, name: string): Promise<{ accessKey: AccessKeyDto; token: string }> {
  return api.post<{ accessKey: AccessKeyDto; token: string }>('auth/createAccessKey', { name, projectId });
}

export function deleteAccessKey(id: string): Promise<OkResponse> {
  return api.delete<OkResponse>('auth/deleteAccessKey', { id });
}
