import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, OVERSIGHT_MESSAGES, type ExecutionDto, type LiveStatus, type OversightItem } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectOk } from '../../test/assertions.ts';
import { findRun, listTestCases } from '../../runs/runs.repository.ts';
import { applyFix } from './oversight.service.ts';

/**
 * AI recovery through the whole product: an execution with recovery on runs steps written for a page
 * that was redesigned since; the run passes, its report keeps the original failure with the AI's run
 * as child row, the fixes wait in Code Review, accepting them commits the step file, and the next run
 * passes without recovery. Discarding archives; a fix whose code changed meanwhile is refused.
 */

const PAGE = `<!doctype html><html><head><title>Shop</title></head><body><main>
<h1>Mug</h1><label>Email address <input id="email"></label>
<button onclick="document.querySelector('#done').textContent = 'Added for ' + document.querySelector('#email').value">Add to basket</button>
<p id="done"></p><button>Subscribe now</button></main></body></html>`;

const STEPS = `import { When, Then } from '@cucumber/cucumber';

When('I give my email {string}', async function (email) {
  await this.page.getByLabel('E-mail', { exact: true }).fill(email, { timeout: 1500 });
});

When('I add the mug to the cart', async function () {
  await this.page.getByRole('button', { name: 'Add to cart' }).click({ timeout: 1500 });
});

When('I subscribe', async function () {
  await this.page.getByRole('button', { name: 'Subscribe' , exact: true }).click({ timeout: 1500 });
});
`;
const FEATURE = `Feature: Shop
  Scenario: Add a mug
    Given I am on the home page
    When I give my email "ann@example.com"
    And I add the mug to the cart
    Then I should see "Added for ann@example.com"
`;
const NEWS = `Feature: News
  Scenario: Subscribe
    Given I am on the home page
    When I subscribe
`;

let server: TestServer;
let site: http.Server;
let admin: TestUser;
let projectId: string;
const stops = new Map<string, LiveStatus>();

beforeAll(async () => {
  site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  server.ctx.executions.hub.onStatus((m) => {
    if (m.event === EXECUTION_EVENTS.stop) stops.set((m.payload as LiveStatus).executionInstanceId, m.payload as LiveStatus);
  });
  admin = await signUpUser(server.baseUrl, { firstname: 'Rae', lastname: 'Review' });
  projectId = await createProject(admin);
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Rae', email: admin.email }, 'test files', async () => [
    { path: 'features/shop.feature', content: FEATURE },
    { path: 'features/news.feature', content: NEWS },
    { path: 'steps/shop.mjs', content: STEPS },
    { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: siteUrl }) },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => site?.close(r));
});

async function execution(name: string, aiRecovery: boolean, featurePath: string, scenarioName: string): Promise<ExecutionDto> {
  const res = await admin.api.post('executions/new', {
    projectId,
    execution: {
      name,
      env: 'staging',
      branch: 'main',
      aiRecovery,
      flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath, scenarioName }] }] }],
    },
  });
  expectOk(res);
  expect(res.body.execution.aiRecovery).toBe(aiRecovery);
  return res.body.execution;
}

async function run(e: ExecutionDto): Promise<{ final: LiveStatus; runId: string }> {
  const live = await server.ctx.executions.runner.start({ execution: e, trigger: 'manual', userId: admin.userId, headless: true });
  const deadline = Date.now() + 150_000;
  while (!stops.has(live.executionInstanceId)) {
    if (Date.now() > deadline) throw new Error('the run did not end');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { final: stops.get(live.executionInstanceId)!, runId: live.reportLink.split('/').pop()! };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openFixes(): Promise<{ result: OversightItem[]; total: number }> {
  const res = await admin.api.get(`runs/oversight/list?project_id=${projectId}`);
  expectOk(res);
  return res.body;
}

describe('AI recovery and Code Review', () => {
  it('recovers a run, keeps the original failure with the AI run as its child, and accepting the fixes makes the next run pass on its own', async () => {
    const { final, runId } = await run(await execution('Recovering', true, 'shop.feature', 'Add a mug'));
    expect(final).toMatchObject({ status: 'passed', scenariosPassed: 1, scenariosFailed: 0 });
    const run1 = await findRun(server.ctx.db, runId);
    expect(run1).toMatchObject({ total_scenarios: 1, scenarios_passed: 1 });
    const cases = await listTestCases(server.ctx.db, runId);
    expect(cases).toHaveLength(2);
    const [original, child] = cases;
    expect(original).toMatchObject({ status: 'FAILED', superseded: true });
    expect(original.retrain_stats).toMatchObject({ result: 'fixed' });
    expect(child).toMatchObject({ status: 'PASSED', rerun_id: original.id });

    const { result, total } = await openFixes();
    expect(total).toBe(2);
    expect(result.map((f) => f.stepText).sort()).toEqual(['I add the mug to the cart', 'I give my email "ann@example.com"']);
    expect(result[0]).toMatchObject({ report: { testCases: [{ scenarioName: 'Add a mug', featureName: 'Shop' }] }, stepDefFileName: 'steps/shop.mjs', branch: 'main', runId });
    const dashboard = await admin.api.get(`runs/project/getProjectMetadata?projectId=${projectId}&startDate=${day(-1)}&endDate=${day(1)}`);
    expectOk(dashboard);
    expect(JSON.stringify(dashboard.body)).toContain('"aiRecoveryCount":1');

    for (const f of result) {
      const res = await admin.api.post('runs/oversight/accept', { project_id: projectId, scenario_id: f._id, step_def_file_name: f.stepDefFileName, branch: f.branch, isPrivateRepo: false });
      expectOk(res);
      expect(res.body.message).toBe(OVERSIGHT_MESSAGES.accepted);
    }
    expect((await openFixes()).total).toBe(0);
    const repo = server.ctx.workspaces.repo(projectId);
    const file = await repo.readFile((await repo.branchHead('main'))!, 'steps/shop.mjs');
    expect(file).toContain("getByRole('button', { name: 'Add to basket' })");
    expect(file).toContain("getByRole('textbox', { name: 'Email address', exact: true })");
    expect(file).toContain("When('I subscribe'");

    const again = await run(await execution('Plain', false, 'shop.feature', 'Add a mug'));
    expect(again.final).toMatchObject({ status: 'passed', scenariosPassed: 1 });
    expect(await listTestCases(server.ctx.db, again.runId)).toHaveLength(1);
  }, 300_000);

  it('discards fixes into the archive; a fix whose step code changed meanwhile is refused', async () => {
    await run(await execution('News', true, 'news.feature', 'Subscribe'));
    const { result } = await openFixes();
    expect(result).toHaveLength(1);
    expect(result[0].fixedCode).toContain("name: 'Subscribe now'");
    // Accepting another's fix of the same id twice, or with a wrong file, fails clearly.
    const wrong = await admin.api.post('runs/oversight/accept', { project_id: projectId, scenario_id: result[0]._id, step_def_file_name: 'steps/other.mjs', branch: 'main' });
    expect(wrong.status).toBe(400);
    const discard = await admin.api.post('runs/oversight/archive-oversight', { project_id: projectId, scenario_ids: [result[0]._id] });
    expectOk(discard);
    expect(discard.body.message).toBe(OVERSIGHT_MESSAGES.discarded(1));
    expect((await openFixes()).total).toBe(0);
    const gone = await admin.api.post('runs/oversight/accept', { project_id: projectId, scenario_id: result[0]._id, step_def_file_name: 'steps/shop.mjs', branch: 'main' });
    expect(gone.status).toBe(404);

    expect(() => applyFix('const a = 1;\n', { original_code: 'async function () {}', fixed_code: 'x' })).toThrow(OVERSIGHT_MESSAGES.codeChanged);
  }, 300_000);

  it('lets only members see or change the fixes', async () => {
    const stranger = await signUpUser(server.baseUrl, { firstname: 'Sam', lastname: 'Stranger' });
    expect((await stranger.api.get(`runs/oversight/list?project_id=${projectId}`)).status).toBe(403);
    expect((await stranger.api.post('runs/oversight/archive-oversight', { project_id: projectId, scenario_ids: ['x'] })).status).toBe(403);
    expect((await admin.api.post('runs/oversight/archive-oversight', { project_id: projectId, scenario_ids: [] })).status).toBe(400);
  });
});
