import { IDEA_MSG, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { listAccessKeys, useAccessKey } from '../../access-keys/access-keys.repository.ts';
import { readEnvironments, type Environment } from '../../environments/environment-files.ts';
import { findActiveEnv } from '../../environments/environments.repository.ts';
import type { AuthContext } from '../../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { ProjectRepo } from '../../workspace/project-repo.ts';
import { workspaceServices } from '../../workspace/workspace-services.ts';
import type { WriteScope } from '../../workspace/workspace-writes.ts';

/**
 * Who may ask for scenario ideas and save them (spec 001 section 6): a member of a project whose
 * licence runs, and the project has an access token ("AI scenario generation needs an access
 * token"). A caller signed in with the project's access key has one; a key named in the body must be
 * one of this project's.
 */
export async function requireIdeasAccess(ctx: AppContext, auth: AuthContext, projectId: string, accessKey?: string): Promise<WriteScope> {
  const scope = await workspaceServices(ctx).writer.scope(auth, projectId);
  if (accessKey) {
    const key = await useAccessKey(ctx.db, accessKey);
    if (!key || key.projectId !== projectId) throw forbidden(IDEA_MSG.accessKeyInvalid);
  } else if (!auth.accessKeyProjectId && (await listAccessKeys(ctx.db, projectId)).length === 0) {
    throw forbidden(IDEA_MSG.tokenRequired);
  }
  return scope;
}

/** How many scenarios the plan still lets the project add (maxScenariosAllowed - scenarioCount); 403 Upgrade Required at none. */
export function allowanceOf(scope: WriteScope): number {
  const { project } = scope.access;
  const left = project.max_scenarios_allowed - project.scenario_count;
  if (left <= 0) throw forbidden(WS_MSG.upgradeRequired);
  return left;
}

/**
 * The environment whose application is read and tried: the one named, else the one whose base URL is
 * `url`, else the member's last active one, else the first with a base URL; 400 when there is none.
 */
export async function chooseEnvironment(
  ctx: AppContext,
  auth: AuthContext,
  projectId: string,
  at: { repo: ProjectRepo; head: string },
  wanted: { name?: string; url?: string },
): Promise<Environment> {
  const envs = (await readEnvironments(at.repo, at.head)).filter((e) => e.baseUrl);
  if (wanted.name) {
    const named = envs.find((e) => e.name === wanted.name);
    if (!named) throw notFound(WS_MSG.envNotFound);
    return named;
  }
  const bare = (u: string) => u.trim().replace(/\/+$/, '');
  const byUrl = wanted.url?.trim() ? envs.find((e) => bare(e.baseUrl) === bare(wanted.url!)) : undefined;
  if (byUrl) return byUrl;
  const active = await findActiveEnv(ctx.db, auth.user.id, projectId);
  const chosen = envs.find((e) => e.name === active) ?? envs[0];
  if (!chosen) throw badRequest(IDEA_MSG.noEnvironment);
  return chosen;
}
