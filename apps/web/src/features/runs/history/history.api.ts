import type { FailureGroupsResponse, HistoryListsResponse, QuarantineBody, QuarantineResponse, RunMarksResponse, ScenarioHistoryResponse } from '@stepwise/shared';
import { api } from '../../../api/client';

/** The scenario history calls (runs/history/*). */

export const historyKeys = {
  all: ['runs', 'history'] as const,
  scenario: (testCaseId: string, page: number, limit: number) => ['runs', 'history', 'scenario', testCaseId, page, limit] as const,
  marks: (runId: string) => ['runs', 'history', 'marks', runId] as const,
  lists: (projectId: string) => ['runs', 'history', 'lists', projectId] as const,
  failureGroups: (projectId: string, days: number, page: number, pageSize: number) => ['runs', 'history', 'failure-groups', projectId, days, page, pageSize] as const,
};

export function fetchScenarioHistory(testCaseId: string, page: number, limit: number): Promise<ScenarioHistoryResponse> {
  return api.get<ScenarioHistoryResponse>('runs/history/scenario', { testCaseId, page, limit });
}

export function fetchRunMarks(runId: string): Promise<RunMarksResponse> {
  return api.get<RunMarksResponse>('runs/history/run-marks', { runId });
}

export function fetchHistoryLists(projectId: string): Promise<HistoryListsResponse> {
  return api.get<HistoryListsResponse>('runs/history/lists', { projectId });
}

export function setQuarantine(body: QuarantineBody): Promise<QuarantineResponse> {
  return api.post<QuarantineResponse>('runs/history/quarantine', body);
}

export function fetchFailureGroups(projectId: string, days: number, page: number, pageSize: number): Promise<FailureGroupsResponse> {
  return api.get<FailureGroupsResponse>('runs/history/failure-groups', { projectId, days, page, pageSize });
}
