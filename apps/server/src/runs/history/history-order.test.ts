import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryListsResponse, RunMarksResponse, ScenarioHistoryResponse, TestCaseResult } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectError, expectOk } from '../../test/assertions.ts';
import { report, store, testCase } from '../runs-fixtures.ts';
import { deleteRuns } from './history-replay.ts';

/**
 * The history follows the order the runs started, not the order they were stored in: runs stored
 * concurrently or late take their place by start time (stats and marks replayed). Deleting runs
 * replays the stats and marks of their scenarios.
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

const at = (hour: number) => `2025-04-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const pass = () => testCase('Checkout', 'PASSED');
const fail = () => testCase('Checkout', 'FAILED');
/** A run of the Checkout scenario (and a stable one) that started at `hour`. */
const runAt = (projectId: string, hour: number, checkout: () => TestCaseResult) =>
  store(server.ctx, projectId, report([checkout(), testCase('Stable', 'PASSED')], { name: `Run at ${hour}`, startTime: at(hour), endTime: at(hour) }));

const caseOf = async (runId: string, name = 'Checkout') =>
  (await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runId).where('scenario_name', '=', name).executeTakeFirstOrThrow()).id;

async function historyOf(testCaseId: string): Promise<ScenarioHistoryResponse> {
  const res = await user.api.get<ScenarioHistoryResponse>(`runs/history/scenario?testCaseId=${testCaseId}`);
  expectOk(res);
  return res.body;
}

async function markOf(runId: string): Promise<string | null> {
  const res = await user.api.get<RunMarksResponse>(`runs/history/run-marks?runId=${runId}`);
  expectOk(res);
  const id = await caseOf(runId);
  return res.body.marks.find((m) => m.testCaseId === id)?.mark ?? null;
}

async function newlyFailing(projectId: string): Promise<string[]> {
  const res = await user.api.get<HistoryListsResponse>(`runs/history/lists?projectId=${projectId}`);
  expectOk(res);
  return res.body.newlyFailing.map((s) => s.scenarioName);
}

describe('history order', () => {
  it('places a run stored after a later-started one by its start time', async () => {
    const projectId = await createProject(user, { name: 'Late upload' });
    const first = await runAt(projectId, 8, pass);
    const latest = await runAt(projectId, 10, pass);
    // Started at 9, stored last: it failed between the two passes.
    const late = await runAt(projectId, 9, fail);

    const h = await historyOf(await caseOf(latest.runId));
    expect(h.results.map((r) => r.runId)).toEqual([latest.runId, late.runId, first.runId]);
    expect(h.results.map((r) => r.startedAt)).toEqual([at(10), at(9), at(8)]);
    expect(h.scenario).toMatchObject({ recent: 'PFP', lastRunId: latest.runId, lastStatus: 'PASSED', failingStreak: 0, firstFailure: null, flips: 2 });
    // Marks as if stored in order: the late failure is new, the later pass fixed it.
    expect(await markOf(late.runId)).toBe('new_failure');
    expect(await markOf(latest.runId)).toBe('fixed');
    expect(await newlyFailing(projectId)).toEqual([]);
  });

  it('orders runs stored concurrently by start time, whichever commits first', async () => {
    const projectId = await createProject(user, { name: 'Concurrent' });
    await runAt(projectId, 6, pass);
    const [later, earlier] = await Promise.all([runAt(projectId, 12, fail), runAt(projectId, 11, pass)]);
    const h = await historyOf(await caseOf(later.runId));
    expect(h.results.map((r) => r.runId)).toEqual([later.runId, earlier.runId, h.results[2].runId]);
    expect(h.scenario).toMatchObject({ recent: 'FPP', lastRunId: later.runId, failingStreak: 1, firstFailure: { runId: later.runId } });
    expect(await markOf(later.runId)).toBe('new_failure');
    expect(await markOf(earlier.runId)).toBeNull();
    expect(await newlyFailing(projectId)).toEqual(['Checkout']);
  });
});

describe('deleting runs', () => {
  it("replays the stats and marks of the deleted runs' scenarios", async () => {
    const projectId = await createProject(user, { name: 'Deleted runs' });
    const one = await runAt(projectId, 1, pass);
    const two = await runAt(projectId, 2, fail);
    const three = await runAt(projectId, 3, pass);
    const four = await runAt(projectId, 4, fail);
    expect((await historyOf(await caseOf(one.runId))).scenario).toMatchObject({ recent: 'FPFP', flips: 3, flaky: true, failingStreak: 1 });
    expect(await markOf(three.runId)).toBe('fixed');

    // The last failure and the one between the passes go: two passes are left, nothing is failing.
    expect(await deleteRuns(server.ctx, [four.runId, two.runId])).toBe(2);
    const h = await historyOf(await caseOf(one.runId));
    expect(h.total).toBe(2);
    expect(h.scenario).toMatchObject({ recent: 'PP', flips: 0, flaky: false, flakinessScore: 0, failingStreak: 0, firstFailure: null, lastRunId: three.runId, lastStatus: 'PASSED' });
    expect(await markOf(three.runId)).toBeNull();
    const stable = await historyOf(await caseOf(one.runId, 'Stable'));
    expect(stable.scenario).toMatchObject({ recent: 'PP', lastRunId: three.runId });

    // The last run of a scenario gone: its stats go too.
    expect(await deleteRuns(server.ctx, [one.runId, three.runId])).toBe(2);
    expect(await server.ctx.db.selectFrom('scenario_stats').select('history_key').where('project_id', '=', projectId).execute()).toEqual([]);
    expectError(await user.api.get(`runs/history/lists?projectId=${projectId}&limit=0`), 400);
  });

  it('a deleted failing run takes its scenario off the newly failing list', async () => {
    const projectId = await createProject(user, { name: 'Deleted regression' });
    await runAt(projectId, 1, pass);
    const broken = await runAt(projectId, 2, fail);
    expect(await newlyFailing(projectId)).toEqual(['Checkout']);
    await deleteRuns(server.ctx, [broken.runId]);
    expect(await newlyFailing(projectId)).toEqual([]);
  });
});
