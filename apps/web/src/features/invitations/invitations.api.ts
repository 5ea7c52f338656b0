import type { InvitationDto, OkResponse, ProjectDto } from '@stepwise/shared';
import { api } from '../../api/client';

export async function fetchInvitations(): Promise<InvitationDto[]> {
  const body = await api.get<{ invitations: InvitationDto[] }>('auth/get-invitations');
  return body.invitations;
}

export async function verifyInvitation(id: string): Promise<InvitationDto> {
  const body = await api.post<{ invitation: InvitationDto }>('auth/verify-invitation', { id });
  return body.invitation;
}

export async function acceptInvitation(id: string): Promise<ProjectDto> {
  const body = await api.post<{ project: ProjectDto }>('auth/addMember', { id });
  return body.project;
}

export function declineInvitation(email: string, id: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`auth/invitations/${encodeURIComponent(email)}`, { id, email });
}
