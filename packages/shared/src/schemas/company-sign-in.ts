import { z } from 'zod';

export const CompanySignInQuery = z.object({
  /** Where the user goes after signing in: a path of this app. */
  callbackUrl: z.string().max(2000).optional(),
});

export const CompanySignInCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
}).loose();

export const LogoutResponse = z.object({
  status: z.literal('success'),
  /** The identity provider's end-session address when the session came from a company sign-in. */
  logoutUrl: z.string().optional(),
});
export type LogoutResponse = z.infer<typeof LogoutResponse>;
