import type { OkResponse } from '@stepwise/shared';
import { api } from '../../api/client';

export interface PrivateRepoBody {
  username: string;
  project_id: string;
  token: string;
  url?: string;
}

export function addPrivateRepo(body: PrivateRepoBody): Promise<OkResponse> {
  return api.post<OkResponse>('auth/addPrivateRepo', body);
}
