import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNS_MESSAGES, savings, type DashboardDataDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { iso, report, store, testCase } from './runs-fixtures.ts';

let server: TestServer;
let user: TestUser;
let projectId: string;

/** Moves a run (and its test cases) to an exact publish time. */
async function publishAt(runId: string, at: string) {
  await server.ctx.db.updateTable('runs').set({ publish_time: at }).where('id', '=', runId).execute();
  await server.ctx.db.updateTable('test_cases').set({ publish_time: at }).where('run_id', '=', runId).execute();
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'Dashboard' });
  const ctx = server.ctx;
  // January: A and B seen for the first time (late on the 10th, UTC).
  const r1 = await store(ctx, projectId, report([testCase('A', 'PASSED'), testCase('B', 'PASSED')], { startTime: iso(0), endTime: iso(30_000) }));
  await publishAt(r1.runId, '2025-01-10T23:30:00.000Z');
  // 1 February: a failed run; C fails (the AI could not fix it, a root cause was found), D was fixed by the AI.
  const r2 = await store(ctx, projectId, report([
    testCase('A', 'PASSED'),
    testCase('C', 'FAILED', { retrainStats: { result: 'failed', upload_id: null } }),
    testCase('D', 'PASSED', { retrainStats: { result: 'fixed', upload_id: 'u1' } }),
  ]));
  await publishAt(r2.runId, '2025-02-01T10:00:00.000Z');
  await server.ctx.db.updateTable('test_cases').set({ analysis: JSON.stringify('The login timed out'), analysis_issue: 'ISSUE-1' })
    .where('run_id', '=', r2.runId).where('scenario_name', '=', 'C').execute();
  // 2 February: passes; C's first attempt (fixed by the AI) was superseded by its retry and does not count.
  const r3 = await store(ctx, projectId, report([
    testCase('A', 'PASSED'),
    testCase('C', 'FAILED', { attempt: 0, retrainStats: { result: 'fixed', upload_id: 'u2' } }),
    testCase('C', 'PASSED', { attempt: 1 }),
  ], { success: true }));
  await publishAt(r3.runId, '2025-02-02T10:00:00.000Z');
});
afterAll(() => server.close());

const metadata = async (start: string, end: string, extra = '') => {
  const res = await user.api.request('GET', `runs/project/getProjectMetadata?projectId=${projectId}&startDate=${start}&endDate=${end}${extra}`, undefined, { 'x-source': 'main-app' });
  expectOk(res);
  return res.body as DashboardDataDto;
};

describe('GET runs/project/getProjectMetadata', () => {
  it('counts the runs, time, scenarios, AI recoveries and root-cause analyses of the period', async () => {
    expect(await metadata('2025-02-01', '2025-02-28')).toEqual({
      status: 'success',
      passedExecutionsCount: 1,
      failedExecutionsCount: 1,
      totalExecutionTime: 120,
      scenariosRun: 5,
      // C and D were first run in February; A and B in January.
      createdScenariosCount: 2,
      mutatedScenariosCount: 2,
      aiRecoveryCount: 1,
      rcaCount: 1,
      series: [
        { date: '2025-02-01', passed: 0, failed: 1, executionTime: 60 },
        { date: '2025-02-02', passed: 1, failed: 0, executionTime: 60 },
      ],
    });
  });

  it('takes both ends of the period, as dates or instants', async () => {
    const january = await metadata('2025-01-01', '2025-01-31');
    expect(january).toMatchObject({ passedExecutionsCount: 1, failedExecutionsCount: 0, totalExecutionTime: 30, createdScenariosCount: 2, aiRecoveryCount: 0, rcaCount: 0 });
    expect(january.series).toEqual([{ date: '2025-01-10', passed: 1, failed: 0, executionTime: 30 }]);
    expect(await metadata('2025-01-01', '2025-02-28')).toMatchObject({ passedExecutionsCount: 2, failedExecutionsCount: 1, createdScenariosCount: 4, scenariosRun: 7 });
    expect(await metadata('2025-02-01T10:00:00.000Z', '2025-02-01T10:00:00.000Z')).toMatchObject({ failedExecutionsCount: 1, passedExecutionsCount: 0 });
    expect(await metadata('2025-02-01T10:00:00.001Z', '2025-02-02T09:59:59.999Z')).toMatchObject({ failedExecutionsCount: 0, passedExecutionsCount: 0, series: [] });
    expect(await metadata('2024-01-01', '2024-12-31')).toMatchObject({ passedExecutionsCount: 0, totalExecutionTime: 0, createdScenariosCount: 0, series: [] });
  });

  it('lays the series on the caller’s days', async () => {
    const east = await metadata('2025-01-01', '2025-01-31', '&tzOffsetMinutes=60');
    expect(east.series.map((s) => s.date)).toEqual(['2025-01-11']);
    const west = await metadata('2025-01-01', '2025-01-31', '&tzOffsetMinutes=-300');
    expect(west.series.map((s) => s.date)).toEqual(['2025-01-10']);
  });

  it('gives what the savings need', async () => {
    const data = await metadata('2025-02-01', '2025-02-28');
    // maintenance 2 x 1 + creation 3.75 x 2 + analysis 2 x 1 = 11.5 hours, at 50 an hour.
    expect(savings({}, data)).toMatchObject({ hours: { total: 11.5 }, budget: 575 });
  });

  it('refuses a period that is not one', async () => {
    for (const [start, end] of [['2025-02-02', '2025-02-01'], ['yesterday', '2025-02-01'], ['2025-02-01', '2025-13-45'], ['2000-01-01', '2025-01-01']]) {
      const res = await user.api.get(`runs/project/getProjectMetadata?projectId=${projectId}&startDate=${start}&endDate=${end}`);
      expectError(res, 400, RUNS_MESSAGES.invalidPeriod);
    }
    expectError(await user.api.get(`runs/project/getProjectMetadata?projectId=${projectId}&startDate=2025-01-01`), 400);
    expectError(await user.api.get(`runs/project/getProjectMetadata?projectId=${projectId}&startDate=2025-01-01&endDate=2025-01-02&tzOffsetMinutes=9999`), 400);
  });
});
