import type { z } from 'zod';
import { MSG, RECORDER_MESSAGES, RECORDER_VIEWPORTS, WS_MSG } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { Environment } from '../environments/environment-files.ts';
import { branchHead } from '../environments/workspace-io.ts';
import { findEnvironment } from '../execution-runs/run-inputs.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { isExpired } from '../projects/plan.ts';
import { requireMember } from '../projects/project-access.ts';
import { hostResolves, unknownHostMessage } from '../ai/environment-host.ts';
import type { CreateRecorderSessionBody, EnvironmentBody } from './guac-schemas.ts';
import type { RecorderSession } from './recorder-session.ts';
import { recorderSessions } from './recorder-sessions.ts';

const DEFAULT_RECORDER_VIEWPORT = RECORDER_VIEWPORTS[0];

/**
 * Opens a cloud recorder session after the spec's recorder start checks, in order: the scenario
 * count at the plan's maximum (Upgrade Required), an expired licence, no environment; then the
 * environment's host must resolve and the user and server limits leave room.
 */
export async function createRecorderSession(ctx: AppContext, auth: AuthContext, body: z.infer<typeof CreateRecorderSessionBody>): Promise<RecorderSession> {
  const { project } = await requireMember(ctx.db, auth, body.project_id);
  if (project.scenario_count >= project.max_scenarios_allowed) throw forbidden(WS_MSG.upgradeRequired);
  if (isExpired(project)) throw forbidden(MSG.licenceExpired);
  const env = await recorderEnvironment(ctx, body.project_id, body.git_branch, body.env_name);
  if (!(await hostResolves(env.baseUrl))) throw badRequest(unknownHostMessage(env.baseUrl));
  const opening = recorderSessions(ctx).open({
    ownerId: auth.user.id,
    projectId: body.project_id,
    envName: env.name,
    branch: body.git_branch,
    baseUrl: env.baseUrl,
    startUrl: startUrl(env.baseUrl, body.url),
    viewport: viewportOf(body.viewport),
  });
  return opening.catch((err: Error) => {
    if (err instanceof HttpError) throw err;
    // The page did not load (refused, timed out): the environment's; anything else is the server's browser.
    if (/^The environment did not open/.test(err.message)) throw badRequest(`${RECORDER_MESSAGES.environmentUnreachable}: ${err.message.replace(/^The environment did not open: /, '')}`);
    throw new HttpError(503, `The recorder browser could not start: ${err.message}`);
  });
}

/** Whether the environment's address leads somewhere (its host name is known); members only. */
export async function environmentReachable(ctx: AppContext, auth: AuthContext, body: z.infer<typeof EnvironmentBody>): Promise<{ reachable: boolean; message: string | null }> {
  await requireMember(ctx.db, auth, body.project_id);
  const env = await recorderEnvironment(ctx, body.project_id, body.git_branch, body.env_name);
  const reachable = await hostResolves(env.baseUrl);
  return { reachable, message: reachable ? null : `${RECORDER_MESSAGES.environmentUnreachable}: ${unknownHostMessage(env.baseUrl)}` };
}

/** The named environment of the branch with a base URL: 400 noEnvironment without a name, 404 when there is no such environment. */
async function recorderEnvironment(ctx: AppContext, projectId: string, branch: string, name: string | undefined): Promise<Environment & { baseUrl: string }> {
  if (!name?.trim()) throw badRequest(RECORDER_MESSAGES.noEnvironment);
  const { repo, head } = await branchHead(ctx, projectId, branch);
  const env = await findEnvironment(repo, head, name.trim());
  if (!env) throw notFound(WS_MSG.envNotFound);
  if (!env.baseUrl) throw badRequest('The environment has no base URL to open');
  return env;
}

/** The first page: the base URL, a path under it, or an absolute http(s) URL. */
export function startUrl(baseUrl: string, url: string | undefined): string {
  if (!url?.trim()) return baseUrl;
  let resolved: URL;
  try {
    resolved = new URL(url.trim().replace(/^\/+/, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  } catch {
    throw badRequest('The start URL is not a valid address');
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') throw badRequest('The start URL must be an http or https address');
  return resolved.href;
}

function viewportOf(v: z.infer<typeof CreateRecorderSessionBody>['viewport']): { width: number; height: number } {
  if (!v) return { width: DEFAULT_RECORDER_VIEWPORT.width, height: DEFAULT_RECORDER_VIEWPORT.height };
  if (typeof v === 'object') return v;
  const found = RECORDER_VIEWPORTS.find((x) => x.label === v) ?? DEFAULT_RECORDER_VIEWPORT;
  return { width: found.width, height: found.height };
}
