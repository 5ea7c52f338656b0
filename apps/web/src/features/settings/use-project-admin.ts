import type { ProjectDto } from '@stepwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProject, renameProject } from '../projects/projects.api';
import { projectKeys } from '../projects/project-keys';

export function useRenameProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newName: string) => renameProject(projectId, newName),
    onSuccess: (_r, newName) => {
      queryClient.setQueryData<ProjectDto[]>(projectKeys.all, (list) => list?.map((p) => (p._id === projectId ? { ...p, name: newName } : p)));
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProject(projectId),
    onSuccess: () => {
      queryClient.setQueryData<ProjectDto[]>(projectKeys.all, (list) => list?.filter((p) => p._id !== projectId));
      queryClient.removeQueries({ queryKey: projectKeys.lastActive });
    },
  });
}
