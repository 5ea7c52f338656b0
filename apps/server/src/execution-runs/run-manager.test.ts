import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, EXECUTION_MESSAGES, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import type { StatusMessage } from '../executions/execution-hub.ts';
import { sealRows } from '../test-data/test-data-file.ts';
import { findRun, listTestCases } from '../runs/runs.repository.ts';
import { findInstance } from './instances.repository.ts';
import { isAlive, processTree, type ProcessRef } from './process-tree.ts';
import { spawnHelperPid } from '../processes/spawn-helper.ts';
import { RUN_MESSAGES, RunManager } from './run-manager.ts';

/** This process's descendants but the spawn helper's (it starts git for the server, not for runs). */
function runProcesses(): ProcessRef[] {
  const helper = new Set(spawnHelperPid() ? processTree(spawnHelperPid()!).map((p) => p.pid) : []);
  return processTree(process.pid).filter((p) => p.pid !== process.pid && !helper.has(p.pid));
}

/**
 * The run manager with the real runner (packages/runner), Chromium and a page served here: a branch
 * with a feature of three scenarios (two pass, one fails), one that waits a minute (halted), and an
 * environment that does not exist.
 */

const SECRET = 'S3cret-Pa55word-xyz';
let server: TestServer;
let site: http.Server;
let siteUrl: string;
let admin: TestUser;
let projectId: string;
const events: Array<StatusMessage & { at: number }> = [];

const SHOP_FEATURE = `Feature: Shop

  Scenario: Home page loads its data
    Given I open the "/" page
    Then I should see "Loaded"

  Scenario: Uses a secret
    Given I open the "/" page
    When I leak the password to stderr
    Then I should see "Welcome"

  Scenario: Fails on purpose
    Given I open the "/" page
    Then this step fails
`;

const SLOW_FEATURE = `@slow
Feature: Slow

  Scenario: Waits a minute
    Given I open the "/" page
    When I wait 60 seconds
`;

const CUSTOM_STEPS = `import { When, Then } from '@cucumber/cucumber';
When('I leak the password to stderr', function () {
  console.error('leaking ' + this.testData.password);
});
// It fails after the other two scenarios have ended: the live status shows them done before the end.
Then('this step fails', async function () {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  throw new Error('Intended failure, password ' + this.testData.password);
});
`;

const PAGE = `<!doctype html><html><head><title>Test shop</title></head><body>
<h1>Welcome</h1><div id="out"></div>
<script>
  console.log('page says hi');
  fetch('/api/data').then((r) => r.json()).then((d) => { document.getElementById('out').textContent = d.msg; });
</script></body></html>`;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/api/data') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ msg: 'Loaded' }));
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PAGE);
    }
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  // One instance at a time, so that a second one waits in the queue.
  server = await startTestServer({}, { maxConcurrentRuns: 1, chromiumPath: '/usr/bin/chromium' });
  server.ctx.executions.hub.onStatus((m) => events.push({ ...m, at: Date.now() }));
  admin = await signUpUser(server.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' });
  projectId = await createProject(admin);
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Ada', email: admin.email }, 'test files', async () => [
    { path: 'features/shop.feature', content: SHOP_FEATURE },
    { path: 'features/slow.feature', content: SLOW_FEATURE },
    { path: 'steps/custom.mjs', content: CUSTOM_STEPS },
    { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: siteUrl }) },
    {
      path: 'data/test-data.json',
      content: sealRows(
        [
          { key: 'password', value: 'not-this-one', DataType: 'secret', environment: '*' },
          { key: 'password', value: SECRET, DataType: 'secret', environment: 'staging' },
        ],
        server.ctx.secrets,
      ),
    },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((r) => site?.close(r));
});

const runner = () => server.ctx.executions.runner;

async function createExecution(name: string, groups: Array<Record<string, unknown>>): Promise<ExecutionDto> {
  const res = await admin.api.post('executions/new', {
    projectId,
    execution: { name, env: 'staging', branch: 'main', flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: groups }] },
  });
  expectOk(res);
  return res.body.execution;
}

async function waitFor<T>(what: string, fn: () => T | undefined | null | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const eventsOf = (instanceId: string) =>
  events.filter((e) => (e.payload as LiveStatus).executionInstanceId === instanceId && e.projectId === projectId);
const stopOf = (instanceId: string) => eventsOf(instanceId).find((e) => e.event === EXECUTION_EVENTS.stop);
const runIdOf = (live: LiveStatus) => live.reportLink.split('/').pop()!;
const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').slice(0, 4000);
  } catch {
    return '';
  }
};
/** Browser and Playwright folders in the host's /tmp (of the sandbox's host user, when it has one: other test files launch browsers too). */
const browserLeftovers = () =>
  fs
    .readdirSync(os.tmpdir())
    .filter((n) => /^(playwright|\.org\.chromium|chromium)/.test(n) || n.startsWith(`stepwise-run-${process.pid}-`))
    .filter((n) => server.ctx.sandbox.hostId === null || fs.statSync(`${os.tmpdir()}/${n}`, { throwIfNoEntry: false })?.uid === server.ctx.sandbox.hostId);
const runDirs = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`stepwise-run-${process.pid}-`));

describe('run manager', () => {
  it('runs an execution: progress in order, the run stored with its test cases, screenshots, console and network data', async () => {
    const execution = await createExecution('Shop run', [
      {
        name: 'Scenario Group 1',
        threadCount: 2,
        tags: [],
        scenarios: ['Home page loads its data', 'Uses a secret', 'Fails on purpose'].map((scenarioName, i) => ({
          featureIndex: 0,
          scenarioIndex: i,
          command: '',
          featurePath: 'shop.feature',
          scenarioName,
        })),
      },
    ]);
    const dirsBefore = runDirs();
    const live = await runner().start({ execution, trigger: 'manual', userId: admin.userId, headless: true });
    expect(live).toMatchObject({ executionId: execution._id, status: 'queued', reportLink: `/${projectId}/run-report/${runIdOf(live)}` });
    expect(runner().live(projectId).map((l) => l.executionInstanceId)).toContain(live.executionInstanceId);

    const stop = await waitFor('the stop event', () => stopOf(live.executionInstanceId), 150_000);
    const final = stop.payload as LiveStatus;
    expect(final).toMatchObject({ status: 'failed', scenariosPassed: 2, scenariosFailed: 1, totalScenarios: 3, reportLink: live.reportLink });
    expect(final.statusHistory.map((h) => h.status)).toEqual(['queued', 'preparing', 'running', 'failed']);
    expect(runner().live(projectId)).toEqual([]);

    // Events: start first, updates, stop last; counts never go back; at most about two updates a second.
    const seen = eventsOf(live.executionInstanceId);
    expect(seen[0].event).toBe(EXECUTION_EVENTS.start);
    expect(seen.at(-1)!.event).toBe(EXECUTION_EVENTS.stop);
    const updates = seen.filter((e) => e.event === EXECUTION_EVENTS.statusUpdate(live.executionInstanceId));
    expect(updates.length).toBeGreaterThanOrEqual(3);
    const order = ['queued', 'preparing', 'running', 'failed'];
    let done = 0;
    let rank = 0;
    for (const u of updates) {
      const p = u.payload as LiveStatus;
      expect(order.indexOf(p.status)).toBeGreaterThanOrEqual(rank);
      rank = order.indexOf(p.status);
      expect(p.scenariosPassed + p.scenariosFailed).toBeGreaterThanOrEqual(done);
      done = p.scenariosPassed + p.scenariosFailed;
    }
    expect(updates.some((u) => /^Running [12] of 3 scenarios$/.test((u.payload as LiveStatus).verboseStatus))).toBe(true);
    for (let i = 1; i < updates.length - 1; i++) expect(updates[i].at - updates[i - 1].at).toBeGreaterThanOrEqual(400);

    // The run and its test cases.
    const runId = runIdOf(live);
    const run = await findRun(server.ctx.db, runId);
    expect(run).toMatchObject({
      project_id: projectId,
      type: 'executions',
      mode: 'executions',
      status: 'Failed',
      branch: 'main',
      environment: 'staging',
      username: 'Ada Lovelace',
      user_id: admin.userId,
      execution_id: execution._id,
      instance_id: live.executionInstanceId,
      total_scenarios: 3,
      scenarios_passed: 2,
      scenarios_failed: 1,
    });
    const cases = await listTestCases(server.ctx.db, runId);
    const byName = new Map(cases.map((c) => [c.scenario_name, c]));
    expect([...byName.keys()].sort()).toEqual(['Fails on purpose', 'Home page loads its data', 'Uses a secret']);
    expect(byName.get('Home page loads its data')).toMatchObject({ status: 'PASSED', feature_path: 'features/shop.feature', line: 3, browser: 'chromium' });
    expect(byName.get('Fails on purpose')).toMatchObject({ status: 'FAILED', failed_step: 1 });
    expect(byName.get('Fails on purpose')!.error_message).toContain('Intended failure, password ***');
    // A secret a step put in its error is replaced in everything the run stored.
    expect(JSON.stringify(cases)).not.toContain(SECRET);

    const steps = byName.get('Home page loads its data')!.steps as Array<Record<string, any>>;
    const allSteps = cases.flatMap((c) => c.steps as Array<Record<string, any>>);
    expect(steps.flatMap((s) => s.webLog).some((l: { text: string }) => l.text.includes('page says hi'))).toBe(true);
    expect(steps.flatMap((s) => s.networkData).some((n: { requestUrl: string; status: number }) => n.requestUrl === `${siteUrl}/api/data` && n.status === 200)).toBe(true);
    const shotIds = allSteps.map((s) => s.screenshotId).filter(Boolean) as string[];
    expect(shotIds.length).toBeGreaterThanOrEqual(5);
    for (const id of shotIds) {
      const blob = await server.ctx.blobs.read(`runs/${projectId}/${runId}/${id}`);
      expect(blob?.mediaType).toBe('image/png');
      expect(blob!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    }

    // The instance row: final state, history, logs without the secret; the temporary folder is gone.
    const row = await findInstance(server.ctx.db, live.executionInstanceId);
    expect(row).toMatchObject({ status: 'failed', run_id: runId, scenarios_passed: 2, scenarios_failed: 1, total_scenarios: 3, trigger: 'manual' });
    expect(row!.finished_at).not.toBeNull();
    const logText = row!.logs.join('\n');
    expect(logText).toContain('leaking ***');
    expect(logText).not.toContain(SECRET);
    expect(logText).toContain(RUN_MESSAGES.checkingOut('main'));
    expect(await runner().logs(live.executionInstanceId)).toEqual(row!.logs);
    expect(runDirs().filter((d) => !dirsBefore.includes(d))).toEqual([]);

    // The logs through the API, by instance id and by run id.
    const byInstance = await admin.api.get(`runs/cucumber-runs/getExecutionLogs/${live.executionInstanceId}`);
    expectOk(byInstance);
    expect(byInstance.body.logs).toEqual(row!.logs);
    const byRun = await admin.api.get(`runs/cucumber-runs/getExecutionLogs/${runId}`);
    expect(byRun.body.logs).toEqual(row!.logs);
  }, 180_000);

  it('halts a long run: stopped within 5 s, its process tree gone, what finished stored; a queued one stops at once', async () => {
    const execution = await createExecution('Slow run', [
      { name: 'Scenario Group 1', threadCount: 1, tags: ['@slow'], scenarios: [{ featureIndex: 1, scenarioIndex: 0, command: '', featurePath: 'slow.feature', scenarioName: 'Waits a minute' }] },
    ]);
    const tmpBefore = browserLeftovers();
    const live = await runner().start({ execution, trigger: 'api', userId: null, headless: true });
    // A second instance waits in the queue (one at a time on this server).
    const queued = await runner().start({ execution, trigger: 'api', userId: null, headless: true });
    expect(runner().live(projectId).map((l) => l.status)).toEqual(expect.arrayContaining(['queued']));

    // Wait until the browser runs the minute-long step.
    let tree: ProcessRef[] = [];
    await waitFor(
      'the runner and its browser',
      () => {
        if (stopOf(live.executionInstanceId)) throw new Error(`ended early: ${JSON.stringify(stopOf(live.executionInstanceId)!.payload)}`);
        tree = runProcesses();
        return tree.some((p) => /chrom/i.test(cmdline(p.pid)));
      },
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1500));
    tree = runProcesses();
    expect(tree.length).toBeGreaterThan(1);

    // The queued one never starts: it stops at once.
    expect(await runner().halt(queued.executionInstanceId, projectId)).toBe(true);
    const queuedStop = stopOf(queued.executionInstanceId);
    expect(queuedStop?.payload).toMatchObject({ status: 'stopped' });
    expect((queuedStop!.payload as LiveStatus).statusHistory.map((h) => h.status)).toEqual(['queued', 'stopped']);
    expect(await findRun(server.ctx.db, runIdOf(queued))).toBeUndefined();

    expect(await runner().halt(live.executionInstanceId, 'another-project')).toBe(false);
    expect(await runner().halt('no-such-instance', projectId)).toBe(false);
    const haltedAt = Date.now();
    expect(await runner().halt(live.executionInstanceId, projectId)).toBe(true);
    const stop = await waitFor('the stop event', () => stopOf(live.executionInstanceId), 10_000);
    expect(stop.at - haltedAt).toBeLessThan(5000);
    expect(stop.payload).toMatchObject({ status: 'stopped' });
    expect(eventsOf(live.executionInstanceId).some((e) => (e.payload as LiveStatus).verboseStatus === EXECUTION_MESSAGES.stopping)).toBe(true);
    expect(tree.filter((p) => isAlive(p))).toEqual([]);
    // The browser's and Playwright's temporary folders were in the sandbox's private /tmp: none is left in the host's.
    expect(browserLeftovers().filter((n) => !tmpBefore.includes(n))).toEqual([]);

    const run = await findRun(server.ctx.db, runIdOf(live));
    expect(run).toMatchObject({ status: 'Stopped', total_scenarios: 0, instance_id: live.executionInstanceId });
    expect((await findInstance(server.ctx.db, live.executionInstanceId))!.status).toBe('stopped');
    expect(runner().live(projectId)).toEqual([]);
    expect(await runner().halt(live.executionInstanceId, projectId)).toBe(false);
  }, 120_000);

  it('ends in error when the environment does not exist, and stores no run', async () => {
    const execution = await createExecution('Nowhere', [
      { name: 'Scenario Group 1', threadCount: 1, tags: [], scenarios: [{ featureIndex: 1, scenarioIndex: 0, command: '' }] },
    ]);
    const live = await runner().start({ execution, environment: 'production', trigger: 'schedule', userId: null, headless: true });
    const stop = await waitFor('the stop event', () => stopOf(live.executionInstanceId), 20_000);
    expect(stop.payload).toMatchObject({ status: 'error', verboseStatus: EXECUTION_MESSAGES.noEnvironment });
    expect((stop.payload as LiveStatus).statusHistory.map((h) => h.status)).toEqual(['queued', 'preparing', 'error']);
    expect(await findRun(server.ctx.db, runIdOf(live))).toBeUndefined();
    const row = await findInstance(server.ctx.db, live.executionInstanceId);
    expect(row).toMatchObject({ status: 'error', verbose_status: EXECUTION_MESSAGES.noEnvironment, environment: 'production', trigger: 'schedule' });
    expect(row!.logs.some((l) => l.endsWith(`error: ${EXECUTION_MESSAGES.noEnvironment}`))).toBe(true);
  }, 60_000);

  it('ends in error with the runner\'s reason when the runner cannot run at all (no browser)', async () => {
    const execution = await createExecution('No browser', [
      { name: 'Scenario Group 1', threadCount: 1, tags: [], scenarios: [{ featureIndex: 1, scenarioIndex: 0, command: '', featurePath: 'shop.feature', scenarioName: 'Uses a secret' }] },
    ]);
    const saved = { path: server.ctx.config.chromiumPath, headless: server.ctx.config.chromiumHeadlessPath };
    server.ctx.config.chromiumPath = '/nonexistent/chromium';
    server.ctx.config.chromiumHeadlessPath = 'off';
    try {
      const live = await runner().start({ execution, trigger: 'manual', userId: admin.userId, headless: true });
      const stop = await waitFor('the stop event', () => stopOf(live.executionInstanceId), 60_000);
      expect(stop.payload).toMatchObject({ status: 'error' });
      expect((stop.payload as LiveStatus).verboseStatus).toContain('/nonexistent/chromium');
      expect(await findRun(server.ctx.db, runIdOf(live))).toBeUndefined();
    } finally {
      server.ctx.config.chromiumPath = saved.path;
      server.ctx.config.chromiumHeadlessPath = saved.headless;
    }
  }, 90_000);

  it('marks what a crashed server left queued or running as errors when it starts again, and what a silent server left', async () => {
    const me = (runner() as RunManager).owner;
    const base = { project_id: projectId, execution_id: null, execution_name: 'Old', branch: 'main', trigger: 'manual', status_history: '[]', logs: '["started"]' };
    const counts = { scenarios_passed: 0, scenarios_failed: 0, total_scenarios: 0 };
    const old = new Date(Date.now() - 10 * 60_000);
    await server.ctx.db
      .insertInto('execution_instances')
      .values([
        { ...base, ...counts, id: 'crashed-running', status: 'running', verbose_status: 'Running', run_id: 'r-1', owner: me },
        { ...base, ...counts, id: 'crashed-queued', status: 'queued', verbose_status: 'Queued', run_id: 'r-2', owner: me },
        { ...base, ...counts, id: 'finished-before', status: 'passed', verbose_status: 'Done', run_id: 'r-3', owner: me },
        { ...base, ...counts, id: 'other-server-alive', status: 'running', verbose_status: 'Running', run_id: 'r-4', owner: 'elsewhere' },
        { ...base, ...counts, id: 'other-server-silent', status: 'running', verbose_status: 'Running', run_id: 'r-5', owner: 'elsewhere', heartbeat_at: old },
      ])
      .execute();
    const changed: string[] = [];
    const manager = new RunManager(server.ctx, { publish: () => {}, onInstancesChanged: (p) => changed.push(p) });
    await manager.ready;
    for (const id of ['crashed-running', 'crashed-queued', 'other-server-silent']) {
      const row = await findInstance(server.ctx.db, id);
      expect(row, id).toMatchObject({ status: 'error', verbose_status: RUN_MESSAGES.interrupted });
      expect(row!.finished_at).not.toBeNull();
      expect(row!.logs[0]).toBe('started');
      expect(row!.logs.at(-1)).toContain(RUN_MESSAGES.interrupted);
      expect(row!.status_history.at(-1)).toMatchObject({ status: 'error' });
    }
    expect((await findInstance(server.ctx.db, 'finished-before'))!.status).toBe('passed');
    expect((await findInstance(server.ctx.db, 'other-server-alive'))!.status).toBe('running');
    expect(changed).toEqual([projectId]);

    // The other server goes silent: the heartbeat sweep ends its instance.
    await server.ctx.db.updateTable('execution_instances').set({ heartbeat_at: old }).where('id', '=', 'other-server-alive').execute();
    await manager.heartbeat();
    expect(await findInstance(server.ctx.db, 'other-server-alive')).toMatchObject({ status: 'error', verbose_status: RUN_MESSAGES.abandoned });
    await manager.shutdown();
  });

});
