import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Project, User } from '../db/schema.ts';
import type { LastActiveSelection } from '../workspace/workspace-state.repository.ts';
import type { Answer } from './answer.ts';
import { GuardedCache } from './guarded-cache.ts';
import { LocalInvalidationBus, RedisInvalidationBus, type Invalidation, type InvalidationBus } from './invalidation-bus.ts';

/** A live session as the auth hook needs it (key: the token's SHA-256 digest). */
export interface CachedSession {
  user: User;
  sessionId: string;
  /** The session's own expiry (ms since the epoch): an entry never outlives it. */
  expiresAt: number;
}
/** A project access key (key: its digest): its owner, a member of its project when it was read. */
export interface CachedAccessKey {
  user: User;
  projectId: string;
}
/** A member's access to a project (key: `${userId} ${projectId}`); only members are kept, a refusal is read again. */
export interface CachedAccess {
  project: Project;
  role: string;
}

const pair = (a: string, b: string) => `${a} ${b}`;

/**
 * What one API server keeps in memory so that the hot reads make no database round trip: sessions and
 * access keys (auth-plugin.ts), project access (project-access.ts), each member's last selection in
 * the features area and the answers of the runs list and the features tree. Every entry lives at most
 * API_CACHE_TTL_SECONDS (30 s), a session's entry never past the session's expiry. Every write that
 * changes what an entry holds calls `changed(...)`: applied on this server at once and, with
 * REDIS_URL, on every other server before the call returns (invalidation-bus.ts). While the channel
 * is down, nothing is read from or put in the caches.
 */
export class ApiCaches {
  readonly bus: InvalidationBus;
  readonly ttlMs: number;
  readonly sessions: GuardedCache<string, CachedSession>;
  readonly accessKeys: GuardedCache<string, CachedAccessKey>;
  readonly access: GuardedCache<string, CachedAccess>;
  /** Key: `${userId} ${projectId} ${branch}`. */
  readonly selections: GuardedCache<string, { projectId: string; userId: string; selection: LastActiveSelection }>;
  /** Runs list answers; key: project, its runs version, the request's parameters. */
  readonly runsLists: GuardedCache<string, { projectId: string; answer: Answer }>;
  /** Features tree answers; key: project, branch, commit, form, the member's selection (no version: a commit never changes). */
  readonly trees: GuardedCache<string, { projectId: string; answer: Answer }>;
  private readonly runsVersions = new Map<string, number>();

  constructor(bus: InvalidationBus, ttlMs: number) {
    this.bus = bus;
    this.ttlMs = ttlMs;
    const usable = () => bus.healthy;
    this.sessions = new GuardedCache({ max: 20_000, ttlMs, usable });
    this.accessKeys = new GuardedCache({ max: 2_000, ttlMs, usable });
    this.access = new GuardedCache({ max: 20_000, ttlMs, usable });
    this.selections = new GuardedCache({ max: 20_000, ttlMs, usable });
    this.runsLists = new GuardedCache({ max: 2_000, ttlMs, usable });
    this.trees = new GuardedCache({ max: 1_000, ttlMs, usable });
    bus.listen((m) => this.apply(m));
  }

  /** The caches of a server of `config`: over Redis with REDIS_URL, else in this process. */
  static async create(config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'apiCacheTtlMs'>, log: Logger): Promise<ApiCaches> {
    if (!config.redisUrl) return new ApiCaches(new LocalInvalidationBus(), config.apiCacheTtlMs);
    const bus = new RedisInvalidationBus({ url: config.redisUrl, prefix: config.redisPrefix, log });
    // The start waits a little for the channel; the caches stay unused until it is there.
    await bus.ready(5000);
    return new ApiCaches(bus, config.apiCacheTtlMs);
  }

  /** Tells every server's caches of a change; returns once they all dropped what it touches. */
  changed(message: Invalidation): Promise<void> {
    return this.bus.publish(message);
  }

  static accessKey(userId: string, projectId: string): string {
    return pair(userId, projectId);
  }
  static selectionKey(userId: string, projectId: string, branch: string): string {
    return `${pair(userId, projectId)} ${branch}`;
  }
  /** The version of a project's runs on this server: moved by every 'runs' (and 'project') message. */
  runsVersion(projectId: string): number {
    return this.runsVersions.get(projectId) ?? 0;
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  /** Empties every cache of this server (not the others'). */
  dropAll(): void {
    this.apply(null);
  }

  private apply(m: Invalidation | null): void {
    if (m === null) {
      for (const c of [this.sessions, this.accessKeys, this.access, this.selections, this.runsLists, this.trees]) c.clear();
      return;
    }
    switch (m.kind) {
      case 'session':
        this.sessions.drop((s) => s.sessionId === m.sessionId);
        break;
      case 'user':
        this.sessions.drop((s) => s.user.id === m.userId);
        this.accessKeys.drop((k) => k.user.id === m.userId);
        break;
      case 'access-key':
        this.accessKeys.drop((k) => k.projectId === m.projectId);
        break;
      case 'member':
        this.access.drop((_, key) => key === pair(m.userId, m.projectId));
        this.accessKeys.drop((k) => k.projectId === m.projectId && k.user.id === m.userId);
        this.selections.drop((s) => s.projectId === m.projectId && s.userId === m.userId);
        break;
      case 'selection':
        this.selections.drop((s) => s.projectId === m.projectId && (m.userId === undefined || s.userId === m.userId));
        break;
      case 'project':
        this.access.drop((a) => a.project.id === m.projectId);
        this.accessKeys.drop((k) => k.projectId === m.projectId);
        // Deleting a project clears it as its members' last project (a field of the user).
        this.sessions.drop((s) => s.user.last_active_project_id === m.projectId);
        this.selections.drop((s) => s.projectId === m.projectId);
        this.trees.drop((t) => t.projectId === m.projectId);
        this.bumpRuns(m.projectId);
        break;
      case 'runs':
        this.bumpRuns(m.projectId);
        break;
    }
  }

  private bumpRuns(projectId: string): void {
    this.runsVersions.set(projectId, this.runsVersion(projectId) + 1);
    this.runsLists.drop((r) => r.projectId === projectId);
  }
}
