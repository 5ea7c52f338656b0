import {
  HEADERS,
  RUN_LIST_PAGE_SIZE,
  type RunCountersResponse,
  RunListBody,
  type RunListResponse,
  type RunReportDto,
  type TestCaseReportDto,
} from '@stepwise/shared';
import { api, apiRequest } from '../../api/client';
import type { BodyOf } from '../../api/contract';
import { getCurrentProjectId } from '../../api/session';
import { log } from '../../lib/logger';

/** Accepts a bare value or one wrapped under one of `keys` ({ run: {...} }). */
function unwrap<T>(body: unknown, ...keys: string[]): T {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of keys) if (key in body) return (body as Record<string, T>)[key];
  }
  return body as T;
}

export type RunListQuery = Omit<RunListBody, 'projectId' | 'page' | 'limit'>;

/** One page of the runs list (page size 50). */
export async function fetchRunPage(projectId: string, query: RunListQuery, page: number): Promise<RunListResponse['projectSummary']> {
  const body: BodyOf<typeof RunListBody> = { projectId, ...query, page, limit: RUN_LIST_PAGE_SIZE };
  const res = await api.post<RunListResponse>('runs/project/getDetails', body);
  return res.projectSummary ?? { reports: [], stats: { pageCount: 0, total: 0, totalExecutions: 0, successful: 0, failed: 0 } };
}

export async function fetchRunCounters(projectId: string, days: number): Promise<RunCountersResponse> {
  return api.get<RunCountersResponse>('runs/project/dashboardDetails', { projectId, days });
}

export async function fetchRun(runId: string): Promise<RunReportDto> {
  return unwrap<RunReportDto>(await api.get<unknown>('runs/cucumber-runs/get', { runId }), 'run');
}

export async function fetchTestCase(testCaseId: string): Promise<TestCaseReportDto> {
  return unwrap<TestCaseReportDto>(await api.get<unknown>('runs/cucumber-runs/get-testcase', { testCaseId }), 'testCase');
}

export async function fetchScenario(scenarioId: string): Promise<TestCaseReportDto> {
  return unwrap<TestCaseReportDto>(await api.get<unknown>('runs/scenarios/get', { scenarioId }), 'scenario', 'testCase');
}

/** Log lines of an execution instance; null when there are none (the dialog shows "No logs available"). */
export async function fetchRunLogs(instanceId: string): Promise<string[] | null> {
  const res = await api.get<{ logs?: string[] | string | null }>(`runs/cucumber-runs/getExecutionLogs/${encodeURIComponent(instanceId)}`);
  const logs = res?.logs;
  if (!logs || logs.length === 0) return null;
  return Array.isArray(logs) ? logs : logs.split('\n');
}

export interface CommentInput {
  testCaseId: string;
  runId: string;
  username: string;
  content: string;
}

export async function addComment(input: CommentInput): Promise<void> {
  await api.post('runs/comments/add', { type: 'scenario', ...input });
}

export async function updateComment(id: string, content: string): Promise<void> {
  await apiRequest(`runs/comments/update/${encodeURIComponent(id)}`, { method: 'PUT', body: { content } });
}

export async function deleteComment(id: string): Promise<void> {
  await api.delete(`runs/comments/delete/${encodeURIComponent(id)}`);
}

/** A screenshot of a run as a Blob: fetched with the project header (an <img> could not send it). */
export async function fetchScreenshot(projectId: string, runId: string, screenshotId: string, signal?: AbortSignal): Promise<Blob> {
  const path = [projectId, runId, screenshotId].map(encodeURIComponent).join('/');
  const headers = new Headers({ Accept: 'image/*' });
  const current = getCurrentProjectId();
  if (current) headers.set(HEADERS.projectId, current);
  const res = await fetch(`/api/runs/screenshots/run/${path}`, { headers, signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Screenshot ${screenshotId}: HTTP ${res.status}`);
  return res.blob();
}

/** Screenshot failures leave an empty image and are only logged. */
export function logScreenshotFailure(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  console.warn(message);
  log({ name: 'Screenshot', eventType: 'Screenshot', logType: 'Warning', module: 'runs', message });
}
