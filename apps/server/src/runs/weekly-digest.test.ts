import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { report, store, testCase } from './runs-fixtures.ts';
import { digestRecipients, previousWeek, sendWeeklyDigests } from './weekly-digest.ts';

describe('previousWeek', () => {
  it('is the ISO week (Monday to Sunday, UTC) before the one given', () => {
    for (const [now, key, start, end] of [
      ['2026-11-23T07:00:00Z', '2026-W47', '2026-11-16', '2026-11-22'],
      ['2026-11-29T23:59:00Z', '2026-W47', '2026-11-16', '2026-11-22'],
      ['2027-01-04T07:00:00Z', '2026-W53', '2026-12-28', '2027-01-03'],
      ['2026-01-05T00:00:00Z', '2026-W01', '2025-12-29', '2026-01-04'],
    ]) {
      const week = previousWeek(new Date(now));
      expect([week.key, week.start.toISOString().slice(0, 10), week.end.toISOString()], now).toEqual([key, start, `${end}T23:59:59.999Z`]);
    }
  });
});

describe('digestRecipients', () => {
  it('takes a list or text, drops what is not an address, and each address once', () => {
    expect(digestRecipients({ weeklyEmailUpdatesTo: 'qa@shop.test, Lead@Shop.test;qa@shop.test  nobody' })).toEqual(['qa@shop.test', 'lead@shop.test']);
    expect(digestRecipients({ weeklyEmailUpdatesTo: ['a@b.test', 7, ''] })).toEqual(['a@b.test']);
    expect(digestRecipients({})).toEqual([]);
    expect(digestRecipients(null)).toEqual([]);
  });
});

describe('sendWeeklyDigests', () => {
  let server: TestServer;
  let alice: TestUser;
  let project: string;
  let quiet: string;
  /** A week later: "last week" is this one, with the runs stored by the test. */
  const nextWeek = () => new Date(Date.now() + 7 * 86_400_000);
  const outbox = (to: string) => server.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();

  beforeAll(async () => {
    server = await startTestServer();
    alice = await signUpUser(server.baseUrl, { firstname: 'Alice', lastname: 'Smith' });
    project = await createProject(alice, { name: 'Shop' });
    quiet = await createProject(alice, { name: 'Quiet' });
    expectOk(
      await alice.api.post('auth/updateDashboardPersonalizationInfo', {
        project_id: project,
        dashboardPersonalizationInfo: { weeklyEmailUpdatesTo: 'qa@shop.test, lead@shop.test', hourlyRateForTestEngineer: 50 },
      }),
    );
    await store(server.ctx, project, report([testCase('Checkout', 'PASSED'), testCase('Search', 'FAILED')]));
    await store(server.ctx, project, report([testCase('Checkout', 'PASSED'), testCase('Search', 'FAILED'), testCase('Login', 'FAILED')]));
  });
  afterAll(() => server?.close());

  it('mails last week’s summary of a project to each of its recipients', async () => {
    const done = await sendWeeklyDigests(server.ctx, nextWeek());
    expect(done).toEqual({ projects: 1, mails: 2 });
    for (const to of ['qa@shop.test', 'lead@shop.test']) {
      const [mail] = await outbox(to);
      expect(mail.subject).toBe(`Stepwise weekly summary: Shop, ${previousWeek(nextWeek()).key}`);
      expect(mail.text_body).toContain('Runs: 2 (0 passed, 2 failed, 0% passed)');
      expect(mail.text_body).toContain('Scenarios run: 5');
      expect(mail.text_body).toMatch(/Scenarios that failed most:\n- Search \([^)]*\): 2 failures\n- Login \([^)]*\): 1 failure\n/);
    }
  });

  it('sends a week once, however often it runs; a project without recipients gets none', async () => {
    expect(await sendWeeklyDigests(server.ctx, nextWeek())).toEqual({ projects: 0, mails: 0 });
    expect(await outbox('qa@shop.test')).toHaveLength(1);
    const rows = await server.ctx.db.selectFrom('weekly_digests').selectAll().execute();
    expect(rows.map((r) => [r.project_id, r.recipients])).toEqual([[project, 2]]);
    expect(rows.some((r) => r.project_id === quiet)).toBe(false);
  });
});
