import { z } from 'zod';
import { MSG } from '../messages.ts';

const requiredText = z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(200);

export const SignInBody = z.object({
  email: z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(254),
  password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(1024),
});
export type SignInBody = z.infer<typeof SignInBody>;

export const SignUpBody = z.object({
  email: z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(254).email(MSG.invalidEmail),
  password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).min(8, MSG.passwordTooShort).max(1024),
  firstname: requiredText,
  lastname: requiredText,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const UserDto = z.object({
  userId: z.string(),
  _id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  name: z.string(),
  lastCompletedStep: z.number(),
  customAttributes: z.object({
    companyName: z.string(),
    allowedProjectsCount: z.number(),
    allowDeleteProjects: z.boolean(),
  }),
});
export type UserDto = z.infer<typeof UserDto>;

export const SignInResponse = z.object({
  status: z.literal('success'),
  error: z.null(),
  token: z.string(),
  user: UserDto,
  isNewUser: z.boolean(),
  project: z.object({ _id: z.string() }).nullable(),
});
export type SignInResponse = z.infer<typeof SignInResponse>;

export const UserByTokenResponse = z.object({ status: z.literal('success'), user: UserDto });
export type UserByTokenResponse = z.infer<typeof UserByTokenResponse>;

/** auth/signup (profile completion): fields of the spec, all optional but the names. */
export const ProfileBody = z.object({
  firstname: requiredText,
  lastname: requiredText,
  companyName: z.string().trim().max(200).optional(),
  country: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(50).optional(),
  loginId: z.string().max(254).optional(),
  userId: z.string().max(64).optional(),
});
