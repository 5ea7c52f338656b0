import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECORDER_MESSAGES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf, type AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { SOCKET_PATH } from '../realtime/realtime.ts';
import {
  ConcurrentSessionsBody, CreateRecorderSessionBody, DeepLinkBody, EnvironmentBody, SessionBody,
  type CreateRecorderSessionResponse, type RecorderConnectDto, type RecorderLimitsDto, type RecorderSessionDto,
} from './guac-schemas.ts';
import type { RecorderSession } from './recorder-session.ts';
import { recorderSessions, type RecorderSessions } from './recorder-sessions.ts';
import { createRecorderSession, environmentReachable, startUrl } from './recorder-start.ts';

/**
 * The spec's remote-desktop calls mapped onto cloud recorder sessions (a sandboxed Chromium streamed
 * over the realtime socket, docs/DECISIONS.md). Every call needs a signed-in user; a session is
 * seen and driven by its owner only (anyone else gets 404 sessionNotFound), and opened by members
 * of its project only.
 */
export const guacRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sessions = recorderSessions(ctx);

  app.post('/guac/create-RDP-connection-with-defaults', { schema: { body: CreateRecorderSessionBody } }, async (req): Promise<CreateRecorderSessionResponse> => {
    const session = await createRecorderSession(ctx, authOf(req), req.body);
    return { status: 'success', ...connectDto(session), session: sessionDto(session), state: session.state() };
  });

  app.post('/guac/guac-lite-prepareWebSocket-url', { schema: { body: SessionBody } }, async (req): Promise<{ status: 'success' } & RecorderConnectDto> => {
    const session = await ownedSession(ctx, sessions, authOf(req), req.body.session_id);
    return { status: 'success', ...connectDto(session) };
  });

  app.post('/guac/check-environment-is-reachable', { schema: { body: EnvironmentBody } }, async (req) => {
    return { status: 'success' as const, ...(await environmentReachable(ctx, authOf(req), req.body)) };
  });

  app.post('/guac/concurrent-sessions-for-user', { schema: { body: ConcurrentSessionsBody } }, async (req) => {
    const auth = authOf(req);
    const projectId = req.body?.project_id;
    if (projectId) await requireMember(ctx.db, auth, projectId);
    const mine = sessions.ofUser(auth.user.id).filter((s) => !projectId || s.target.projectId === projectId);
    return { status: 'success' as const, sessions: mine.map(sessionDto), count: mine.length, server_count: sessions.size, limits: limitsDto(sessions) };
  });

  for (const url of ['/guac/close-guac-lite-connection', '/guac/delete-Guacamole-connection']) {
    app.post(url, { schema: { body: SessionBody } }, async (req) => {
      const session = await ownedSession(ctx, sessions, authOf(req), req.body.session_id);
      session.end('The recorder session was closed');
      return { status: 'success' as const, session_id: session.id, message: 'The recorder session was closed' };
    });
  }

  // Recorder sessions run as the signed-in user: there is no separate desktop account to create.
  app.post('/guac/create-guacamole-user', async (req) => {
    const auth = authOf(req);
    return { status: 'success' as const, username: auth.user.email, created: false, message: 'Recorder sessions use your Stepwise account: no other account is needed' };
  });

  // A deep link into a running session opens that address in its browser.
  app.post('/guac/invoke-deep-link', { schema: { body: DeepLinkBody } }, async (req) => {
    const session = await ownedSession(ctx, sessions, authOf(req), req.body.session_id);
    const url = startUrl(session.target.baseUrl, req.body.url);
    await session.command({ type: 'navigate', url }).catch((err: Error) => {
      throw badRequest(err.message);
    });
    return { status: 'success' as const, session_id: session.id, url };
  });

  app.get('/guac/guac-lite-url-for-username/:username', { schema: { params: z.object({ username: z.string().min(1).max(320) }) } }, async (req) => {
    const auth = authOf(req);
    if (req.params.username.trim().toLowerCase() !== auth.user.email.toLowerCase()) throw forbidden('You can only see your own recorder sessions');
    const mine = sessions.ofUser(auth.user.id);
    return { status: 'success' as const, urls: mine.map((s) => recorderPath(s)), sessions: mine.map(sessionDto) };
  });
};

/** The owner's open session, its project still theirs: 404 sessionNotFound for anyone else or an ended one. */
export async function ownedSession(ctx: AppContext, sessions: RecorderSessions, auth: AuthContext, sessionId: string): Promise<RecorderSession> {
  const session = sessions.owned(sessionId, auth.user.id);
  if (!session) throw notFound(RECORDER_MESSAGES.sessionNotFound);
  await requireMember(ctx.db, auth, session.target.projectId);
  return session;
}

function connectDto(s: RecorderSession): RecorderConnectDto {
  return { socket_path: SOCKET_PATH, join_event: 'recorder:join', session_id: s.id, project_id: s.target.projectId };
}

/** The web app's page of a session. */
function recorderPath(s: RecorderSession): string {
  const q = new URLSearchParams({ session_id: s.id, project_id: s.target.projectId, env_name: s.target.envName, git_branch: s.target.branch });
  return `/remote-recorder/recorder?${q}`;
}

function sessionDto(s: RecorderSession): RecorderSessionDto {
  return {
    session_id: s.id,
    project_id: s.target.projectId,
    env_name: s.target.envName,
    git_branch: s.target.branch,
    url: s.url,
    title: s.title,
    recorder_url: recorderPath(s),
    started_at: new Date(s.startedAt).toISOString(),
    last_activity_at: new Date(s.lastActivityAt).toISOString(),
  };
}

function limitsDto(sessions: RecorderSessions): RecorderLimitsDto {
  const l = sessions.limits;
  return { per_user: l.perUser, per_server: l.perServer, idle_timeout_ms: l.idleTimeoutMs, max_duration_ms: l.maxDurationMs };
}
