import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** One sign-in counter (an account, an address, or the pair of both). */
export interface LoginCounter {
  key: string;
  count: number;
  window_start: Date;
  not_before: Date | null;
}

/**
 * Reads the counters of `keys` locked for one transaction (missing ones made empty), lets `decide`
 * look at them, and writes the counters it returns. Two sign-ins on the same keys run one after the
 * other here, so each sees what the other counted. Keys are locked in sorted order (no deadlock).
 */
export async function withLockedCounters<T>(
  db: Db,
  keys: string[],
  decide: (counters: Map<string, LoginCounter>) => { result: T; write: LoginCounter[] },
): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_failures')
      .values(sorted.map((key) => ({ key, count: 0, window_start: new Date(), not_before: null })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await trx.selectFrom('login_failures').selectAll().where('key', 'in', sorted).orderBy('key').forUpdate().execute();
    const { result, write } = decide(new Map(rows.map((r) => [r.key, r])));
    for (const c of write) {
      await trx
        .updateTable('login_failures')
        .set({ count: c.count, window_start: c.window_start, not_before: c.not_before })
        .where('key', '=', c.key)
        .execute();
    }
    return result;
  });
}

/** Gives back one counted attempt of `key` (a sign-in that turned out right). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function clearCounters(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Deletes the counters whose window began before `before`: read as empty anyway (login-throttle.ts). */
export async function deleteStaleCounters(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
