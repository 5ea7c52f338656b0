import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCaseResult } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { countScenarios, RunExistsError, storeRun } from './run-store.ts';
import { findRun, insertRunRow, insertTestCaseColumns, listTestCases } from './runs.repository.ts';
import { caseRow } from './run-rows.ts';
import { testCaseColumns } from './test-case-columns.ts';
import { TestCaseLiterals } from './test-case-literals.ts';
import { iso, report, step } from './runs-fixtures.ts';

let server: TestServer;
let user: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
  projectId = await createProject(user);
});
afterAll(() => server.close());

let seq = 0;
function tc(name: string, status: TestCaseResult['result']['status'], extra: Partial<TestCaseResult> = {}): TestCaseResult {
  seq += 1;
  return {
    id: `tc-${seq}`,
    scenarioName: name,
    featureName: 'Cart',
    featurePath: 'features/cart.feature',
    line: 10 + seq,
    tags: ['@smoke'],
    steps: [step('I open the shop', status)],
    parameters: {},
    result: { status, startTime: iso(seq * 1000), endTime: iso(seq * 1000 + 750), message: status === 'FAILED' ? 'expected 2 items' : null },
    attempt: 0,
    failedStep: status === 'FAILED' ? 0 : null,
    ...extra,
  };
}

async function blobFiles(): Promise<string[]> {
  const root = path.join(server.ctx.config.dataDir, 'blobs', 'runs', projectId);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('storeRun', () => {
  it('stores the run, its test cases and its attachments', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const first = tc('Add to cart', 'PASSED', {
      steps: [step('I add a shirt', 'PASSED', { screenshotId: 'shot-1', networkData: [{ requestUrl: 'http://shop.test/api', method: 'GET', status: 200, responseTime: 12, size: 300, type: 'fetch' }] })],
      parameters: { size: 'M' },
    });
    const second = tc('Pay', 'FAILED');
    const stored = await storeRun(server.ctx, projectId, {
      report: report([first, second]),
      attachments: [{ id: 'shot-1', mediaType: 'image/png', data: png }],
      type: 'executions',
      userId: user.userId,
      executionId: 'exec-1',
      instanceId: 'inst-1',
      meta: { trigger: 'manual' },
    });
    expect(stored).toMatchObject({ status: 'Failed', totalScenarios: 2, scenariosPassed: 1, scenariosFailed: 1 });

    const run = await findRun(server.ctx.db, stored.runId);
    expect(run).toMatchObject({
      project_id: projectId,
      name: 'Nightly',
      type: 'executions',
      mode: 'executions',
      branch: 'main',
      environment: 'staging',
      username: 'ada',
      user_id: user.userId,
      execution_id: 'exec-1',
      instance_id: 'inst-1',
      execution_time_ms: 60_000,
      total_scenarios: 2,
      scenarios_passed: 1,
      scenarios_failed: 1,
      status: 'Failed',
      errors: [],
      meta: { implementation: 'cucumber-js', version: '13.0.0', baseUrl: 'http://shop.test', trigger: 'manual' },
    });
    expect(run!.start_time!.toISOString()).toBe(iso(0));

    const rows = await listTestCases(server.ctx.db, stored.runId);
    // Time-ordered ids (UUID version 7).
    for (const r of rows) expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(rows.map((r) => [r.scenario_name, r.status, r.superseded, r.position])).toEqual([
      ['Add to cart', 'PASSED', false, 0],
      ['Pay', 'FAILED', false, 1],
    ]);
    expect(rows[0]).toMatchObject({
      report_case_id: first.id,
      feature_path: 'features/cart.feature',
      line: first.line,
      tags: ['@smoke'],
      parameters: { size: 'M' },
      duration_ms: 750,
      scenario_key: 'features/cart.feature\u001fAdd to cart',
      steps: first.steps,
    });
    expect(rows[1]).toMatchObject({ failed_step: 0, error_message: 'expected 2 items' });

    const blob = await server.ctx.blobs.read(`runs/${projectId}/${stored.runId}/shot-1`);
    expect(blob).toMatchObject({ mediaType: 'image/png', bytes: png });
  });

  it('counts distinct scenarios: a later attempt and a rerun replace the earlier, other browsers count apart', async () => {
    const flaky0 = tc('Flaky', 'FAILED', { attempt: 0 });
    const flaky1 = { ...tc('Flaky', 'PASSED', { attempt: 1 }), line: flaky0.line };
    const broken = tc('Broken', 'FAILED');
    const rerun = tc('Broken', 'PASSED', { rerunId: broken.id, line: broken.line });
    const chromium = tc('Login', 'PASSED', { browser: 'chromium' });
    const firefox = { ...tc('Login', 'FAILED', { browser: 'firefox' }), line: chromium.line };
    const skipped = tc('Later', 'SKIPPED');
    const cases = [flaky0, broken, chromium, flaky1, firefox, rerun, skipped];

    const { counts, superseded } = countScenarios(cases);
    expect(counts).toEqual({ totalScenarios: 5, scenariosPassed: 3, scenariosFailed: 1 });
    expect([...superseded].sort()).toEqual([0, 1]);

    const stored = await storeRun(server.ctx, projectId, { report: report(cases), attachments: [], type: 'local', userId: null });
    expect(stored).toMatchObject({ totalScenarios: 5, scenariosPassed: 3, scenariosFailed: 1, status: 'Failed' });
    const rows = await listTestCases(server.ctx.db, stored.runId);
    expect(rows.filter((r) => r.superseded).map((r) => r.report_case_id)).toEqual([flaky0.id, broken.id]);
    // The rerun points at the database id of the test case it replaced.
    expect(rows.find((r) => r.report_case_id === rerun.id)!.rerun_id).toBe(rows.find((r) => r.report_case_id === broken.id)!.id);

    // Retried until it passed: the run passes.
    const retried = await storeRun(server.ctx, projectId, { report: report([flaky0, flaky1], { success: true }), attachments: [], type: 'local', userId: null });
    expect(retried).toMatchObject({ status: 'Passed', totalScenarios: 1, scenariosPassed: 1, scenariosFailed: 0 });
    // Errors outside any test case fail a run whose scenarios passed.
    const crashed = await storeRun(server.ctx, projectId, { report: report([flaky1], { errors: ['Worker 1 crashed'] }), attachments: [], type: 'local', userId: null });
    expect(crashed.status).toBe('Failed');
    expect((await findRun(server.ctx.db, crashed.runId))!.errors).toEqual(['Worker 1 crashed']);
  });

  it('leaves no run, no test case and no blob when an insert fails', async () => {
    const before = await blobFiles();
    // The run row is inserted, then the database refuses the second test case (rows are bounded to
    // fit their columns, so the refusal comes from a trigger of this test).
    await sql`create function refuse_case() returns trigger language plpgsql as $$
      begin if new.scenario_name = 'Refused' then raise exception 'test case refused'; end if; return new; end $$`.execute(server.ctx.db);
    await sql`create trigger refuse_case before insert on test_cases for each row execute function refuse_case()`.execute(server.ctx.db);
    const bad = tc('Refused', 'PASSED');
    const runId = 'run-that-fails';
    await expect(
      storeRun(server.ctx, projectId, {
        runId,
        report: report([tc('Fine', 'PASSED'), bad]),
        attachments: [
          { id: 'a1', mediaType: 'image/png', data: Buffer.from('png-1') },
          { id: 'a2', mediaType: 'text/plain', data: 'log' },
        ],
        type: 'executions',
        userId: user.userId,
      }),
    ).rejects.toThrow(/test case refused/);
    await sql`drop trigger refuse_case on test_cases`.execute(server.ctx.db);
    await sql`drop function refuse_case`.execute(server.ctx.db);
    expect(await findRun(server.ctx.db, runId)).toBeUndefined();
    expect(await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', runId).execute()).toEqual([]);
    expect(await server.ctx.blobs.get(`runs/${projectId}/${runId}/a1`)).toBeNull();
    expect(await blobFiles()).toEqual(before);
  });

  it('refuses a bad attachment id or a run id in use before writing anything, and keeps the other run intact', async () => {
    const before = await blobFiles();
    await expect(
      storeRun(server.ctx, projectId, {
        report: report([tc('A', 'PASSED')]),
        attachments: [{ id: 'ok', mediaType: 'text/plain', data: 'x' }, { id: '../escape', mediaType: 'text/plain', data: 'x' }],
        type: 'local',
        userId: null,
      }),
    ).rejects.toThrow('Invalid blob key');
    expect(await blobFiles()).toEqual(before);

    const first = await storeRun(server.ctx, projectId, {
      report: report([tc('A', 'PASSED')]),
      attachments: [{ id: 'keep', mediaType: 'text/plain', data: 'first' }],
      type: 'local',
      userId: null,
    });
    await expect(
      storeRun(server.ctx, projectId, {
        runId: first.runId,
        report: report([tc('B', 'PASSED')]),
        attachments: [{ id: 'keep', mediaType: 'text/plain', data: 'second' }],
        type: 'local',
        userId: null,
      }),
    ).rejects.toBeInstanceOf(RunExistsError);
    expect((await server.ctx.blobs.read(`runs/${projectId}/${first.runId}/keep`))?.bytes.toString()).toBe('first');
  });

  it('stores text with NUL characters (which PostgreSQL refuses) without them', async () => {
    const odd = tc('Name\u0000with nul', 'PASSED', { parameters: { 'k\u0000': 'v\u0000al', literal: '\\u0000 stays' } });
    const stored = await storeRun(server.ctx, projectId, { report: report([odd], { name: 'Run\u0000' }), attachments: [], type: 'scenario', userId: null });
    expect((await findRun(server.ctx.db, stored.runId))!.name).toBe('Run');
    const [row] = await listTestCases(server.ctx.db, stored.runId);
    expect(row.scenario_name).toBe('Namewith nul');
    expect(row.parameters).toEqual({ k: 'val', literal: '\\u0000 stays' });
  });

  it("removes a run's test cases with the run, and every run's with its project", async () => {
    const doomedProject = await createProject(user, { name: 'Doomed' });
    const store = (pid: string, names: string[]) =>
      storeRun(server.ctx, pid, { report: report(names.map((n) => tc(n, 'PASSED'))), attachments: [], type: 'local', userId: null });
    const kept = await store(projectId, ['Kept one', 'Kept two']);
    const gone = await store(projectId, ['Gone one', 'Gone two', 'Gone three']);
    const others = [await store(doomedProject, ['Other one']), await store(doomedProject, ['Other two', 'Other three'])];
    const count = async (runId: string) => (await listTestCases(server.ctx.db, runId)).length;
    expect([await count(kept.runId), await count(gone.runId), await count(others[1].runId)]).toEqual([2, 3, 2]);

    await server.ctx.db.deleteFrom('runs').where('id', '=', gone.runId).execute();
    expect([await count(kept.runId), await count(gone.runId)]).toEqual([2, 0]);

    await server.ctx.db.deleteFrom('projects').where('id', '=', doomedProject).execute();
    expect([await count(others[0].runId), await count(others[1].runId), await count(kept.runId)]).toEqual([0, 0, 2]);
  });

  it('inserts columns given once as the same rows as columns given per row', async () => {
    const cases = [tc('Once one', 'PASSED'), tc('Once two', 'FAILED', { parameters: { who: 'ann' } }), tc('Once three', 'PASSED', { workerId: '2', attempt: 1 })];
    const insert = async (name: string, batchOf: (places: ReturnType<typeof placeOf>[]) => Parameters<typeof insertTestCaseColumns>[2]) => {
      const runId = `run-${name}-${seq}`;
      const places = cases.map((_, k) => placeOf(runId, k));
      await server.ctx.db.transaction().execute(async (trx) => {
        const publishTime = await insertRunRow(trx, { id: runId, project_id: projectId, name, type: 'local', mode: 'local', user_id: null, status: 'Failed', total_scenarios: 3, scenarios_passed: 2, scenarios_failed: 1, execution_time_ms: 0, errors: '[]', meta: '{}' });
        await insertTestCaseColumns(trx, { id: runId, projectId, publishTime }, batchOf(places));
      });
      return (await listTestCases(server.ctx.db, runId)).map(({ id: _id, run_id: _run, publish_time: _time, ...row }) => row);
    };
    const perRow = await insert('arrays', (places) => ({ columns: testCaseColumns(cases.map((c, k) => caseRow(c, places[k]))), same: {} }));
    const literals = new TestCaseLiterals();
    const once = await insert('once', (places) => {
      cases.forEach((c, k) => literals.add(c, places[k]));
      const batch = literals.take();
      expect(Object.keys(batch.same)).toEqual(expect.arrayContaining(['feature_name', 'browser', 'superseded', 'retrain_stats']));
      return batch;
    });
    expect(once).toEqual(perRow);
    expect(once.map((r) => [r.scenario_name, r.feature_name, r.browser, r.superseded, r.parameters, r.attempt, r.worker_id])).toEqual([
      ['Once one', 'Cart', null, false, {}, 0, null],
      ['Once two', 'Cart', null, false, { who: 'ann' }, 0, null],
      ['Once three', 'Cart', null, false, {}, 1, '2'],
    ]);
  });
});

const placeOf = (runId: string, k: number) => ({ id: `${runId}-row-${k}`, runId, projectId, position: k, rerunRowId: null, superseded: false });

