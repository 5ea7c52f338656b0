import type { AppContext } from '../context.ts';
import { revokeSession } from './session.repository.ts';

/** Ends a session: revoked, dropped from every server's cache before this returns, and its open sockets told. */
export async function endSession(ctx: AppContext, sessionId: string, userId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId);
  await ctx.caches.changed({ kind: 'session', sessionId });
  ctx.events.revokeAccess({ userId, sessionId });
}
