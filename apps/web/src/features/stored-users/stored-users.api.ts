import type { StoredUserBody, StoredUserDto, UpdateStoredUserBody } from '@stepwise/shared';
import { api, apiRequest } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';

export type StoredUser = DtoOf<typeof StoredUserDto>;
export interface StoredUserPage {
  users: StoredUser[];
  total: number;
}

export async function fetchStoredUsers(projectId: string, page: number, limit: number): Promise<StoredUserPage> {
  const res = await api.get<StoredUserPage>('mail/get-users', { project_id: projectId, page, limit });
  return { users: res.users, total: res.total };
}

export function addStoredUser(body: BodyOf<typeof StoredUserBody>): Promise<unknown> {
  return api.post('mail/add-user', body);
}

export function updateStoredUser(body: BodyOf<typeof UpdateStoredUserBody>): Promise<unknown> {
  return apiRequest('mail/update-user', { method: 'PUT', body });
}

export function deleteStoredUser(projectId: string, username: string): Promise<unknown> {
  return api.delete('mail/delete-user', { project_id: projectId, username });
}

export async function generateTotp(projectId: string, username: string): Promise<string> {
  const res = await api.post<{ token: string }>('mail/generate-totp', { project_id: projectId, username });
  return res.token;
}
