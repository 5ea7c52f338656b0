import { z } from 'zod';
import { idSchema } from './common.ts';

export const MemberDto = z.object({
  name: z.string(),
  user_email: z.string(),
  user_id: z.string().nullable(),
  status: z.enum(['member', 'invited']),
  role: z.string(),
  isAdmin: z.boolean(),
});
export type MemberDto = z.infer<typeof MemberDto>;
export const MembersResponse = z.object({ status: z.literal('success'), members: z.array(MemberDto) });

export const RemoveMemberBody = z.object({
  project_id: idSchema,
  user_id_to_remove: z.string().max(64).nullable().optional(),
  status: z.enum(['member', 'invited']),
  user_email_to_remove: z.string().trim().max(254),
});
