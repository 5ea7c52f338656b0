import { DEFAULT_ALLOWED_PROJECTS_COUNT, MSG, normaliseEmail, type SignInBody, type SignInResponse, type SignUpBody } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../http/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../security/passwords.ts';
import { newId } from '../security/tokens.ts';
import { createSession } from './session.repository.ts';
import { findUserByEmail, insertUser } from './user.repository.ts';
import { LoginThrottle } from './login-throttle.ts';
import { presentUser } from './user.presenter.ts';
import { firstProjectIdOf } from '../projects/projects.repository.ts';

/** A sign-in refused by the throttle; the route sends `retryAfterSeconds` as Retry-After. */
export class SignInRefused extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, MSG.tooManyAttempts);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class AuthService {
  private readonly ctx: AppContext;
  private readonly throttle: LoginThrottle;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.throttle = new LoginThrottle(ctx.db, { max: ctx.config.loginMaxFailures, windowMs: ctx.config.loginWindowMs });
  }

  async signUp(body: SignUpBody): Promise<SignInResponse & { sessionId: string }> {
    if (!this.ctx.config.signupEnabled) throw forbidden('Sign-up is disabled on this server');
    const email = normaliseEmail(body.email);
    const user = await insertUser(this.ctx.db, {
      id: newId(),
      email,
      password_hash: await hashPassword(body.password),
      firstname: body.firstname,
      lastname: body.lastname,
      company_name: '',
      country: '',
      phone: '',
      allowed_projects_count: DEFAULT_ALLOWED_PROJECTS_COUNT,
      allow_delete_projects: this.ctx.config.allowDeleteProjects,
      last_active_project_id: null,
    });
    if (!user) throw conflict(MSG.emailTaken);
    this.ctx.log.info({ userId: user.id }, 'user signed up');
    return this.startSession(user, true);
  }

  async signIn(body: SignInBody, ip: string): Promise<SignInResponse & { sessionId: string }> {
    const email = normaliseEmail(body.email);
    const claim = await this.throttle.claim(email, ip);
    if (!claim.allowed) throw new SignInRefused(Math.ceil(claim.retryAfterMs / 1000));
    const user = await findUserByEmail(this.ctx.db, email);
    const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !ok) throw unauthorized(MSG.invalidCredentials);
    await this.throttle.succeeded(claim);
    return this.startSession(user, false);
  }

  /** A new session of the user (a sign-in of any kind) and the answer of the spec's sign-in call. */
  async startSession(user: User, justSignedUp: boolean): Promise<SignInResponse & { sessionId: string }> {
    const { id: sessionId, token } = await createSession(this.ctx.db, user.id, this.ctx.config.sessionTtlMs);
    const projectId = await firstProjectIdOf(this.ctx.db, user.id, user.last_active_project_id);
    return {
      status: 'success',
      error: null,
      token,
      user: presentUser(user),
      isNewUser: justSignedUp || (projectId === null && user.last_completed_step < 2),
      project: projectId ? { _id: projectId } : null,
      sessionId,
    };
  }
}

export function assertPasswordPolicy(password: string): void {
  if (password.length < 8) throw badRequest(MSG.passwordTooShort);
}
