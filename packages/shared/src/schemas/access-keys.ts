import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idSchema } from './common.ts';

export const CreateAccessKeyBody = z.object({
  name: z.string({ error: MSG.tokenNameRequired }).trim().min(1, MSG.tokenNameRequired).max(100, MSG.tokenNameTooLong),
  projectId: idSchema,
});
export const DeleteAccessKeyBody = z.object({ id: idSchema });

export const AccessKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  /** Masked token; the whole token is only returned once, by createAccessKey. */
  token: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessKeyDto = z.infer<typeof AccessKeyDto>;
export const AccessKeysResponse = z.object({ status: z.literal('success'), accessKeys: z.array(AccessKeyDto) });
export const CreatedAccessKeyResponse = z.object({ status: z.literal('success'), accessKey: AccessKeyDto, token: z.string() });
