import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { TRACKED_EVENTS } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { findUserBySessionToken } from '../auth/session.repository.ts';
import { findMembership } from '../projects/projects.repository.ts';

export const SOCKET_PATH = '/api/storage/ws/socket.io';

/**
 * socket.io channel: clients connect with their session token and project id in the query,
 * join the room of that project (members only) and receive only that project's events.
 */
export function attachRealtime(ctx: AppContext, server: HttpServer): Server {
  const io = new Server(server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  io.use(async (socket, next) => {
    try {
      const q = socket.handshake.query;
      const token = String(socket.handshake.auth?.token ?? q.token ?? '');
      const projectId = String(socket.handshake.auth?.projectId ?? q.projectId ?? q.project_id ?? '');
      const found = token ? await findUserBySessionToken(ctx.db, token) : null;
      if (!found) return next(new Error('Unauthorized'));
      if (projectId && !(await findMembership(ctx.db, projectId, found.user.id))) return next(new Error('Forbidden'));
      socket.data.userId = found.user.id;
      socket.data.projectId = projectId || null;
      next();
    } catch (err) {
      next(err as Error);
    }
  });
  io.on('connection', (socket) => {
    if (socket.data.projectId) void socket.join(`project:${socket.data.projectId}`);
    socket.on('event', async (payload: { event?: string }) => {
      const event = String(payload?.event ?? '');
      if (!(TRACKED_EVENTS as readonly string[]).includes(event)) return;
      await ctx.db
        .insertInto('usage_events')
        .values({ user_id: socket.data.userId, project_id: socket.data.projectId, event })
        .execute()
        .catch((err) => ctx.log.warn({ err }, 'usage event not stored'));
      if (socket.data.projectId) io.to(`project:${socket.data.projectId}`).emit(event, { event });
    });
  });
  return io;
}

/** Sends an event to every client of one project. */
export function emitToProject(io: Server, projectId: string, event: string, payload: unknown): void {
  io.to(`project:${projectId}`).emit(event, payload);
}
