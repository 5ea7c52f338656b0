import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RUNS_MESSAGES, type RunListRow, type RunReportDto, type TestCaseReportDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { backdate, report, step, store, testCase } from './runs-fixtures.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;
let otherProject: string;
let projectKey: string;
let foreignKey: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Runs' });
  await addMemberToProject(admin, member, projectId);
  otherProject = await createProject(outsider, { name: 'Elsewhere' });
  projectKey = (await createAccessKey(admin, projectId)).token;
  foreignKey = (await createAccessKey(outsider, otherProject)).token;
});
afterAll(() => server.close());

const names = (rows: RunListRow[]) => rows.map((r) => r.name);

describe('runs list: POST runs/project/getDetails and GET runs/project/dashboardDetails', () => {
  let project: string;
  const ids: Record<string, string> = {};
  const list = (body: Record<string, unknown>) => admin.api.post('runs/project/getDetails', { projectId: project, ...body });

  beforeAll(async () => {
    project = await createProject(admin, { name: 'Listed' });
    const ctx = server.ctx;
    // Stored oldest first: publish times increase.
    ids.old = (await store(ctx, project, report([testCase('A', 'PASSED')], { name: 'Ancient run' }))).runId;
    ids.week = (await store(ctx, project, report([testCase('A', 'FAILED')], { name: 'Last week' }))).runId;
    ids.nightly = (await store(ctx, project, report([testCase('A', 'PASSED'), testCase('B', 'PASSED')], { name: 'Nightly 100%' }))).runId;
    ids.checkout = (
      await store(ctx, project, report([testCase('A', 'FAILED')], { name: 'Checkout smoke', branch: 'feature/pay', username: 'Bob', env: { name: 'prod', baseUrl: null }, mode: 'local', startTime: null, endTime: null }), { type: 'local' })
    ).runId;
    ids.single = (await store(ctx, project, report([testCase('A', 'PASSED')], { name: 'One scenario' }), { type: 'scenario' })).runId;
    // Stored as Passed (nothing failed) but one scenario was skipped: shown as Failed (spec 2.4).
    ids.skipped = (await store(ctx, project, report([testCase('A', 'PASSED'), testCase('S', 'SKIPPED')], { name: 'Partly skipped', success: true }))).runId;
    ids.stopped = (await store(ctx, project, report([testCase('A', 'PASSED')], { name: 'Halted' }), { status: 'Stopped' })).runId;
    await backdate(ctx, ids.old, 400);
    await backdate(ctx, ids.week, 10);
  });

  it('pages the period newest first, with the counters of the period', async () => {
    const res = await list({});
    expectOk(res);
    const { reports, stats } = res.body.projectSummary;
    expect(names(reports).slice(0, 10)).toEqual(['Halted', 'Partly skipped', 'One scenario', 'Checkout smoke', 'Nightly 100%', 'Last week']);
    expect(stats).toEqual({ pageCount: 1, total: 6, totalExecutions: 6, successful: 2, failed: 3 });
    const checkout = reports.find((r: RunListRow) => r.id === ids.checkout);
    expect(checkout).toEqual({
      id: ids.checkout, name: 'Checkout smoke', type: 'local', mode: 'local', status: 'Failed', publishTime: expect.any(String), startTime: null,
      executionTime: 1.5, totalScenarios: 1, totalScenariosPassed: 0, totalScenariosFailed: 1, branch: 'feature/pay', username: 'Bob',
      environment: 'prod', detailsPath: `/${project}/run-report/${ids.checkout}`,
    });
    const nightly = reports.find((r: RunListRow) => r.id === ids.nightly);
    expect(nightly).toMatchObject({ status: 'Passed', executionTime: 60, totalScenarios: 2, totalScenariosPassed: 2, mode: 'executions', type: 'executions' });
    expect(reports.find((r: RunListRow) => r.id === ids.skipped).status).toBe('Failed');
    expect(reports.find((r: RunListRow) => r.id === ids.stopped).status).toBe('Stopped');
  });

  it('pages without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 4; page += 1) {
      const res = await list({ page, limit: 4 });
      expect(res.body.projectSummary.stats).toMatchObject({ pageCount: 2, total: 6 });
      seen.push(...names(res.body.projectSummary.reports));
    }
    expect(seen).toEqual(['Halted', 'Partly skipped', 'One scenario', 'Checkout smoke', 'Nightly 100%', 'Last week']);
  });

  it('takes the period in days', async () => {
    expect(names((await list({ days: 7 })).body.projectSummary.reports)).not.toContain('Last week');
    expect((await list({ days: 7 })).body.projectSummary.stats).toMatchObject({ total: 5, totalExecutions: 5, successful: 2, failed: 2 });
    expect(names((await list({ days: 36500 })).body.projectSummary.reports)).toContain('Ancient run');
  });

  it('sorts by the field asked, either way', async () => {
    expect(names((await list({ sortField: 'name', sortOrder: 'asc' })).body.projectSummary.reports)).toEqual([
      'Checkout smoke', 'Halted', 'Last week', 'Nightly 100%', 'One scenario', 'Partly skipped',
    ]);
    expect(names((await list({ sortField: 'publishTime', sortOrder: 'asc' })).body.projectSummary.reports)[0]).toBe('Last week');
    const byScenarios = (await list({ sortField: 'totalScenarios', sortOrder: 'desc' })).body.projectSummary.reports as RunListRow[];
    expect(byScenarios.map((r) => r.totalScenarios)).toEqual([2, 2, 1, 1, 1, 1]);
    const byTime = (await list({ sortField: 'executionTime', sortOrder: 'asc' })).body.projectSummary.reports as RunListRow[];
    expect(byTime[0].name).toBe('Checkout smoke');
    const byStatus = (await list({ sortField: 'status', sortOrder: 'asc' })).body.projectSummary.reports as RunListRow[];
    expect(byStatus.map((r) => r.status)).toEqual(['Failed', 'Failed', 'Failed', 'Passed', 'Passed', 'Stopped']);
    // Runs without a start time go last either way.
    expect(((await list({ sortField: 'startTime', sortOrder: 'asc' })).body.projectSummary.reports as RunListRow[]).at(-1)!.name).toBe('Checkout smoke');
    expect(((await list({ sortField: 'startTime', sortOrder: 'desc' })).body.projectSummary.reports as RunListRow[]).at(-1)!.name).toBe('Checkout smoke');
  });

  it('searches name, branch, username and environment, case-insensitively, taking % and _ literally', async () => {
    for (const search of ['CHECKOUT', 'feature/P', 'bob', 'PROD']) {
      expect(names((await list({ search })).body.projectSummary.reports), search).toEqual(['Checkout smoke']);
    }
    expect(names((await list({ search: '100%' })).body.projectSummary.reports)).toEqual(['Nightly 100%']);
    expect(names((await list({ search: '%' })).body.projectSummary.reports)).toEqual(['Nightly 100%']);
    expect(names((await list({ search: '_' })).body.projectSummary.reports)).toEqual([]);
    const res = await list({ search: 'checkout' });
    // The counters stay those of the period; total is what the search keeps.
    expect(res.body.projectSummary.stats).toEqual({ pageCount: 1, total: 1, totalExecutions: 6, successful: 2, failed: 3 });
  });

  it('filters by type and branch', async () => {
    expect(names((await list({ filterType: 'local' })).body.projectSummary.reports)).toEqual(['Checkout smoke']);
    expect(names((await list({ filterType: 'scenario' })).body.projectSummary.reports)).toEqual(['One scenario']);
    expect((await list({ filterType: 'all' })).body.projectSummary.stats.total).toBe(6);
    expect((await list({ filterType: 'executions' })).body.projectSummary.stats.total).toBe(4);
    expect(names((await list({ filterBranch: 'feature/pay' })).body.projectSummary.reports)).toEqual(['Checkout smoke']);
    expect((await list({ filterBranch: 'main', filterType: 'executions', search: 'nightly' })).body.projectSummary.stats.total).toBe(1);
  });

  it('refuses bad bodies', async () => {
    expectError(await list({ sortField: 'password' }), 400);
    expectError(await list({ filterType: 'cloud' }), 400);
    expectError(await list({ limit: 0 }), 400);
    expectError(await list({ page: -1 }), 400);
  });

  it('counts the period for the dashboard', async () => {
    const res = await admin.api.get(`runs/project/dashboardDetails?projectId=${project}&days=7`);
    expectOk(res);
    expect(res.body).toEqual({ status: 'success', totalExecutions: 5, successful: 2, failed: 2 });
    expect((await admin.api.get(`runs/project/dashboardDetails?projectId=${project}`)).body).toMatchObject({ totalExecutions: 6, failed: 3 });
    expectError(await admin.api.get(`runs/project/dashboardDetails?projectId=${project}&days=0`), 400);
  });
});

describe('run report: GET runs/cucumber-runs/get', () => {
  let runId: string;
  let run: RunReportDto;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const flaky0 = testCase('Flaky', 'FAILED', { attempt: 0, line: 20 });
    const flaky1 = testCase('Flaky', 'PASSED', { attempt: 1, line: 20 });
    const broken = testCase('Broken', 'FAILED', {
      line: 30,
      steps: [step('I open the shop', 'PASSED'), step('I pay', 'FAILED', { keyword: '', type: 'Action' }), step('I see the receipt', 'SKIPPED')],
      failedStep: 1,
      result: { status: 'FAILED', startTime: null, endTime: null, message: '\nexpected 2 items\n    at pay.mjs:3' },
    });
    const rerun = testCase('Broken', 'PASSED', { rerunId: broken.id, line: 30 });
    const retrained = testCase('Retrained', 'PASSED', { retrainStats: { result: 'fixed', upload_id: 'u-1' }, line: 40 });
    const stored = await store(server.ctx, projectId, report([flaky0, broken, flaky1, rerun, retrained]));
    runId = stored.runId;
    const res = await member.api.get(`runs/cucumber-runs/get?runId=${runId}`);
    expectOk(res);
    run = res.body.run;
    for (const tc of run.report.testCases) ids[`${tc.scenarioName}#${tc.superseded ? 'old' : 'new'}`] = tc.id;
  });

  it('answers the run with its header, counters and test cases in report order, without steps', async () => {
    expect(run).toMatchObject({
      _id: runId, name: 'Nightly', type: 'executions', status: 'Failed', changes: [], executionId: null, instanceId: null,
      report: { env: { name: 'staging' }, mode: 'executions', username: 'ada', branch: 'main', errors: [], publishTime: expect.any(String) },
      // 4.10: distinct scenarios, a rerun and a later attempt replace their originals.
      stats: { totalScenarios: 3, scenariosPassed: 3, scenariosFailed: 0 },
    });
    expect(run.report.testCases.map((t) => [t.scenarioName, t.result.status, t.superseded])).toEqual([
      ['Flaky', 'FAILED', true], ['Broken', 'FAILED', true], ['Flaky', 'PASSED', false], ['Broken', 'PASSED', false], ['Retrained', 'PASSED', false],
    ]);
    for (const tc of run.report.testCases) expect(tc).not.toHaveProperty('steps');
  });

  it('gives the failed step, the first line of the error, the rerun link and the AI retrain', async () => {
    const broken = run.report.testCases[1];
    expect(broken.failedStep).toEqual({ index: 1, keyword: 'When', text: 'I pay' });
    expect(broken.errorMessage).toBe('expected 2 items');
    expect(broken.result.message).toContain('at pay.mjs:3');
    expect(broken.duration).toBe(0);
    expect(run.report.testCases[3].rerunId).toBe(broken.id);
    expect(run.report.testCases[0]).toMatchObject({ failedStep: { index: 0, keyword: 'Given', text: 'I open the shop' }, duration: 1.5, tags: ['@smoke'] });
    expect(run.report.testCases[4]).toMatchObject({ retrainStats: { result: 'fixed', upload_id: 'u-1' }, failedStep: null, errorMessage: null, analysis: null });
  });

  it('answers 404 for an unknown run, 403 to a non-member, 401 without a token; takes a key of the project only', async () => {
    expectError(await member.api.get('runs/cucumber-runs/get?runId=nope'), 404, RUNS_MESSAGES.runNotFound);
    expectError(await outsider.api.get(`runs/cucumber-runs/get?runId=${runId}`), 403, MSG.forbidden);
    expectError(await new ApiClient(server.baseUrl).get(`runs/cucumber-runs/get?runId=${runId}`), 401);
    expectError(await outsider.api.withToken(foreignKey).get(`runs/cucumber-runs/get?runId=${runId}`), 403);
    expectOk(await admin.api.withToken(projectKey).get(`runs/cucumber-runs/get?runId=${runId}`));
    expectError(await member.api.get('runs/cucumber-runs/get'), 400);
  });
});

describe('past results', () => {
  it('lists up to 5 earlier counted results of the same scenario, newest first, from earlier runs only', async () => {
    const project = await createProject(admin, { name: 'History' });
    const statuses = ['PASSED', 'FAILED', 'PASSED', 'PASSED', 'FAILED', 'PASSED', 'FAILED'] as const;
    const runIds: string[] = [];
    for (const s of statuses) {
      const cases = [testCase('Login', s, { featurePath: 'features/login.feature' }), testCase('Other', 'PASSED', { featurePath: 'features/other.feature' })];
      runIds.push((await store(server.ctx, project, report(cases))).runId);
    }
    // A superseded attempt in a later run never counts, nor does the same name in another feature.
    const sixth = await admin.api.get(`runs/cucumber-runs/get?runId=${runIds[5]}`);
    const login = (sixth.body.run as RunReportDto).report.testCases.find((t) => t.scenarioName === 'Login')!;
    expect(login.pastResults.map((p) => [p.runId, p.status])).toEqual([
      [runIds[4], 'FAILED'], [runIds[3], 'PASSED'], [runIds[2], 'PASSED'], [runIds[1], 'FAILED'], [runIds[0], 'PASSED'],
    ]);
    const last = (await admin.api.get(`runs/cucumber-runs/get?runId=${runIds[6]}`)).body.run as RunReportDto;
    expect(last.report.testCases[0].pastResults.map((p) => p.runId)).toEqual(runIds.slice(1, 6).reverse());
    const first = (await admin.api.get(`runs/cucumber-runs/get?runId=${runIds[0]}`)).body.run as RunReportDto;
    expect(first.report.testCases.map((t) => t.pastResults)).toEqual([[], []]);
    const times = last.report.testCases[0].pastResults.map((p) => Date.parse(p.publishTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const retried = report([
      testCase('Login', 'FAILED', { featurePath: 'features/login.feature', attempt: 0 }),
      testCase('Login', 'PASSED', { featurePath: 'features/login.feature', attempt: 1 }),
    ]);
    const eighth = (await store(server.ctx, project, retried)).runId;
    const ninth = (await store(server.ctx, project, report([testCase('Login', 'PASSED', { featurePath: 'features/login.feature' })]))).runId;
    const after = (await admin.api.get(`runs/cucumber-runs/get?runId=${ninth}`)).body.run as RunReportDto;
    expect(after.report.testCases[0].pastResults.slice(0, 2).map((p) => [p.runId, p.status])).toEqual([[eighth, 'PASSED'], [runIds[6], 'FAILED']]);
  });
});

describe('test case report: GET runs/cucumber-runs/get-testcase and runs/scenarios/get', () => {
  let runId: string;
  let tcId: string;
  let scenarioTcId: string;

  beforeAll(async () => {
    const steps = [
      step('I open the shop', 'PASSED', { keyword: '', type: 'Context' }),
      step('I wait for the banner', 'PASSED', {
        commands: [{ type: 'conditional_wait', text: 'wait for banner', result: { status: 'PASSED', startTime: null, endTime: null, message: 'Condition not met in 5 s' } }],
      }),
      step('the orders API answers', 'PASSED', { interceptResults: { overallStatus: 'failed' } }),
      step('I use an undefined step', 'UNDEFINED'),
      step('I pay', 'PASSED'),
      step('I see the receipt', 'FAILED'),
    ];
    const tc = testCase('Checkout', 'UNDEFINED', { steps, failedStep: 3, parameters: { card: 'visa', pin: 'v1:abc:def:ghi' } });
    const stored = await store(server.ctx, projectId, report([tc], { name: 'Checkout run' }));
    runId = stored.runId;
    const run = (await admin.api.get(`runs/cucumber-runs/get?runId=${runId}`)).body.run as RunReportDto;
    tcId = run.report.testCases[0].id;
    const single = await store(server.ctx, projectId, report([testCase('Alone', 'PASSED')], { name: 'Single scenario' }), { type: 'scenario' });
    scenarioTcId = ((await admin.api.get(`runs/cucumber-runs/get?runId=${single.runId}`)).body.run as RunReportDto).report.testCases[0].id;
  });

  it('answers the steps with the statuses a report shows (4.9)', async () => {
    const res = await member.api.get(`runs/cucumber-runs/get-testcase?testCaseId=${tcId}`);
    expectOk(res);
    const tc = res.body.testCase as TestCaseReportDto;
    expect(tc).toMatchObject({ id: tcId, runId, runName: 'Checkout run', runType: 'executions', projectId, scenarioName: 'Checkout', parameters: { card: 'visa', pin: 'v1:abc:def:ghi' } });
    expect(tc.steps.map((s) => s.result.status)).toEqual(['PASSED', 'AMBIGUOUS', 'PASSED', 'UNDEFINED', 'SKIPPED', 'SKIPPED']);
    expect(tc.steps[2].commands).toEqual([
      expect.objectContaining({ text: 'API Interception', result: expect.objectContaining({ status: 'FAILED', message: 'Intercept API validation failed' }) }),
    ]);
    expect(tc.failedStep).toEqual({ index: 3, keyword: 'Given', text: 'I use an undefined step' });
    expect(tc.comments).toEqual([]);
    expect(tc.pastResults).toEqual([]);
  });

  it('answers a scenario report by test case id, of a scenario run or any run', async () => {
    const res = await member.api.get(`runs/scenarios/get?scenarioId=${scenarioTcId}`);
    expectOk(res);
    expect(res.body.testCase).toMatchObject({ id: scenarioTcId, runType: 'scenario', runName: 'Single scenario', scenarioName: 'Alone' });
    expect((await member.api.get(`runs/scenarios/get?scenarioId=${tcId}`)).body.testCase.id).toBe(tcId);
  });

  it('answers 404, 403 and 401 as it should', async () => {
    for (const path of ['runs/cucumber-runs/get-testcase?testCaseId=', 'runs/scenarios/get?scenarioId=']) {
      expectError(await member.api.get(`${path}nope`), 404, RUNS_MESSAGES.testCaseNotFound);
      expectError(await outsider.api.get(`${path}${tcId}`), 403, MSG.forbidden);
      expectError(await new ApiClient(server.baseUrl).get(`${path}${tcId}`), 401);
      expectError(await outsider.api.withToken(foreignKey).get(`${path}${tcId}`), 403);
      expectOk(await admin.api.withToken(projectKey).get(`${path}${tcId}`));
    }
  });
});

describe('server timing', () => {
  it('every runs answer says how long the server took', async () => {
    const res = await fetch(`${server.baseUrl}/api/runs/project/dashboardDetails?projectId=${projectId}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d)?$/);
  });
});

describe('who may call the runs list and counters', () => {
  const calls: Array<[string, (c: ApiClient, project: string) => Promise<{ status: number; body: unknown }>]> = [
    ['getDetails', (c, p) => c.post('runs/project/getDetails', { projectId: p })],
    ['dashboardDetails', (c, p) => c.get(`runs/project/dashboardDetails?projectId=${p}&days=7`)],
    ['getProjectMetadata', (c, p) => c.get(`runs/project/getProjectMetadata?projectId=${p}&startDate=2025-01-01&endDate=2025-01-31`)],
    ['getApplicationMemory', (c, p) => c.get(`runs/cucumber-runs/getApplicationMemory?projectId=${p}`)],
    ['generate-file-upload-url', (c, p) => c.post('runs/generate-file-upload-url', { projectId: p, fileName: 'a.txt' })],
  ];
  it.each(calls)('%s: 401 without a token, 403 to a non-member or a key of another project, 404 for no project; members and keys of the project pass', async (_n, call) => {
    expectError((await call(new ApiClient(server.baseUrl), projectId)) as never, 401, MSG.unauthorized);
    expectError((await call(outsider.api, projectId)) as never, 403, MSG.forbidden);
    expectError((await call(outsider.api.withToken(foreignKey), projectId)) as never, 403, MSG.forbidden);
    expectError((await call(admin.api, '00000000-0000-4000-8000-000000000000')) as never, 404, MSG.projectNotFound);
    expectOk((await call(member.api, projectId)) as never);
    expectOk((await call(admin.api.withToken(projectKey), projectId)) as never);
  });
});
