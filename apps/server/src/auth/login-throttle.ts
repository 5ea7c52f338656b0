import type { Db } from '../db/database.ts';

/**
 * Counts failed sign-ins per key (account, IP) in a fixed window, in the database so that
 * every server instance sees the same counts.
 */
export class LoginThrottle {
  private readonly db: Db;
  private readonly max: number;
  private readonly windowMs: number;
  constructor(db: Db, max: number, windowMs: number) {
    this.db = db;
    this.max = max;
    this.windowMs = windowMs;
  }

  /** An account is blocked after `max` failures; an IP, shared by many people, after ten times that. */
  async isBlocked(keys: string[]): Promise<boolean> {
    const since = new Date(Date.now() - this.windowMs);
    const rows = await this.db
      .selectFrom('login_failures')
      .select(['key', 'count'])
      .where('key', 'in', keys)
      .where('window_start', '>', since)
      .execute();
    return rows.some((r) => r.count >= (r.key.startsWith('ip:') ? this.max * 10 : this.max));
  }

  async recordFailure(keys: string[]): Promise<void> {
    const now = new Date();
    const since = new Date(now.getTime() - this.windowMs);
    for (const key of keys) {
      await this.db
        .insertInto('login_failures')
        .values({ key, count: 1, window_start: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb.case().when('login_failures.window_start', '>', since).then(eb('login_failures.count', '+', 1)).else(1).end(),
            window_start: eb.case().when('login_failures.window_start', '>', since).then(eb.ref('login_failures.window_start')).else(now).end(),
          })),
        )
        .execute();
    }
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', 'in', keys).execute();
  }
}
