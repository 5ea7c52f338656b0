import type { MemberDto } from '@stepwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createInvitation, fetchMembers, removeMemberOrInvitation } from './members.api';

export const membersKey = (projectId: string) => ['members', projectId] as const;

export function useMembers(projectId: string) {
  return useQuery({ queryKey: membersKey(projectId), queryFn: () => fetchMembers(projectId) });
}

export function useInviteMembers(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sentBy, emails }: { sentBy: string; emails: string[] }) => createInvitation(projectId, sentBy, emails),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
  });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberDto) => removeMemberOrInvitation(projectId, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
  });
}
