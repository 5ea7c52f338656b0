import { WORKER_MESSAGES, WORKER_TOKEN_PREFIX, type WorkerTokenDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { WorkerToken } from '../db/schema.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { requireAdmin } from '../projects/project-access.ts';
import { hashToken, newId, newToken, tokenHint } from '../security/tokens.ts';
import * as repo from './worker-tokens.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function present(t: WorkerToken): WorkerTokenDto {
  return {
    id: t.id,
    name: t.name,
    projectId: t.project_id,
    token: t.token_hint,
    createdAt: new Date(t.created_at).toISOString(),
    lastSeenAt: iso(t.last_seen_at),
    jobsRun: t.jobs_run,
    revokedAt: iso(t.revoked_at),
  };
}

/**
 * Worker tokens belong to a project and are managed by its admins (the app has no server-wide role):
 * a worker registered with one takes that project's jobs only, so the test data and step code of a
 * project reach only the machines its admins chose. Only a digest of each token is stored.
 */
export class WorkerTokensService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext, projectId: string): Promise<WorkerTokenDto[]> {
    await this.admin(auth, projectId);
    return (await repo.listWorkerTokens(this.ctx.db, projectId)).map(present);
  }

  async create(auth: AuthContext, projectId: string, name: string): Promise<{ workerToken: WorkerTokenDto; token: string }> {
    await this.admin(auth, projectId);
    const token = newToken(WORKER_TOKEN_PREFIX);
    const row = await repo.insertWorkerToken(this.ctx.db, {
      id: newId(),
      project_id: projectId,
      name: name.trim(),
      token_hash: hashToken(token),
      token_hint: tokenHint(token),
      created_by: auth.user.id,
    });
    return { workerToken: present(row), token };
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    const row = await repo.findWorkerToken(this.ctx.db, id);
    if (!row) throw notFound(WORKER_MESSAGES.tokenNotFound);
    await this.admin(auth, row.project_id);
    await repo.revokeWorkerToken(this.ctx.db, id);
  }

  private async admin(auth: AuthContext, projectId: string): Promise<void> {
    if (auth.accessKeyProjectId) throw forbidden('Access keys cannot manage worker tokens');
    await requireAdmin(this.ctx.db, auth, projectId);
  }
}
