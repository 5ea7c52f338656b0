import { WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { StoredUser } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import * as repo from './stored-users.repository.ts';
import { totpOf } from './totp.ts';

export interface StoredUserInput {
  username: string;
  password: string;
  secretKey: string;
}

export interface StoredUserView {
  username: string;
  password: string;
  secretKeyConfigured: boolean;
  error?: string;
}

/** Login users a project's scenarios (and the AI) use on the site under test; password and TOTP key sealed at rest. */
export class StoredUsersService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext, projectId: string, page: number, limit: number) {
    await requireMember(this.ctx.db, auth, projectId);
    const { rows, total } = await repo.listStoredUsers(this.ctx.db, projectId, page * limit, limit);
    return { users: rows.map((r) => this.present(r)), total, page, limit };
  }

  async add(auth: AuthContext, projectId: string, input: StoredUserInput): Promise<StoredUserView> {
    await requireMember(this.ctx.db, auth, projectId);
    const secretKeyEnc = this.sealSecretKey(input.secretKey);
    const inserted = await repo.insertStoredUser(this.ctx.db, {
      project_id: projectId,
      username: input.username,
      password_enc: this.ctx.secrets.encrypt(input.password),
      secret_key_enc: secretKeyEnc,
    });
    if (!inserted) throw conflict(WS_MSG.storedUserExists);
    return { username: input.username, password: input.password, secretKeyConfigured: secretKeyEnc !== null };
  }

  /** An empty secretKey keeps the configured key unless `clearSecretKey` is set. */
  async update(auth: AuthContext, projectId: string, prevUsername: string, input: StoredUserInput, clearSecretKey = false): Promise<StoredUserView> {
    await requireMember(this.ctx.db, auth, projectId);
    const secretKeyEnc = input.secretKey ? this.sealSecretKey(input.secretKey) : clearSecretKey ? null : undefined;
    const outcome = await repo.updateStoredUser(this.ctx.db, projectId, prevUsername, {
      username: input.username,
      password_enc: this.ctx.secrets.encrypt(input.password),
      secret_key_enc: secretKeyEnc,
    });
    if (outcome === 'missing') throw notFound(WS_MSG.storedUserNotFound);
    if (outcome === 'taken') throw conflict(WS_MSG.storedUserExists);
    return this.present(outcome);
  }

  async remove(auth: AuthContext, projectId: string, username: string): Promise<void> {
    await requireMember(this.ctx.db, auth, projectId);
    if (!(await repo.deleteStoredUser(this.ctx.db, projectId, username))) throw notFound(WS_MSG.storedUserDeleteError);
  }

  /** The current RFC 6238 code of the user's authenticator key. */
  async totp(auth: AuthContext, projectId: string, username: string): Promise<string> {
    await requireMember(this.ctx.db, auth, projectId);
    const row = await repo.findStoredUser(this.ctx.db, projectId, username);
    if (!row) throw notFound(WS_MSG.storedUserNotFound);
    const generator = row.secret_key_enc ? totpOf(this.open(row.secret_key_enc) ?? '') : null;
    if (!generator) throw badRequest(WS_MSG.storedUserTotpError);
    return generator.generate();
  }

  private sealSecretKey(secretKey: string): string | null {
    if (!secretKey) return null;
    if (!totpOf(secretKey)) throw badRequest(WS_MSG.storedUserTotpError);
    return this.ctx.secrets.encrypt(secretKey);
  }

  private open(sealed: string): string | null {
    try {
      return this.ctx.secrets.decrypt(sealed);
    } catch {
      return null;
    }
  }

  private present(row: StoredUser): StoredUserView {
    const password = this.open(row.password_enc);
    return {
      username: row.username,
      password: password ?? '',
      secretKeyConfigured: row.secret_key_enc !== null,
      ...(password === null ? { error: WS_MSG.testDataDecryptError } : {}),
    };
  }
}
