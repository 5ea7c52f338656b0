import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Dispatcher, Pool } from 'undici';
import { WS_MSG } from '@stepwise/shared';
import { HttpError } from '../http/errors.ts';
import { RemoteAddressError } from '../private-repo/remote-address.ts';
import { RemoteGitError } from '../private-repo/remote-git.ts';
import { GitError } from './git.ts';
import { BranchMovedError, TreeConflictError } from './git-repo.ts';
import { INTERNAL_PREFIX, type InternalErrorCode, type RepoCall } from './internal-protocol.ts';
import { BranchNotFoundError } from './project-repo.ts';
import { undici } from '../optional-libraries.ts';

const ID_RE = /^[a-zA-Z0-9-]{1,64}$/;

interface ErrorBody {
  code?: InternalErrorCode;
  error?: string;
  gitCode?: number;
  head?: string;
  command?: string;
  stderr?: string;
  exitCode?: number;
}

/**
 * HTTP client of an API server for the workspace server (WORKSPACE_URL): one keep-alive connection
 * pool, the shared token on every call, streamed bodies both ways. The workspace server's errors
 * come back as the errors the local repository throws; a workspace server that cannot be reached
 * (or refuses the token) is a 503 with WS_MSG.workspaceUnavailable.
 */
export class WorkspaceClient {
  private readonly pool: Pool;
  private readonly base: string;
  private readonly auth: string;
  private readonly log: Logger;

  constructor(url: string, token: string, log: Logger) {
    const u = new URL(url);
    this.pool = new (undici().Pool)(u.origin, { connections: 64, keepAliveTimeout: 30_000, connectTimeout: 5_000, headersTimeout: 120_000, bodyTimeout: 300_000 });
    this.base = u.pathname.replace(/\/+$/, '') + INTERNAL_PREFIX;
    this.auth = `Bearer ${token}`;
    this.log = log;
  }

  /** One JSON call on a project's repository; resolves to its `result`. */
  async call<T>(projectId: string, call: RepoCall): Promise<T> {
    const res = await this.send({ method: 'POST', path: this.repoPath(projectId, 'call'), headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    if (res.statusCode !== 200) throw await this.errorOf(res);
    return ((await res.body.json()) as { result: T }).result;
  }

  /** A streamed answer (an archive, a pack): the body as it comes, never buffered whole. */
  async stream(projectId: string, method: 'GET' | 'POST', tail: string, body?: Readable, contentType?: string): Promise<Readable> {
    const res = await this.send({ method, path: this.repoPath(projectId, tail), body, headers: contentType ? { 'content-type': contentType } : {} });
    if (res.statusCode !== 200) throw await this.errorOf(res);
    return res.body;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private repoPath(projectId: string, tail: string): string {
    if (!ID_RE.test(projectId)) throw new Error('Invalid project id');
    return `${this.base}/repos/${projectId}/${tail}`;
  }

  private async send(opts: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string | Readable }): Promise<Dispatcher.ResponseData> {
    try {
      return await this.pool.request({ ...opts, headers: { ...opts.headers, authorization: this.auth } });
    } catch (err) {
      this.log.error({ err: (err as Error).message, path: opts.path }, 'the workspace server cannot be reached');
      throw new HttpError(503, WS_MSG.workspaceUnavailable);
    }
  }

  private async errorOf(res: Dispatcher.ResponseData): Promise<Error> {
    const body = (await res.body.json().catch(() => ({}))) as ErrorBody;
    const message = body.error ?? `workspace server answered ${res.statusCode}`;
    switch (body.code) {
      case 'branch-not-found':
        return new BranchNotFoundError(message);
      case 'branch-moved':
        return new BranchMovedError(message, body.head);
      case 'tree-conflict':
        return new TreeConflictError(message);
      case 'remote-address':
        return new RemoteAddressError(message);
      case 'remote-git':
        return new RemoteGitError(message, body.gitCode ?? 1);
      case 'git':
        return new GitError([body.command ?? 'git'], { stdout: '', stderr: body.stderr ?? '', code: body.exitCode ?? 1 });
      case 'invalid':
        return new Error(message);
      default:
        // A refused token, a workspace server without WORKSPACE_TOKEN (no such route), a proxy's error page.
        this.log.error({ status: res.statusCode, error: message }, 'the workspace server refused a call');
        return new HttpError(503, WS_MSG.workspaceUnavailable);
    }
  }
}
