import { DEFAULT_ALLOWED_PROJECTS_COUNT, isValidEmail, normaliseEmail, type SsoErrorCode } from '@stepwise/shared';
import type { IDToken } from 'openid-client';
import type { AppContext } from '../../context.ts';
import type { User } from '../../db/schema.ts';
import { newId } from '../../security/tokens.ts';
import { findUserByEmail, insertUser } from '../user.repository.ts';
import { findUserByIdentity, linkIdentity } from './identities.repository.ts';

/** A company sign-in refused for a reason the login page explains (SSO_ERRORS). */
export class CompanySignInRefused extends Error {
  readonly code: SsoErrorCode;
  constructor(code: SsoErrorCode) {
    super(code);
    this.code = code;
  }
}

function text(value: unknown, max = 100): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/**
 * The user of a verified ID token. An identity seen before (issuer + subject) is its user; otherwise an
 * account with the same e-mail is linked only when the provider says the e-mail is verified, and a new
 * account (no password: it signs in through the provider only) is created just in time. The allowed
 * domains, when set, apply to every company sign-in.
 */
export async function companyUser(ctx: AppContext, issuer: string, claims: IDToken): Promise<User> {
  const { db, config } = ctx;
  const email = normaliseEmail(text(claims.email, 254));
  if (!email || !isValidEmail(email)) throw new CompanySignInRefused('noEmail');
  const allowed = config.oidc?.allowedDomains ?? [];
  if (allowed.length > 0 && !allowed.includes(email.slice(email.lastIndexOf('@') + 1))) throw new CompanySignInRefused('domainNotAllowed');

  const known = await findUserByIdentity(db, issuer, claims.sub);
  if (known) return known;

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (claims.email_verified !== true) throw new CompanySignInRefused('emailNotVerified');
    await linkIdentity(db, { issuer, subject: claims.sub, userId: existing.id, email });
    ctx.log.info({ userId: existing.id }, 'company account linked');
    return existing;
  }

  const name = text(claims.name);
  const created = await insertUser(db, {
    id: newId(),
    email,
    password_hash: '',
    firstname: text(claims.given_name) || name.split(' ')[0] || email.slice(0, email.indexOf('@')),
    lastname: text(claims.family_name) || name.split(' ').slice(1).join(' '),
    company_name: '',
    country: '',
    phone: '',
    allowed_projects_count: DEFAULT_ALLOWED_PROJECTS_COUNT,
    allow_delete_projects: config.allowDeleteProjects,
    last_active_project_id: null,
  });
  // Another sign-in with the same e-mail won the race: its account is linked by the rules above.
  if (!created) return companyUser(ctx, issuer, claims);
  await linkIdentity(db, { issuer, subject: claims.sub, userId: created.id, email });
  ctx.log.info({ userId: created.id }, 'company account created');
  return created;
}
