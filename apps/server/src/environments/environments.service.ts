import { envNameError, envUrlError, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { staleWrite } from '../workspace/base-version.ts';
import { blobIdOf } from '../workspace/blob-id.ts';
import { envFileContent, envFilePath, readEnvironments, type Environment } from './environment-files.ts';
import { findActiveEnv, renameActiveEnv, saveActiveEnv } from './environments.repository.ts';
import { assertWritable, branchHead, commitChange } from './workspace-io.ts';

/** Environments of a branch (environments/{name}.json) and each member's last active one. */
export class EnvironmentsService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async list(auth: AuthContext, projectId: string, branch: string): Promise<{ allEnv: Environment[]; lastActiveEnv: string | null }> {
    await requireMember(this.ctx.db, auth, projectId);
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    const allEnv = await readEnvironments(repo, head);
    const saved = await findActiveEnv(this.ctx.db, auth.user.id, projectId);
    const lastActiveEnv = allEnv.find((e) => e.name === saved)?.name ?? allEnv[0]?.name ?? null;
    return { allEnv, lastActiveEnv };
  }

  /** Names the environments of a branch, for other areas (test data). */
  async names(projectId: string, branch: string): Promise<string[]> {
    const { repo, head } = await branchHead(this.ctx, projectId, branch);
    return (await readEnvironments(repo, head)).map((e) => e.name);
  }

  async create(auth: AuthContext, projectId: string, branch: string, rawName: string, rawUrl: string): Promise<Environment> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    const name = rawName.trim();
    const baseUrl = rawUrl.trim();
    const urlError = envUrlError(rawUrl);
    if (urlError) throw badRequest(urlError);
    const file = validName(name);
    const content = envFileContent(name, baseUrl);
    await commitChange(this.ctx, projectId, branch, auth.user, `add environment '${name}'`, async (repo, head) => {
      const existing = await readEnvironments(repo, head);
      const error = envNameError(name, existing.map((e) => e.name));
      if (error) throw badRequest(error);
      return [{ path: file, content }];
    });
    return { name, baseUrl, file, version: blobIdOf(content) };
  }

  /** With `baseVersion` (the file's version the client read), a change made since is 409 with the environment as it is now. */
  async edit(
    auth: AuthContext, projectId: string, branch: string, oldName: string, rawNewName: string | undefined, rawUrl: string, baseVersion?: string | null,
  ): Promise<Environment> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    const newName = (rawNewName ?? oldName).trim();
    const baseUrl = rawUrl.trim();
    const oldFile = envFilePath(oldName);
    const urlError = envUrlError(rawUrl);
    if (urlError) throw badRequest(urlError);
    const file = validName(newName);
    const change = newName === oldName ? `edit environment '${oldName}'` : `rename environment '${oldName}' to '${newName}'`;
    const content = envFileContent(newName, baseUrl);
    await commitChange(this.ctx, projectId, branch, auth.user, change, async (repo, head) => {
      const existing = await readEnvironments(repo, head);
      const current = existing.find((e) => e.file === oldFile);
      if (baseVersion !== undefined && baseVersion !== (current?.version ?? null)) {
        throw staleWrite(WS_MSG.staleEnv, head, current?.version ?? null, { environment: current ?? null });
      }
      if (!current) throw notFound(WS_MSG.envNotFound);
      if (newName === current.name && baseUrl === current.baseUrl) throw badRequest(WS_MSG.envNoChanges);
      const error = envNameError(newName, existing.filter((e) => e !== current).map((e) => e.name));
      if (error) throw badRequest(error);
      return file === oldFile ? [{ path: file, content }] : [{ path: oldFile, content: null }, { path: file, content }];
    });
    if (newName !== oldName) await renameActiveEnv(this.ctx.db, projectId, oldName, newName);
    return { name: newName, baseUrl, file, version: blobIdOf(content) };
  }

  async remove(auth: AuthContext, projectId: string, branch: string, name: string): Promise<void> {
    const { project } = await requireMember(this.ctx.db, auth, projectId);
    assertWritable(project);
    const file = envFilePath(name);
    await commitChange(this.ctx, projectId, branch, auth.user, `delete environment '${name}'`, async (repo, head) => {
      if (!(await readEnvironments(repo, head)).some((e) => e.file === file)) throw notFound(WS_MSG.envNotFound);
      return [{ path: file, content: null }];
    });
  }

  /** Remembers the member's selected environment (null clears it); it must exist on the branch. */
  async setActive(auth: AuthContext, projectId: string, branch: string, name: string | null): Promise<void> {
    await requireMember(this.ctx.db, auth, projectId);
    if (name !== null && !(await this.names(projectId, branch)).includes(name)) throw notFound(WS_MSG.envNotFound);
    await saveActiveEnv(this.ctx.db, auth.user.id, projectId, name);
  }
}

/** The file of a new name; the name's own rules come first so that their messages win over 'Invalid path'. */
function validName(name: string): string {
  const error = envNameError(name);
  if (error) throw badRequest(error);
  return envFilePath(name);
}
