import type { CreateProjectBody, OkResponse, PlanName, ProjectDto } from '@stepwise/shared';
import { api } from '../../api/client';

export interface ProjectExpiry {
  is_expired: boolean;
  time_left: { days: number | null };
  plan: PlanName;
}

export async function fetchProjects(): Promise<ProjectDto[]> {
  const body = await api.get<{ projects: ProjectDto[] }>('auth/getProjects');
  return body.projects;
}

export async function createProject(body: CreateProjectBody): Promise<ProjectDto> {
  const res = await api.post<{ project: ProjectDto }>('auth/CreateProject', body);
  return res.project;
}

export function renameProject(projectId: string, newName: string): Promise<OkResponse> {
  return api.post<OkResponse>('auth/rename-project', { project_id: projectId, newName });
}

export function deleteProject(projectId: string): Promise<OkResponse> {
  return api.delete<OkResponse>('auth/DeleteProject', { project_id: projectId });
}

export async function fetchLastActiveProject(): Promise<string | null> {
  const body = await api.get<{ project_id: string | null }>('auth/getLastActiveProject');
  return body.project_id ?? null;
}

export function updateLastActiveProject(projectId: string): Promise<OkResponse> {
  return api.post<OkResponse>('auth/updateLastActiveProjectId', { project_id: projectId });
}

export async function fetchProjectExpiry(projectId: string): Promise<ProjectExpiry> {
  const body = await api.post<ProjectExpiry>('auth/isProjectExpired', { projectId });
  return { is_expired: body.is_expired, time_left: body.time_left, plan: body.plan };
}

export type RoleAction = 'sendInvitation' | 'removeMember' | 'deleteProject' | 'configureGit';

export async function checkRole(projectId: string, action: RoleAction): Promise<{ allowed: boolean; role: string }> {
  const body = await api.post<{ allowed: boolean; role: string }>('auth/checkRole', { project_id: projectId, action });
  return { allowed: body.allowed, role: body.role };
}
