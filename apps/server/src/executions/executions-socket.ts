import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { ACCESS_KEY_PREFIX, EXECUTION_EVENTS, EXECUTION_SOCKET_PATH } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { findUserBySessionToken } from '../auth/session.repository.ts';
import { socketCookieToken } from '../realtime/socket-cookie.ts';
import { useAccessKey } from '../access-keys/access-keys.repository.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { HttpError } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import type { ExecutionsRuntime } from './executions-runtime.ts';
import { useRedisAdapter } from '../realtime/redis-adapter.ts';

export const crudRoom = (projectId: string) => `executions-crud:${projectId}`;
export const statusRoom = (projectId: string) => `executions-status:${projectId}`;
/** Rooms that name a session, and a user subscribed to a project: revoking access finds the sockets on every server. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const memberRoom = (userId: string, projectId: string) => `member:${userId}:${projectId}`;

type Ack = (answer: { status: 'success' } | { status: 'error'; error: string }) => void;

/**
 * The execution channel (socket.io at /ws, spec 002 section 7). A client connects with its session
 * token (or a project access key) in the query or the auth object, then subscribes per project:
 * 'subscribeToExecutionCrud' answers with the whole list ('crudUpdate') and pushes it again after
 * every change; 'subscribeToExecutionStatus' receives the run manager's live status events.
 * Membership is checked at every subscription; a refused one gets 'subscriptionError'. With REDIS_URL
 * the rooms span every server (the Redis adapter): a run's status reaches its project's subscribers
 * whichever server runs it and whichever server they are connected to.
 */
export function attachExecutionSocket(ctx: AppContext, runtime: ExecutionsRuntime, server: HttpServer): Server {
  const io = new Server(server, {
    path: EXECUTION_SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
    // the other socket.io server on this HTTP server answers its own upgrades
    destroyUpgrade: false,
  });
  const clustered = Boolean(ctx.config.redisUrl);
  if (ctx.config.redisUrl) useRedisAdapter(io, server, { url: ctx.config.redisUrl, prefix: ctx.config.redisPrefix, channel: 'executions', log: ctx.log });

  io.use(async (socket, next) => {
    try {
      const auth = await authenticate(ctx, socket);
      if (!auth) return next(new Error('Unauthorized'));
      socket.data.auth = auth;
      next();
    } catch (err) {
      next(err as Error);
    }
  });

  io.on('connection', (socket) => {
    const auth = socket.data.auth as AuthContext;
    if (auth.sessionId) void socket.join(sessionRoom(auth.sessionId));
    const subscribe = (event: string, room: (p: string) => string, after?: (projectId: string) => Promise<void>) => {
      socket.on(event, async (arg: unknown, ack?: Ack) => {
        const projectId = projectIdOf(arg);
        const reply = typeof ack === 'function' ? ack : () => {};
        try {
          if (!projectId) throw new HttpError(400, 'projectId is required');
          await requireMember(ctx.db, socket.data.auth as AuthContext, projectId);
          await socket.join([room(projectId), memberRoom(auth.user.id, projectId)]);
          await after?.(projectId);
          reply({ status: 'success' });
        } catch (err) {
          const error = err instanceof HttpError ? err.message : 'Subscription failed';
          if (!(err instanceof HttpError)) ctx.log.error({ err }, 'execution subscription failed');
          socket.emit(EXECUTION_EVENTS.subscriptionError, { event, projectId, error });
          reply({ status: 'error', error });
        }
      });
    };
    subscribe(EXECUTION_EVENTS.subscribeCrud, crudRoom, async (projectId) => {
      socket.emit(EXECUTION_EVENTS.crudUpdate, await runtime.service.listOf(projectId));
    });
    subscribe(EXECUTION_EVENTS.subscribeStatus, statusRoom);
    const unsubscribe = (event: string, room: (p: string) => string) =>
      socket.on(event, async (arg: unknown, ack?: Ack) => {
        const projectId = projectIdOf(arg);
        if (projectId) await socket.leave(room(projectId));
        if (typeof ack === 'function') ack({ status: 'success' });
      });
    unsubscribe(EXECUTION_EVENTS.unsubscribeCrud, crudRoom);
    unsubscribe(EXECUTION_EVENTS.unsubscribeStatus, statusRoom);
  });

  const pushList = listPusher(ctx, runtime, io, clustered);
  const offList = runtime.hub.onListChanged(pushList);
  const offStatus = runtime.hub.onStatus(({ projectId, event, payload }) => io.to(statusRoom(projectId)).emit(event, payload));
  // A logged-out session loses its sockets; a member removed from a project leaves its rooms (on every server).
  const offRevoked = ctx.events.onAccessRevoked((r) => {
    if (r.sessionId) io.in(sessionRoom(r.sessionId)).disconnectSockets(true);
    else if (r.projectId) io.in(memberRoom(r.userId, r.projectId)).socketsLeave([crudRoom(r.projectId), statusRoom(r.projectId), memberRoom(r.userId, r.projectId)]);
  });
  server.once('close', () => {
    offList();
    offStatus();
    offRevoked();
  });
  return io;
}

/**
 * Pushes a project's whole list to its crud room. Changes that come while a list is being read are
 * folded into one more push, so the last push always carries the latest list. On one server the list
 * is read only when the room has sockets; `clustered`, they may be on another server: always.
 */
function listPusher(ctx: AppContext, runtime: ExecutionsRuntime, io: Server, clustered: boolean): (projectId: string) => void {
  const state = new Map<string, 'running' | 'again'>();
  const push = async (projectId: string): Promise<void> => {
    state.set(projectId, 'running');
    try {
      if (clustered || io.sockets.adapter.rooms.get(crudRoom(projectId))?.size) {
        io.to(crudRoom(projectId)).emit(EXECUTION_EVENTS.crudUpdate, await runtime.service.listOf(projectId));
      }
    } catch (err) {
      ctx.log.error({ err, projectId }, 'execution list not pushed');
    }
    if (state.get(projectId) === 'again') return push(projectId);
    state.delete(projectId);
  };
  return (projectId) => {
    if (state.has(projectId)) state.set(projectId, 'again');
    else void push(projectId);
  };
}

async function authenticate(ctx: AppContext, socket: Socket): Promise<AuthContext | null> {
  const q = socket.handshake.query;
  const header = socket.handshake.headers.authorization;
  const bearer = typeof header === 'string' && header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
  const token = String(socket.handshake.auth?.token ?? q.token ?? q.accessToken ?? (bearer || '')) || socketCookieToken(ctx, socket.handshake);
  if (!token) return null;
  if (token.startsWith(ACCESS_KEY_PREFIX)) {
    const found = await useAccessKey(ctx.db, token);
    return found ? { user: found.user, accessKeyProjectId: found.projectId } : null;
  }
  const found = await findUserBySessionToken(ctx.db, token);
  return found ? { user: found.user, sessionId: found.sessionId } : null;
}

/** The project id of a subscription: a string, or { projectId } / { project_id }. */
function projectIdOf(arg: unknown): string | null {
  const raw = typeof arg === 'string' ? arg : arg && typeof arg === 'object' ? ((arg as Record<string, unknown>).projectId ?? (arg as Record<string, unknown>).project_id) : null;
  return typeof raw === 'string' && raw.trim() && raw.length <= 64 ? raw.trim() : null;
}
