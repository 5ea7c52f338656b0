import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { TRACKED_EVENTS } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { findUserBySessionToken } from '../auth/session.repository.ts';
import { socketCookieToken } from './socket-cookie.ts';
import { findMembership } from '../projects/projects.repository.ts';
import { recordUsageEvent } from '../logs/logs.service.ts';
import { attachRecorderSocket } from '../recorder/recorder-socket.ts';
import { useRedisAdapter } from './redis-adapter.ts';

export const SOCKET_PATH = '/api/storage/ws/socket.io';

const room = (projectId: string) => `project:${projectId}`;
/** Rooms that name a session, and a user in a project: revoking access finds the sockets on every server. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const memberRoom = (userId: string, projectId: string) => `member:${userId}:${projectId}`;

/**
 * socket.io channel: clients connect with their session token and project id in the query,
 * join the room of that project (members only) and receive only that project's events, whether
 * they were sent by another socket or posted to storage/event. With REDIS_URL the rooms span every
 * server (the Redis adapter): an event reaches the project's sockets whichever server they are on.
 */
export function attachRealtime(ctx: AppContext, server: HttpServer): Server {
  const io = new Server(server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  if (ctx.config.redisUrl) useRedisAdapter(io, server, { url: ctx.config.redisUrl, prefix: ctx.config.redisPrefix, channel: 'storage', log: ctx.log });
  io.use(async (socket, next) => {
    try {
      const q = socket.handshake.query;
      const token = String(socket.handshake.auth?.token ?? q.token ?? '') || socketCookieToken(ctx, socket.handshake);
      const projectId = String(socket.handshake.auth?.projectId ?? q.projectId ?? q.project_id ?? '');
      const found = token ? await findUserBySessionToken(ctx.db, token) : null;
      if (!found) return next(new Error('Unauthorized'));
      if (projectId && !(await findMembership(ctx.db, projectId, found.user.id))) return next(new Error('Forbidden'));
      socket.data.userId = found.user.id;
      socket.data.sessionId = found.sessionId;
      socket.data.projectId = projectId || null;
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => {
    void socket.join(sessionRoom(socket.data.sessionId));
    if (socket.data.projectId) void socket.join([room(socket.data.projectId), memberRoom(socket.data.userId, socket.data.projectId)]);
    attachRecorderSocket(ctx, socket);
    socket.on('event', async (payload: { event?: string }) => {
      const event = String(payload?.event ?? '');
      if (!(TRACKED_EVENTS as readonly string[]).includes(event)) return;
      await recordUsageEvent(ctx, socket.data.userId, socket.data.projectId, event).catch((err) =>
        ctx.log.warn({ err }, 'usage event not stored'),
      );
    });
  });
  const unsubscribe = ctx.events.subscribe(({ projectId, event }) => io.to(room(projectId)).emit(event, { event, projectId }));
  // A logged-out session, or a member removed from the project, keeps no open socket (on any server).
  const stopRevoking = ctx.events.onAccessRevoked((r) => {
    if (r.sessionId) io.in(sessionRoom(r.sessionId)).disconnectSockets(true);
    if (r.projectId) io.in(memberRoom(r.userId, r.projectId)).disconnectSockets(true);
  });
  server.once('close', () => {
    unsubscribe();
    stopRevoking();
  });
  return io;
}
