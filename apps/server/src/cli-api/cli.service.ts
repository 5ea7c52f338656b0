import type { Readable } from 'node:stream';
import { WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { readEnvironments } from '../environments/environment-files.ts';
import { findEnvironment, openRunSecrets, type StoredUserSecret } from '../execution-runs/run-inputs.ts';
import { isValidBranchName } from '../workspace/git-repo.ts';
import { flaggedIdentities } from '../runs/history/history.repository.ts';

export interface CliRunContext {
  environment: { name: string; baseUrl: string };
  testData: Record<string, string>;
  storedUsers: Record<string, StoredUserSecret>;
  npmrc: string | null;
  /** The secret values among them: the client keeps them out of what it prints and uploads. */
  redactions: string[];
  /** Scenarios quarantined by flag (scenarioIdentity): with those tagged @quarantine, out of the run's verdict. */
  quarantined: string[];
}

/** What the command-line client needs to run a project's branch on the caller's machine. */
export class CliService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  private async branchHead(auth: AuthContext, projectId: string, branch: string) {
    const access = await requireMember(this.ctx.db, auth, projectId);
    if (!isValidBranchName(branch)) throw badRequest(WS_MSG.branchNameInvalid);
    const repo = this.ctx.workspaces.repo(projectId);
    const head = await repo.branchHead(branch);
    if (!head) throw notFound(WS_MSG.branchNotFound);
    return { access, repo, head };
  }

  /** The branch's files as a tar stream (`git archive` of its head commit). */
  async archive(auth: AuthContext, projectId: string, branch: string): Promise<Readable> {
    const { repo, head } = await this.branchHead(auth, projectId, branch);
    return repo.archive(head);
  }

  /** The environment (by name, or the first one) with its test data, stored users and .npmrc, opened. */
  async runContext(auth: AuthContext, projectId: string, branch: string, envName: string | undefined): Promise<CliRunContext> {
    const { access, repo, head } = await this.branchHead(auth, projectId, branch);
    const env = envName ? await findEnvironment(repo, head, envName) : ((await readEnvironments(repo, head))[0] ?? null);
    if (!env) throw notFound(envName ? `No environment named "${envName}" on ${branch}` : `No environment on ${branch}: pass --base-url`);
    const secrets = await openRunSecrets(this.ctx, access.project, repo, head, env.name);
    return {
      environment: { name: env.name, baseUrl: env.baseUrl },
      testData: secrets.testData,
      storedUsers: secrets.storedUsers,
      npmrc: secrets.npmrc || null,
      redactions: secrets.redactions,
      quarantined: await flaggedIdentities(this.ctx.db, projectId),
    };
  }
}
