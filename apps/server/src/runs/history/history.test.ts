import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureGroupsResponse, HistoryListsResponse, RunReportDto, RunMarksResponse, ScenarioHistoryResponse, TestCaseResult } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectOk } from '../../test/assertions.ts';
import { iso, report, store, testCase } from '../runs-fixtures.ts';

/**
 * A fixture of 20 runs (each named differently) with 3 seeded flaky scenarios (one of them a row of
 * a Scenario Outline whose other row is stable, one passing only on a retry) and 2 regressions, among
 * stable scenarios, one that never passed, one fixed, and one that failed once: the history finds
 * exactly the flaky ones and the regressions, and marks each run's results.
 */

let server: TestServer;
let user: TestUser;
let projectId: string;
const runIds: string[] = [];

type Status = TestCaseResult['result']['status'];
const failedCase = (name: string, message: string, extra: Partial<TestCaseResult> = {}) =>
  testCase(name, 'FAILED', { ...extra, result: { status: 'FAILED', startTime: iso(0), endTime: iso(1000), message } });

/** The test cases of run i (0..19). */
function runCases(i: number): TestCaseResult[] {
  const pass = (name: string, extra: Partial<TestCaseResult> = {}) => testCase(name, 'PASSED', extra);
  const either = (name: string, failing: boolean, extra: Partial<TestCaseResult> = {}) =>
    failing ? failedCase(name, `Timeout 5000ms exceeded at /tmp/run-${i}/steps/cart.mjs\n    at clickButton (/tmp/run-${i}/steps/cart.mjs:${10 + i}:5)`, extra) : pass(name, extra);
  const cases: TestCaseResult[] = [];
  for (let s = 1; s <= 5; s++) cases.push(pass(`Stable ${s}`));
  cases.push(either('Never passed', true));
  cases.push(either('Fixed login', i < 10));
  cases.push(either('Failed once', i === 10));
  // Flaky: fails now and then.
  cases.push(either('Flaky checkout', [3, 8, 14].includes(i)));
  // An outline: the "hats" row is flaky, the "shoes" row is stable.
  cases.push(either('Search <term>', false, { parameters: { term: 'shoes' }, line: 20 }));
  cases.push(either('Search <term>', [5, 6, 12].includes(i), { parameters: { term: 'hats' }, line: 21 }));
  // Flaky: passes on its retry in run 7.
  if (i === 7) {
    cases.push(failedCase('Retried payment', 'card declined', { attempt: 0, line: 30 }));
    cases.push(pass('Retried payment', { attempt: 1, line: 30 }));
  } else cases.push(pass('Retried payment', { line: 30 }));
  // Regressions.
  cases.push(i >= 15 ? failedCase('Regressed basket', `expected ${i} items, got 0`) : pass('Regressed basket'));
  cases.push(i >= 18 ? failedCase('Regressed profile', 'Cannot read properties of undefined') : pass('Regressed profile'));
  return cases;
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user, { name: 'History' });
  for (let i = 0; i < 20; i++) {
    const branch = i === 15 ? 'feature/basket' : 'main';
    const cases = runCases(i);
    const stored = await store(server.ctx, projectId, report(cases, { name: `Nightly build #${1000 + i}`, branch, success: cases.every((c) => c.result.status === 'PASSED') }), {
      meta: { commit: `c0ffee${String(i).padStart(2, '0')}` },
    });
    runIds.push(stored.runId);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const names = (list: HistoryListsResponse['mostFlaky']) => list.map((s) => (s.example ? `${s.scenarioName} [${s.example}]` : s.scenarioName)).sort();

describe('scenario history over 20 runs', () => {
  it('finds exactly the 3 flaky scenarios and the 2 regressions', async () => {
    const res = await user.api.get<HistoryListsResponse>(`runs/history/lists?projectId=${projectId}&limit=50`);
    expectOk(res);
    expect(names(res.body.mostFlaky)).toEqual(['Flaky checkout', 'Retried payment', 'Search <term> [term=hats]']);
    expect(names(res.body.newlyFailing)).toEqual(['Regressed basket', 'Regressed profile']);
    // Newest failure first; each knows where its failures began.
    expect(res.body.newlyFailing.map((s) => s.scenarioName)).toEqual(['Regressed profile', 'Regressed basket']);
    const basket = res.body.newlyFailing[1];
    expect(basket.firstFailure).toMatchObject({ runId: runIds[15], branch: 'feature/basket', commit: 'c0ffee15' });
    expect(basket.failingStreak).toBe(5);
    expect(basket.recent).toBe('FFFFFPPPPPPPPPPPPPPP');
    expect(basket.passRate).toBe(0.75);
    // Flips and passes on retry are counted apart.
    const byName = new Map(res.body.mostFlaky.map((s) => [s.scenarioName + s.example, s]));
    expect(byName.get('Flaky checkout')).toMatchObject({ flips: 6, retryPasses: 0, flaky: true, flakinessScore: 0.3 });
    expect(byName.get('Retried payment')).toMatchObject({ flips: 0, retryPasses: 1, flaky: true, flakinessScore: 0.05 });
    expect(byName.get('Search <term>term=hats')).toMatchObject({ flips: 4, retryPasses: 0 });
    // Most flaky first.
    expect(res.body.mostFlaky[0].scenarioName).toBe('Flaky checkout');
  });

  it("marks each run's results: flaky, new failure, fixed, still failing", async () => {
    const marksOf = async (run: number) => {
      const res = await user.api.get<RunMarksResponse>(`runs/history/run-marks?runId=${runIds[run]}`);
      expectOk(res);
      const cases = await server.ctx.db.selectFrom('test_cases').select(['id', 'scenario_name', 'parameters']).where('run_id', '=', runIds[run]).execute();
      const nameOf = new Map(cases.map((c) => [c.id, c.scenario_name + (Object.values(c.parameters).join('') ? ` ${Object.values(c.parameters).join('')}` : '')]));
      return Object.fromEntries(res.body.marks.filter((m) => m.mark).map((m) => [nameOf.get(m.testCaseId), m.mark]));
    };
    expect(await marksOf(3)).toEqual({ 'Never passed': 'still_failing', 'Fixed login': 'still_failing', 'Flaky checkout': 'new_failure' });
    expect(await marksOf(7)).toMatchObject({ 'Retried payment': 'flaky', 'Search <term> hats': 'fixed' });
    // From its pass on a retry on, the payment scenario is flaky.
    expect(await marksOf(10)).toEqual({ 'Never passed': 'still_failing', 'Fixed login': 'fixed', 'Failed once': 'new_failure', 'Flaky checkout': 'flaky', 'Retried payment': 'flaky' });
    expect(await marksOf(11)).toEqual({ 'Never passed': 'still_failing', 'Failed once': 'fixed', 'Flaky checkout': 'flaky', 'Retried payment': 'flaky' });
    expect(await marksOf(15)).toMatchObject({ 'Regressed basket': 'new_failure', 'Search <term> hats': 'flaky', 'Retried payment': 'flaky' });
    expect(await marksOf(19)).toEqual({
      'Never passed': 'still_failing', 'Flaky checkout': 'flaky', 'Search <term> hats': 'flaky', 'Retried payment': 'flaky',
      'Regressed basket': 'still_failing', 'Regressed profile': 'still_failing',
    });
  });

  it("pages a scenario's history, newest first, across the runs' different names", async () => {
    const basket = await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runIds[19]).where('scenario_name', '=', 'Regressed basket').executeTakeFirstOrThrow();
    const first = await user.api.get<ScenarioHistoryResponse>(`runs/history/scenario?testCaseId=${basket.id}&limit=8`);
    expectOk(first);
    expect(first.body).toMatchObject({ total: 20, page: 0, pageCount: 3 });
    expect(first.body.results.map((r) => r.runId)).toEqual(runIds.slice(12).reverse());
    expect(first.body.results[0]).toMatchObject({ runName: 'Nightly build #1019', outcome: 'F', status: 'FAILED', mark: 'still_failing', commit: 'c0ffee19' });
    const last = await user.api.get<ScenarioHistoryResponse>(`runs/history/scenario?testCaseId=${basket.id}&limit=8&page=2`);
    expect(last.body.results.map((r) => r.runId)).toEqual(runIds.slice(0, 4).reverse());
    expect(last.body.results.every((r) => r.outcome === 'P')).toBe(true);
  });

  it('groups failures across runs by their normalised signature', async () => {
    const res = await user.api.get<{ groups: Array<{ message: string; step: string | null; frame: string | null; failures: number; scenarios: number; runs: number }> }>(
      `runs/history/failure-groups?projectId=${projectId}&days=1`,
    );
    expectOk(res);
    // The timeouts differ by run number, temp folder and line, in 4 scenarios: one group.
    const timeout = res.body.groups.find((g) => g.message.startsWith('Timeout'));
    expect(timeout).toMatchObject({
      message: 'Timeout <n>ms exceeded at <path>/cart.mjs',
      step: 'I open the shop',
      frame: 'clickButton (<path>/cart.mjs:<n>:<n>)',
      // Never passed 20, Fixed login 10, Failed once 1, Flaky checkout 3, hats 3.
      failures: 37,
      scenarios: 5,
      runs: 20,
    });
    expect(res.body.groups.find((g) => g.message === 'expected <n> items, got <n>')).toMatchObject({ failures: 5, scenarios: 1 });
    expect(res.body.groups.map((g) => g.message).sort()).toEqual(['Cannot read properties of undefined', 'Timeout <n>ms exceeded at <path>/cart.mjs', 'expected <n> items, got <n>']);
  });

  it('pages the failure groups, the most frequent first, each with its latest failure to open', async () => {
    const pageOf = (page: number) => user.api.get<FailureGroupsResponse>(`runs/history/failure-groups?projectId=${projectId}&days=1&page=${page}&pageSize=2`);
    const first = await pageOf(0);
    expectOk(first);
    expect(first.body).toMatchObject({ total: 3, page: 0, pageSize: 2, pageCount: 2 });
    expect(first.body.groups.map((g) => g.failures)).toEqual([37, 5]);
    const second = await pageOf(1);
    expect(second.body).toMatchObject({ total: 3, page: 1, pageCount: 2 });
    expect(second.body.groups).toHaveLength(1);
    const profile = await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runIds[19]).where('scenario_name', '=', 'Regressed profile').executeTakeFirstOrThrow();
    expect(second.body.groups[0]).toMatchObject({
      message: 'Cannot read properties of undefined',
      failures: 2,
      runs: 2,
      example: { runId: runIds[19], testCaseId: profile.id, scenarioName: 'Regressed profile', featurePath: 'features/cart.feature', example: '' },
    });
    // Past the last page: no groups, the same total.
    const past = await pageOf(2);
    expect(past.body).toMatchObject({ groups: [], total: 3, pageCount: 2 });
  });
});

describe('quarantine', () => {
  let qProject: string;
  const caseId = async (runId: string, name: string) =>
    (await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runId).where('scenario_name', '=', name).executeTakeFirstOrThrow()).id;
  const runRow = (runId: string) => server.ctx.db.selectFrom('runs').select(['status', 'scenarios_failed', 'scenarios_quarantined']).where('id', '=', runId).executeTakeFirstOrThrow();
  const statusOf = (c: TestCaseResult) => c.result.status as Status;

  beforeAll(async () => {
    qProject = await createProject(user, { name: 'Quarantine' });
  });

  it('keeps a flagged scenario running but out of the verdict, from the next run on', async () => {
    const cases = () => [testCase('Solid', 'PASSED'), failedCase('Known flaky', 'socket hang up')];
    const before = await store(server.ctx, qProject, report(cases()));
    expect(before.status).toBe('Failed');
    const flag = await user.api.post<{ scenario: { quarantined: boolean } }>('runs/history/quarantine', { testCaseId: await caseId(before.runId, 'Known flaky'), quarantined: true, reason: 'socket flake' });
    expectOk(flag);
    expect(flag.body.scenario.quarantined).toBe(true);

    const after = await store(server.ctx, qProject, report(cases()));
    expect(after).toMatchObject({ status: 'Passed', scenariosFailed: 0, totalScenarios: 2 });
    expect(await runRow(after.runId)).toEqual({ status: 'Passed', scenarios_failed: 0, scenarios_quarantined: 1 });
    const marks = await user.api.get<RunMarksResponse>(`runs/history/run-marks?runId=${after.runId}`);
    expect(marks.body.quarantinedFailures).toBe(1);
    expect(marks.body.marks.find((m) => m.quarantined)).toMatchObject({ testCaseId: await caseId(after.runId, 'Known flaky'), quarantineReason: 'socket flake' });
    // The run report counts it apart from the passed and the failed.
    const shown = await user.api.get<{ run: RunReportDto }>(`runs/cucumber-runs/get?runId=${after.runId}`);
    expectOk(shown);
    expect(shown.body.run.stats).toEqual({ totalScenarios: 2, scenariosPassed: 1, scenariosFailed: 0, scenariosQuarantined: 1 });
    // The runs list and the report show it passed.
    const list = await user.api.post<{ projectSummary: { reports: Array<{ id: string; status: string }> } }>('runs/project/getDetails', { projectId: qProject });
    expect(list.body.projectSummary.reports.find((r) => r.id === after.runId)?.status).toBe('Passed');

    // Another failure still fails the run.
    const other = await store(server.ctx, qProject, report([failedCase('Solid', 'broken'), failedCase('Known flaky', 'socket hang up')]));
    expect(other).toMatchObject({ status: 'Failed', scenariosFailed: 1 });

    // Lifted: it counts again.
    await user.api.post('runs/history/quarantine', { testCaseId: await caseId(after.runId, 'Known flaky'), quarantined: false });
    const lifted = await store(server.ctx, qProject, report(cases()));
    expect(lifted.status).toBe('Failed');
    expect((await runRow(lifted.runId)).scenarios_quarantined).toBe(0);
  });

  it('quarantines a scenario tagged @quarantine', async () => {
    const tagged = failedCase('Tagged flaky', 'flake', { tags: ['@quarantine'] });
    const run = await store(server.ctx, qProject, report([testCase('Tagged solid', 'PASSED'), tagged]));
    expect(statusOf(tagged)).toBe('FAILED');
    expect(run.status).toBe('Passed');
    const history = await user.api.get<ScenarioHistoryResponse>(`runs/history/scenario?testCaseId=${await caseId(run.runId, 'Tagged flaky')}`);
    expect(history.body.scenario.quarantined).toBe(true);
    expect(history.body.results[0]).toMatchObject({ quarantined: true, outcome: 'F' });
  });
});
