import { ONBOARDING_STEPS, type ProjectDto } from '@stepwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedIn } from '../../api/session';
import { useAdvanceOnboarding } from '../onboarding/use-onboarding';
import { projectKeys } from '../projects/project-keys';
import { acceptInvitation, declineInvitation, fetchInvitations, verifyInvitation } from './invitations.api';

export const invitationsKey = ['invitations'] as const;

export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: invitationsKey, queryFn: fetchInvitations, enabled });
}

export function useVerifyInvitation(id: string | null) {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: ['invitation', id], queryFn: () => verifyInvitation(id!), enabled: !!id && signedIn, retry: false, gcTime: 0 });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  const advanceOnboarding = useAdvanceOnboarding();
  return useMutation({
    mutationFn: (id: string) => acceptInvitation(id),
    onSuccess: async (project) => {
      queryClient.setQueryData<ProjectDto[]>(projectKeys.all, (list) => [...(list ?? []).filter((p) => p._id !== project._id), project]);
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: invitationsKey });
      await advanceOnboarding(ONBOARDING_STEPS.recordedOrInvited);
    },
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, id }: { email: string; id: string }) => declineInvitation(email, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
