import type { OkResponse, WorkerTokenDto } from '@stepwise/shared';
import { api } from '../../api/client';

export interface WorkerTokenList {
  workerTokens: WorkerTokenDto[];
  /** Whether this server sends executions to run workers (RUN_WORKERS=external). */
  enabled: boolean;
}

export function fetchWorkerTokens(projectId: string): Promise<WorkerTokenList> {
  return api.get<WorkerTokenList>('workers/tokens', { project_id: projectId });
}

export function createWorkerToken(projectId: string, name: string): Promise<{ workerToken: WorkerTokenDto; token: string }> {
  return api.post<{ workerToken: WorkerTokenDto; token: string }>('workers/tokens', { name, projectId });
}

export function revokeWorkerToken(id: string): Promise<OkResponse> {
  return api.post<OkResponse>('workers/tokens/revoke', { id });
}
