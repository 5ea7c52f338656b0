import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import { deleteStaleCounters } from './login-failures.repository.ts';
import { deleteExpiredSessions } from './session.repository.ts';

/** Hourly, at a minute no other job of the server uses. */
export const AUTH_HOUSEKEEPING_CRON = '23 * * * *';

/**
 * Deletes what sign-in leaves behind once it means nothing: sessions past their expiry (a revoked one
 * goes when it would have expired) and sign-in counters whose window has ended (read as empty by the
 * throttle). Every server may run it: the deletes are idempotent.
 */
export async function purgeStaleAuthRows(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<{ loginCounters: number }> {
  await deleteExpiredSessions(ctx.db);
  const loginCounters = await deleteStaleCounters(ctx.db, new Date(now.getTime() - ctx.config.loginWindowMs));
  return { loginCounters };
}

/** Runs purgeStaleAuthRows every hour; answers a stop function. */
export function scheduleAuthHousekeeping(ctx: AppContext): () => void {
  const job = new Cron(AUTH_HOUSEKEEPING_CRON, { timezone: 'UTC', protect: true, unref: true }, async () => {
    await purgeStaleAuthRows(ctx).then(
      (done) => ctx.log.debug(done, 'stale sign-in rows deleted'),
      (err) => ctx.log.error({ err }, 'deleting stale sign-in rows failed'),
    );
  });
  return () => job.stop();
}
