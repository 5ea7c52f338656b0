import type { ProjectDto } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useSearchParams } from 'react-router';
import { checkRole, fetchLastActiveProject, fetchProjectExpiry, fetchProjects, type RoleAction } from './projects.api';
import { projectKeys } from './project-keys';

export function useProjects() {
  return useQuery({ queryKey: projectKeys.all, queryFn: fetchProjects });
}

export function useLastActiveProject() {
  return useQuery({ queryKey: projectKeys.lastActive, queryFn: fetchLastActiveProject });
}

export function useProjectExpiry(projectId: string | undefined) {
  return useQuery({
    queryKey: projectKeys.expiry(projectId ?? ''),
    queryFn: () => fetchProjectExpiry(projectId!),
    enabled: !!projectId,
  });
}

export function useRoleCheck(projectId: string | undefined, action: RoleAction) {
  return useQuery({
    queryKey: projectKeys.role(projectId ?? '', action),
    queryFn: () => checkRole(projectId!, action),
    enabled: !!projectId,
  });
}

/** :projectId of the deepest matched route, readable from layouts above the project routes. */
export function useRouteProjectId(): string | undefined {
  const matches = useMatches();
  const [search] = useSearchParams();
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = matches[i].params.projectId;
    if (id) return id;
  }
  // Pages outside a project's routes that work on one (the recorder's) name it in the query.
  return search.get('project_id') ?? undefined;
}

/** Project of the current /:projectId route (or of the page's project_id query), once the project list is loaded and holds it. */
export function useCurrentProject(): ProjectDto | undefined {
  const projectId = useRouteProjectId();
  const { data } = useProjects();
  return data?.find((p) => p._id === projectId);
}

/** Current project inside the project routes, where ProjectLayout guarantees it exists. */
export function useProject(): ProjectDto {
  const project = useCurrentProject();
  if (!project) throw new Error('useProject() used outside a valid project route');
  return project;
}

/** Best project to open when none is in the URL: the last active one, else the first. */
export function useDefaultProjectId(): string | undefined {
  const projects = useProjects().data;
  const lastActive = useLastActiveProject().data;
  if (!projects || projects.length === 0) return undefined;
  return projects.find((p) => p._id === lastActive)?._id ?? projects[0]._id;
}
