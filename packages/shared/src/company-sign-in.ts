// The query and answer schemas of company sign-in are in schemas/company-sign-in.ts: the web app's
// login page uses the constants here without loading zod.
export * from './schemas/company-sign-in.ts';

/** Cookies of a browser session: the session token (HttpOnly) and its CSRF token (readable by the web app). */
export const SESSION_COOKIES = { session: 'stepwise_session', csrf: 'stepwise_csrf' } as const;
/** Header repeating the CSRF cookie on every write a session cookie authenticates. */
export const CSRF_HEADER = 'x-csrf-token';
/** Sent by the web app when signing in: the answer's `token` stays empty (the session lives in the cookie only). */
export const COOKIE_SESSION_HEADER = 'x-cookie-session';

/** Where the web app sends the browser to sign in with the company account (a full-page navigation). */
export const COMPANY_SIGN_IN_PATH = '/api/auth/oidc/start';
export const COMPANY_SIGN_IN_LABEL = 'Sign in with your company account';

/** Why a company sign-in was refused: the code travels back to /login as ?ssoError=<code>. */
export const SSO_ERRORS = {
  notConfigured: 'Company sign-in is not configured on this server',
  providerUnavailable: 'The identity provider could not be reached. Please try again later.',
  flowExpired: 'The sign-in took too long or was started in another browser. Please try again.',
  refused: 'The identity provider refused the sign-in.',
  invalidResponse: 'The answer of the identity provider could not be verified. Please try again.',
  noEmail: 'The identity provider did not share an e-mail address for this account.',
  emailNotVerified: 'An account with this e-mail already exists; the identity provider has not verified the e-mail, so it cannot be linked.',
  domainNotAllowed: 'Accounts of this e-mail domain may not sign in to this server.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorText(code: string | null): string | null {
  if (!code) return null;
  return (SSO_ERRORS as Record<string, string>)[code] ?? SSO_ERRORS.invalidResponse;
}

/** A callback URL of the app only: a path on this origin, never `//host` or a scheme. */
export function safeReturnPath(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || [...value].some((c) => c.charCodeAt(0) < 32)) return '/';
  return value;
}
