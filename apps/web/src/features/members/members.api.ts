import type { MemberDto, OkResponse } from '@stepwise/shared';
import { api } from '../../api/client';

export async function fetchMembers(projectId: string): Promise<MemberDto[]> {
  const body = await api.get<{ members: MemberDto[] }>('auth/getMembers', { project_id: projectId });
  return body.members;
}

export function createInvitation(projectId: string, sentBy: string, emails: string[]): Promise<OkResponse> {
  return api.post<OkResponse>('auth/create-invitation', { project_id: projectId, sent_by: sentBy, sent_to_email_list: emails });
}

export function removeMemberOrInvitation(projectId: string, member: MemberDto): Promise<OkResponse> {
  return api.delete<OkResponse>('auth/remove-member-or-invitation', {
    project_id: projectId,
    user_id_to_remove: member.user_id,
    status: member.status,
    user_email_to_remove: member.user_email,
  });
}
