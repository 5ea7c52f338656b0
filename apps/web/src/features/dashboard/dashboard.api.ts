import type { DashboardDataDto } from '@stepwise/shared';
import { api, apiRequest } from '../../api/client';
import type { PeriodQuery } from './periods';

/** As saved: the value metrics, weeklyEmailUpdatesTo (text or list) and any other key. */
export type PersonalizationInfo = Record<string, unknown>;

/** GET runs/project/getProjectMetadata: the metrics of one period (header x-source: main-app). */
export function fetchDashboardData(projectId: string, range: PeriodQuery): Promise<DashboardDataDto> {
  return apiRequest<DashboardDataDto>('runs/project/getProjectMetadata', {
    query: { projectId, startDate: range.startDate, endDate: range.endDate, tzOffsetMinutes: range.tzOffsetMinutes },
    headers: { 'x-source': 'main-app' },
  });
}

export async function fetchPersonalization(projectId: string): Promise<PersonalizationInfo> {
  const res = await api.get<{ dashboardPersonalizationInfo?: PersonalizationInfo | null }>('auth/getDashboardPersonalizationInfo', { project_id: projectId });
  return res.dashboardPersonalizationInfo ?? {};
}

export async function savePersonalization(projectId: string, info: Record<string, number | string | boolean | null>): Promise<PersonalizationInfo> {
  const res = await api.post<{ dashboardPersonalizationInfo?: PersonalizationInfo }>('auth/updateDashboardPersonalizationInfo', {
    project_id: projectId,
    dashboardPersonalizationInfo: info,
  });
  return res.dashboardPersonalizationInfo ?? info;
}
