import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { signUpUser } from '../test/factories.ts';
import { purgeStaleAuthRows } from './housekeeping.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_WINDOW_MINUTES: '15' });
});
afterAll(() => server.close());

describe('sign-in housekeeping', () => {
  it('deletes expired sessions and sign-in counters whose window ended, and keeps the rest', async () => {
    const { db } = server.ctx;
    const live = await signUpUser(server.baseUrl);
    const gone = await signUpUser(server.baseUrl);
    await db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', gone.userId).execute();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await db
      .insertInto('login_failures')
      .values([
        { key: 'pair:198.51.100.1|old@example.com', count: 5, window_start: minutesAgo(16), not_before: null },
        { key: 'account:old@example.com', count: 9, window_start: minutesAgo(60), not_before: minutesAgo(55) },
        { key: 'pair:198.51.100.2|now@example.com', count: 5, window_start: minutesAgo(14), not_before: null },
      ])
      .execute();

    expect(await purgeStaleAuthRows(server.ctx)).toEqual({ loginCounters: 2 });

    const sessions = await db.selectFrom('sessions').select('user_id').where('user_id', 'in', [live.userId, gone.userId]).execute();
    expect(sessions.map((s) => s.user_id)).toEqual([live.userId]);
    const counters = await db.selectFrom('login_failures').select('key').where('key', 'like', '%@example.com').execute();
    expect(counters.map((c) => c.key)).toEqual(['pair:198.51.100.2|now@example.com']);
    // The live session still signs in; the purge is idempotent.
    expect((await live.api.get('auth/getNonIamUserByToken')).status).toBe(200);
    expect(await purgeStaleAuthRows(server.ctx)).toEqual({ loginCounters: 0 });
  });
});
