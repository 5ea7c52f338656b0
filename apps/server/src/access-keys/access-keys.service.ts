import { ACCESS_KEY_PREFIX, type AccessKeyDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AccessKey } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { hashToken, newId, newToken, tokenHint } from '../security/tokens.ts';
import * as repo from './access-keys.repository.ts';

function present(k: AccessKey): AccessKeyDto {
  return {
    id: k.id,
    name: k.name,
    projectId: k.project_id,
    token: k.token_hint,
    createdAt: new Date(k.created_at).toISOString(),
    lastUsedAt: k.last_used_at ? new Date(k.last_used_at).toISOString() : null,
  };
}

/** Project access keys for the CLI and integrations; only a hash of each key is stored. */
export class AccessKeysService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext, projectId: string): Promise<AccessKeyDto[]> {
    await requireMember(this.ctx.db, auth, projectId);
    return (await repo.listAccessKeys(this.ctx.db, projectId)).map(present);
  }

  async create(auth: AuthContext, projectId: string, name: string): Promise<{ accessKey: AccessKeyDto; token: string }> {
    if (auth.accessKeyProjectId) throw forbidden('Access keys cannot create access keys');
    await requireMember(this.ctx.db, auth, projectId);
    const token = newToken(ACCESS_KEY_PREFIX);
    const key = await repo.insertAccessKey(this.ctx.db, {
      id: newId(),
      project_id: projectId,
      user_id: auth.user.id,
      name: name.trim(),
      token_hash: hashToken(token),
      token_hint: tokenHint(token),
    });
    return { accessKey: present(key), token };
  }

  /** Members delete their own keys; admins delete any key of the project. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    if (auth.accessKeyProjectId) throw forbidden('Access keys cannot delete access keys');
    const key = await repo.findAccessKey(this.ctx.db, id);
    if (!key) throw notFound('Access key not found');
    const access = await requireMember(this.ctx.db, auth, key.project_id);
    if (!access.isAdmin && key.user_id !== auth.user.id) throw forbidden('Only the key owner or a project admin can delete this key');
    await repo.deleteAccessKey(this.ctx.db, id);
    await this.ctx.caches.changed({ kind: 'access-key', projectId: key.project_id });
  }
}
