import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idSchema } from './common.ts';

export const CreateInvitationBody = z.object({
  project_id: idSchema,
  sent_by: z.string().max(254).optional(),
  sent_to_email_list: z.array(z.string().max(254)).max(50).min(1, MSG.inviteAtLeastOne),
});
export const InvitationIdBody = z.object({ id: z.string({ error: MSG.invitationNoId }).trim().min(1, MSG.invitationNoId).max(64) });
export const DeclineInvitationBody = z.object({ email: z.string().max(254).optional(), id: z.string().max(64).optional() });

export const InvitationDto = z.object({
  _id: z.string(),
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  sent_by: z.string(),
  sent_to_email_list: z.array(z.string()),
  createdAt: z.string(),
});
export type InvitationDto = z.infer<typeof InvitationDto>;
export const InvitationsResponse = z.object({ status: z.literal('success'), invitations: z.array(InvitationDto) });
export const InvitationResponse = z.object({ status: z.literal('success'), invitation: InvitationDto });
export { idSchema };
