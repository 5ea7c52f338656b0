import { DEFAULT_SCREENSHOTS, EXECUTION_MESSAGES, type ExecutionDto, type ExecutionInput, type LiveStatus, type NewExecutionBody, type RunExecutionBody, type Schedule, type ScheduleExecutionBody } from '@stepwise/shared';
import { api, ApiError, apiRequest } from '../../api/client';
import type { BodyOf } from '../../api/contract';
import { log } from '../../lib/logger';
import type { PlannerFeatureNode } from './logic/features';

const BASE = 'executions';
const NETWORK_ERROR = 'Network response was not ok';

/** Fetch, run, schedule, deschedule, halt and delete failures are only logged (no user message). */
function logFailure(call: string, err: unknown): void {
  const message = `${NETWORK_ERROR}: ${call}: ${err instanceof Error ? err.message : String(err)}`;
  console.warn(message);
  log({ name: 'ExecutionsCall', eventType: 'ExecutionsCall', logType: 'Warning', module: 'executions', message });
}

/** Accepts a bare value or one wrapped under `key` ({ executions: [...] }). */
function unwrap<T>(body: unknown, key: string): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && key in body) return (body as Record<string, T>)[key];
  return body as T;
}

/** The server refused a name that another execution of the project has. */
export function isNameConflict(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 409 || err.message === EXECUTION_MESSAGES.uniqueName);
}

export async function fetchExecutions(projectId: string): Promise<ExecutionDto[]> {
  try {
    const body = await api.get<unknown>(BASE, { projectId });
    return unwrap<ExecutionDto[]>(body, 'executions') ?? [];
  } catch (err) {
    logFailure('list', err);
    throw err;
  }
}

export async function fetchExecution(id: string): Promise<ExecutionDto> {
  try {
    const body = await api.get<unknown>(`${BASE}/${encodeURIComponent(id)}`);
    return unwrap<ExecutionDto>(body, 'execution');
  } catch (err) {
    logFailure('fetch', err);
    throw err;
  }
}

/** The fields of an execution that the client sends back (PUT). */
export function toInput(e: ExecutionDto): ExecutionInput {
  return { name: e.name, env: e.env, branch: e.branch, flows: e.flows, schedule: e.schedule ?? null, isSingleThreaded: e.isSingleThreaded, enabled: e.enabled, aiRecovery: e.aiRecovery ?? false, screenshots: e.screenshots ?? DEFAULT_SCREENSHOTS };
}

/** Creation: a 409 (name taken) is rethrown as is; any other failure throws "Failed to save execution". */
export async function createExecution(projectId: string, execution: ExecutionInput, maxThreads: number): Promise<ExecutionDto | null> {
  const body: BodyOf<typeof NewExecutionBody> = { projectId, execution, maxThreads };
  let res: unknown;
  try {
    res = await api.post<unknown>(`${BASE}/new`, body);
  } catch (err) {
    if (isNameConflict(err)) throw err;
    throw new Error(EXECUTION_MESSAGES.saveFailed, { cause: err });
  }
  const created = unwrap<ExecutionDto | null>(res, 'execution');
  return created && typeof created === 'object' && '_id' in created ? created : null;
}

/** PUT: false on failure (the caller shows its message). */
export async function updateExecution(
  id: string,
  execution: ExecutionInput & { modifiedByUserId?: string },
  opts: { wasScheduleUpdated: boolean; environment?: string },
): Promise<boolean> {
  try {
    await apiRequest(`${BASE}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { execution },
      query: { wasScheduleUpdated: String(opts.wasScheduleUpdated), environment: opts.environment },
    });
    return true;
  } catch (err) {
    logFailure('update', err);
    return false;
  }
}

export async function deleteExecution(id: string): Promise<boolean> {
  try {
    await api.delete(`${BASE}/${encodeURIComponent(id)}`);
    return true;
  } catch (err) {
    logFailure('delete', err);
    return false;
  }
}

/** true when the server says the run was initiated. */
export async function runExecution(id: string, environment?: string): Promise<boolean> {
  const body: BodyOf<typeof RunExecutionBody> = { VIA_CRON: false, HEADLESS: true, environment, RUN_AS_MOCK: false };
  try {
    const res = await api.post<{ wasRunInitiated?: boolean }>(`${BASE}/run/${encodeURIComponent(id)}`, body);
    return res?.wasRunInitiated !== false;
  } catch (err) {
    logFailure('run', err);
    return false;
  }
}

export async function scheduleExecution(id: string, schedule: Schedule | undefined, environment?: string): Promise<boolean> {
  const body: BodyOf<typeof ScheduleExecutionBody> = { envVariables: { environment, HEADLESS: true }, schedule };
  try {
    await api.post(`${BASE}/schedule/${encodeURIComponent(id)}`, body);
    return true;
  } catch (err) {
    logFailure('schedule', err);
    return false;
  }
}

export async function descheduleExecution(id: string): Promise<boolean> {
  try {
    await api.post(`${BASE}/deschedule/${encodeURIComponent(id)}`);
    return true;
  } catch (err) {
    logFailure('deschedule', err);
    return false;
  }
}

export async function haltInstance(instanceId: string): Promise<boolean> {
  try {
    await api.post(`${BASE}/halt/${encodeURIComponent(instanceId)}`);
    return true;
  } catch (err) {
    logFailure('halt', err);
    return false;
  }
}

/** Live instances of the project (for a page opened while runs are going on). */
export async function fetchInstances(projectId: string): Promise<LiveStatus[]> {
  try {
    const body = await api.get<unknown>(`${BASE}/instances`, { projectId });
    return unwrap<LiveStatus[]>(body, 'instances') ?? [];
  } catch (err) {
    logFailure('instances', err);
    return [];
  }
}

export interface BranchFeatures {
  foldersAndFeatures: PlannerFeatureNode[];
  allTags: string[];
}

/** Features and tags of a branch (the planner's select step and the CI/CD dialog). */
export async function fetchBranchFeatures(projectId: string, branch: string, isPrivateRepo: boolean): Promise<BranchFeatures> {
  const res = await api.post<BranchFeatures>('workspace/get-feature-list-for-branch', { projectId, branch, isPrivateRepo, compact: true });
  return { foldersAndFeatures: res.foldersAndFeatures ?? [], allTags: res.allTags ?? [] };
}

/** "Define .npmrc settings": null once saved; otherwise the server's error (also logged), or "Unknown error". */
export async function saveNpmrc(projectId: string, text: string): Promise<string | null> {
  try {
    await api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: text });
    return null;
  } catch (err) {
    const failure = err instanceof Error && err.message ? err : new Error('Unknown error');
    logFailure('update-npmrc', failure);
    return failure.message;
  }
}

/** Log lines of an execution instance; null when there are none. */
export async function fetchExecutionLogs(instanceId: string): Promise<string[] | null> {
  try {
    const res = await api.get<{ logs?: string[] | null }>(`runs/cucumber-runs/getExecutionLogs/${encodeURIComponent(instanceId)}`);
    return res.logs ?? null;
  } catch (err) {
    logFailure('logs', err);
    return null;
  }
}
