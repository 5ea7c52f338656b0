import { ONBOARDING_STEPS, type CreateProjectBody, type ProjectDto } from '@stepwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '../../lib/track-event';
import { useAdvanceOnboarding } from '../onboarding/use-onboarding';
import { createProject, updateLastActiveProject } from './projects.api';
import { projectKeys } from './project-keys';

export function useCreateProject() {
  const queryClient = useQueryClient();
  const advanceOnboarding = useAdvanceOnboarding();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => createProject(body),
    onSuccess: async (project) => {
      queryClient.setQueryData<ProjectDto[]>(projectKeys.all, (list) => [...(list ?? []).filter((p) => p._id !== project._id), project]);
      queryClient.setQueryData(projectKeys.lastActive, project._id);
      updateLastActiveProject(project._id).catch(() => {});
      trackEvent('create_project', project._id);
      await advanceOnboarding(ONBOARDING_STEPS.projectCreated);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
