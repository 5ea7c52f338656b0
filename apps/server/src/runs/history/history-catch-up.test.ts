import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryListsResponse, RunMarksResponse } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectOk } from '../../test/assertions.ts';
import { report, store, testCase } from '../runs-fixtures.ts';
import { historyPassesSettled, historyRecorded, sweepHistory } from './history-catch-up.ts';

/**
 * The scenario history is recorded after a run's commit: the run is marked pending in its own
 * transaction, recorded in the background, and every read of the history, the start's sweep and
 * the periodic one record what is still pending (what a crash left out).
 */

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
});

afterAll(async () => {
  await server?.close();
});

const pendingOf = async (runId: string) =>
  (await server.ctx.db.selectFrom('runs').select('history_pending').where('id', '=', runId).executeTakeFirstOrThrow()).history_pending;
const resultsOf = async (runId: string) =>
  Number((await server.ctx.db.selectFrom('scenario_results').select((e) => e.fn.countAll().as('n')).where('run_id', '=', runId).executeTakeFirstOrThrow()).n);

/** What a crash between a run's commit and its history leaves: the run pending, no results, the stats of before. */
async function asIfCrashed(runId: string, projectId: string): Promise<void> {
  await server.ctx.db.deleteFrom('scenario_results').where('run_id', '=', runId).execute();
  await server.ctx.db.deleteFrom('scenario_stats').where('project_id', '=', projectId).execute();
  await server.ctx.db.updateTable('runs').set({ history_pending: true }).where('id', '=', runId).execute();
}

describe('history recorded after the commit', () => {
  it('records a stored run once its answer is given, and marks it recorded', async () => {
    const projectId = await createProject(user, { name: 'After commit' });
    const { runId } = await store(server.ctx, projectId, report([testCase('Login', 'PASSED'), testCase('Checkout', 'FAILED')]));
    await historyPassesSettled(server.ctx);
    expect(await pendingOf(runId)).toBe(false);
    expect(await resultsOf(runId)).toBe(2);
  });

  it('a read of the history sees every run stored before it', async () => {
    const projectId = await createProject(user, { name: 'Read after write' });
    const { runId } = await store(server.ctx, projectId, report([testCase('Checkout', 'FAILED')]));
    await historyPassesSettled(server.ctx);
    await asIfCrashed(runId, projectId);
    const res = await user.api.get<HistoryListsResponse>(`runs/history/lists?projectId=${projectId}`);
    expectOk(res);
    expect(await pendingOf(runId)).toBe(false);
    expect(await resultsOf(runId)).toBe(1);
    const marks = await user.api.get<RunMarksResponse>(`runs/history/run-marks?runId=${runId}`);
    expectOk(marks);
    expect(marks.body.marks).toHaveLength(1);
  });

  it('the sweep records the runs a crash left pending, in the order they started', async () => {
    const projectId = await createProject(user, { name: 'Swept' });
    const at = (hour: number) => `2025-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const early = await store(server.ctx, projectId, report([testCase('Checkout', 'FAILED')], { name: 'Early', startTime: at(8), endTime: at(8) }));
    const late = await store(server.ctx, projectId, report([testCase('Checkout', 'PASSED')], { name: 'Late', startTime: at(9), endTime: at(9) }));
    await historyPassesSettled(server.ctx);
    await asIfCrashed(early.runId, projectId);
    await asIfCrashed(late.runId, projectId);
    await sweepHistory(server.ctx);
    expect(await pendingOf(early.runId)).toBe(false);
    expect(await pendingOf(late.runId)).toBe(false);
    const stats = await server.ctx.db.selectFrom('scenario_stats').select(['recent', 'last_run_id']).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    // Newest first: the pass after the failure.
    expect(stats).toEqual({ recent: 'PF', last_run_id: late.runId });
  });

  it('records nothing twice when passes race', async () => {
    const projectId = await createProject(user, { name: 'Raced' });
    const { runId } = await store(server.ctx, projectId, report([testCase('Login', 'PASSED')]));
    await Promise.all([historyRecorded(server.ctx, projectId), historyRecorded(server.ctx, projectId), sweepHistory(server.ctx)]);
    expect(await resultsOf(runId)).toBe(1);
    expect(await pendingOf(runId)).toBe(false);
  });
});
