import { MSG, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { requireAdmin, requireMember } from '../projects/project-access.ts';
import { updateProject } from '../projects/projects.repository.ts';
import { isValidRemoteUrl, listRemoteBranches, RemoteGitError, type RemoteCredentials } from './remote-git.ts';
import { RemoteAddressError } from './remote-address.ts';
import type { SyncResult } from './remote-sync.ts';

export interface ConnectInput {
  username: string;
  token: string;
  url?: string;
}

/** Connecting a project's workspace to the team's own Git repository (admins only). */
export class PrivateRepoService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /**
   * Checks the credentials with `git ls-remote`, brings the branches together (pushes into an
   * empty remote, takes the remote's history otherwise) and only then stores URL, username and
   * the sealed token. Any failure stores nothing: a remote on an address this server may not reach
   * (ALLOW_PRIVATE_GIT_HOSTS) answers which rule refused it, any other MSG.gitAuthorizeError.
   */
  async connect(auth: AuthContext, projectId: string, input: ConnectInput): Promise<{ url: string; sync: SyncResult }> {
    const { project } = await requireAdmin(this.ctx.db, auth, projectId);
    if (!project.allow_git_integration) throw forbidden(WS_MSG.gitIntegrationDisabled);
    const url = input.url?.trim() || project.private_repo_url;
    if (!url) throw badRequest(WS_MSG.gitUrlRequired);
    if (!isValidRemoteUrl(url)) throw badRequest(WS_MSG.gitUrlInvalid);
    const creds: RemoteCredentials = { url, username: input.username.trim(), token: input.token.trim(), allowPrivateHosts: this.ctx.config.allowPrivateGitHosts };
    const host = new URL(url).host;
    let sync: SyncResult;
    try {
      await listRemoteBranches(creds);
      sync = await this.ctx.workspaces.repo(projectId).syncRemote(creds, { remoteWins: true });
    } catch (err) {
      if (err instanceof RemoteAddressError) {
        this.ctx.log.warn({ projectId, host, userId: auth.user.id, reason: err.message }, 'private repository refused: address not allowed');
        throw badRequest(err.message);
      }
      if (!(err instanceof RemoteGitError)) throw err;
      this.ctx.log.warn({ projectId, host, gitExitCode: err.code, detail: err.message }, 'private repository authorisation failed');
      throw badRequest(MSG.gitAuthorizeError);
    }
    await updateProject(this.ctx, projectId, {
      private_repo: true,
      configured_private_repo: true,
      private_repo_url: url,
      private_repo_username: creds.username,
      private_repo_token_enc: this.ctx.secrets.encrypt(creds.token),
    });
    this.ctx.log.info({ projectId, host, userId: auth.user.id, ...sync }, 'private repository connected');
    return { url, sync };
  }

  async url(auth: AuthContext, projectId: string): Promise<string> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    return project.private_repo_url;
  }
}
