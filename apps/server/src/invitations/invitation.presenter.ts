import type { InvitationDto } from '@stepwise/shared';
import type { InvitationView } from './invitations.repository.ts';

export function presentInvitation(i: InvitationView): InvitationDto {
  return {
    _id: i.id,
    id: i.id,
    project_id: i.project_id,
    project_name: i.project_name,
    sent_by: i.sender_email,
    sent_to_email_list: [i.email],
    createdAt: new Date(i.created_at).toISOString(),
  };
}
