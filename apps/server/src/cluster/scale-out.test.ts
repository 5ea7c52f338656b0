import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { io as connect, type Socket } from 'socket.io-client';
import { EXECUTION_EVENTS, EXECUTION_SOCKET_PATH, type LiveStatus } from '@stepwise/shared';
import { ApiClient } from '../test/api-client.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { startSite, waitFor } from '../workers/workers-test-kit.ts';
import { BULLMQ_QUEUE } from '../executions/bullmq-scheduler.ts';
import { killGroup, ProcessCluster, type ServerProcess, type WorkerProcess } from './process-cluster.ts';

/**
 * The multi-machine layout as separate processes on one PostgreSQL schema and one Redis: a workspace
 * server owning the repositories, two API servers calling it over HTTP for Git (WORKSPACE_URL), two
 * run workers (one fetching its commits through B, so through the workspace server's upload-pack).
 * A feature saved through B is read through A; an execution started through B spreads over both
 * workers and is followed live on A; a worker killed
 * mid-run has its job retried on the other; a fire armed by both API servers is one job and fires once.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !pgUrl || !redisUrl ? 'TEST_DATABASE_URL and TEST_REDIS_URL are both needed (server and worker processes on PostgreSQL and Redis)' : null;
if (skipReason) console.log(`Scale-out with processes: skipped, ${skipReason}`);

const SCENARIOS = 20;
const feature = ['Feature: Scale', '', ...Array.from({ length: SCENARIOS }, (_, i) => [`  Scenario: Home ${i + 1}`, '    Given I open the "/" page', '    Then I should see "Welcome"', '']).flat()].join('\n');
const scenarios = (n: number) => Array.from({ length: n }, (_, i) => ({ featureIndex: 0, scenarioIndex: i, command: '', featurePath: 'scale.feature', scenarioName: `Home ${i + 1}` }));
const execution = (name: string, threadCount: number, count: number, extra: Record<string, unknown> = {}) => ({
  name,
  env: 'staging',
  branch: 'main',
  flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount, tags: [], scenarios: scenarios(count) }] }],
  ...extra,
});
const ENDED = ['passed', 'failed', 'stopped', 'error'];

describe.skipIf(!!skipReason)('scale-out: server, workspace and worker processes', () => {
  let cluster: ProcessCluster;
  let site: Awaited<ReturnType<typeof startSite>>;
  let workspace: ServerProcess;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestUser;
  let projectId: string;
  let executionId: string;
  let scheduledId: string;
  let fireAt: Date;
  const tokenIds: Record<string, string> = {};
  const workers: Record<string, WorkerProcess> = {};
  const via = (server: ServerProcess) => new ApiClient(server.url, admin.token);
  const query = async <T>(text: string, values: unknown[]) => (await cluster.db.query(text, values)).rows as T[];
  const diagnostics = () => [...cluster.servers, ...cluster.workers].flatMap((p) => p.output.slice(-30).map((l) => `${p.name}: ${l}`)).join('\n');

  const ended = (instanceId: string, timeoutMs: number) =>
    waitFor('the instance to end', async () => {
      const [row] = await query<{ status: string; run_id: string | null; logs: string[] }>('select status, run_id, logs from execution_instances where id = $1', [instanceId]);
      return row && ENDED.includes(row.status) ? row : null;
    }, timeoutMs);
  const jobsOf = (instanceId: string) =>
    query<{ id: string; status: string; worker_token_id: string | null; attempts: number }>('select id, status, worker_token_id, attempts from worker_jobs where instance_id = $1', [instanceId]);
  const runOf = async (runId: string) => (await query<{ scenarios_passed: number; scenarios_failed: number }>('select scenarios_passed, scenarios_failed from runs where id = $1', [runId]))[0];

  beforeAll(async () => {
    site = await startSite();
    cluster = new ProcessCluster({ redisUrl: redisUrl!, databaseUrl: pgUrl!, lockSeconds: 3, chromiumPath: '/usr/bin/chromium' });
    workspace = await cluster.startServer('workspace');
    admin = await signUpUser(workspace.url, { firstname: 'Ada', lastname: 'Lovelace' });
    projectId = await createProject(admin);
    for (const [directory, name, content] of [
      ['features', 'scale.feature', feature],
      ['environments', 'staging.json', JSON.stringify({ name: 'staging', baseUrl: site.url })],
    ]) expectOk(await admin.api.post('workspace/push-file', { projectId, branch: 'main', directory, file: { name, content } }));
    const created = await admin.api.post('executions/new', { projectId, execution: execution('Scale', 4, SCENARIOS) });
    expectOk(created);
    executionId = created.body.execution._id;
    const daily = { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false, time: '01:45', timeZone: 0 };
    const scheduled = await admin.api.post('executions/new', { projectId, execution: execution('Scheduled', 1, 1, { schedule: daily, enabled: true }) });
    expectOk(scheduled);
    scheduledId = scheduled.body.execution._id;
    // A fire an hour away that A and B arm from the database when they start (the workspace armed its
    // daily time): however slowly they start, it is still ahead. The schedule test brings it forward.
    fireAt = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
    await query('update executions set next_run_at = $1 where id = $2', [fireAt, scheduledId]);
    [a, b] = await Promise.all([cluster.startServer('api-a'), cluster.startServer('api-b')]);
    for (const name of ['worker-1', 'worker-2']) {
      const res = await via(a).post('workers/tokens', { projectId, name });
      expectOk(res);
      workers[name] = cluster.startWorker(name, res.body.token, name === 'worker-2' ? b.url : undefined);
    }
    const list = await via(b).get(`workers/tokens?project_id=${projectId}`);
    for (const t of list.body.workerTokens as Array<{ id: string; name: string }>) tokenIds[t.name] = t.id;
  }, 240_000);

  afterAll(async () => {
    await cluster?.close();
    await site?.close();
  });

  it('a feature saved through B is read through A: both call the workspace server', async () => {
    const saved = await via(b).post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'zz-from-b.feature', content: 'Feature: From B\n' } });
    expectOk(saved);
    const list = await via(a).post('workspace/get-feature-list', { projectId, isPrivateRepo: false });
    expectOk(list);
    expect((list.body.foldersAndFeatures as Array<{ path: string }>).map((f) => f.path)).toContain('zz-from-b.feature');
  });

  it('20 scenarios on 4 threads started through B spread over both workers and pass; a socket.io client on A follows it live', async () => {
    const socket: Socket = connect(a.url, { path: EXECUTION_SOCKET_PATH, query: { token: admin.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeStatus, projectId)).toEqual({ status: 'success' });
      const seen: Array<[string, unknown]> = [];
      socket.onAny((name: string, payload: unknown) => seen.push([name, payload]));

      const started = await via(b).post(`executions/run/${executionId}`, {});
      expectOk(started);
      const instanceId = started.body.executionInstanceId as string;
      const stopped = await new Promise<LiveStatus>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no stop event on A; seen: ${seen.map(([n]) => n).join(', ')}\n${diagnostics()}`)), 240_000);
        socket.on(EXECUTION_EVENTS.stop, (p: LiveStatus) => {
          if (p.executionInstanceId !== instanceId) return;
          clearTimeout(timer);
          resolve(p);
        });
      });
      const row = await ended(instanceId, 10_000);
      expect(stopped, [...row.logs, diagnostics()].join('\n')).toMatchObject({ executionId, status: 'passed', scenariosPassed: SCENARIOS, totalScenarios: SCENARIOS });
      const names = seen.map(([n]) => n);
      const startIndex = seen.findIndex(([n, p]) => n === EXECUTION_EVENTS.start && (p as LiveStatus).executionInstanceId === instanceId);
      expect(startIndex).toBeGreaterThanOrEqual(0);
      expect(startIndex).toBeLessThan(names.indexOf(EXECUTION_EVENTS.statusUpdate(instanceId)));
      const updates = seen.filter(([n]) => n === EXECUTION_EVENTS.statusUpdate(instanceId)).map(([, p]) => p as LiveStatus);
      expect(updates.map((u) => u.status)).toContain('running');

      // Four one-thread jobs, each run to the end, on both workers (the token each claimed with).
      const jobs = await jobsOf(instanceId);
      expect(jobs.map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);
      expect(new Set(jobs.map((j) => j.worker_token_id))).toEqual(new Set([tokenIds['worker-1'], tokenIds['worker-2']]));
      expect(await runOf(row.run_id!)).toEqual({ scenarios_passed: SCENARIOS, scenarios_failed: 0 });
      const list = await via(a).get(`workers/tokens?project_id=${projectId}`);
      for (const t of list.body.workerTokens as Array<{ jobsRun: number; lastSeenAt: string | null }>) {
        expect(t.jobsRun).toBeGreaterThanOrEqual(1);
        expect(t.lastSeenAt).not.toBeNull();
      }
    } finally {
      socket.disconnect();
    }
  }, 300_000);

  it('a worker killed (SIGKILL) mid-run: its job is retried on the other worker and every scenario is reported', async () => {
    const started = await via(b).post(`executions/run/${executionId}`, {});
    expectOk(started);
    const instanceId = started.body.executionInstanceId as string;
    const victim = await waitFor('worker-1 to run a job', async () => (await jobsOf(instanceId)).find((j) => j.status === 'running' && j.worker_token_id === tokenIds['worker-1']), 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    killGroup(workers['worker-1'].child);
    const row = await ended(instanceId, 240_000);
    const run = row.run_id ? await runOf(row.run_id) : null;
    const why = [...row.logs, diagnostics()].join('\n');
    expect(row.status, why).toBe('passed');
    expect(run!.scenarios_passed + run!.scenarios_failed, why).toBe(SCENARIOS);
    const retried = (await jobsOf(instanceId)).find((j) => j.id === victim.id)!;
    expect(retried, why).toMatchObject({ status: 'done', attempts: 2, worker_token_id: tokenIds['worker-2'] });
    expect(row.logs.join('\n')).toMatch(/Worker worker-2 took the job \(attempt 2/);
  }, 300_000);

  it('a fire armed by A and B at their start is one job in Redis and fires exactly once', async () => {
    const events = () => query<{ kind: string; scheduled_for: Date; instance_id: string | null }>('select kind, scheduled_for, instance_id from execution_events where execution_id = $1 order by id', [scheduledId]);
    // A and B each added the fire's delayed job: Redis holds one. It is made due in a second.
    const queue = new Queue(BULLMQ_QUEUE, { connection: { url: redisUrl! }, prefix: cluster.prefix });
    try {
      const fires = (await queue.getDelayed()).filter((j) => j.data.executionId === scheduledId && j.data.at === fireAt.getTime());
      expect(fires.map((j) => j.id)).toEqual([`fire-${scheduledId}-${fireAt.getTime()}`]);
      await fires[0].changeDelay(1000);
    } finally {
      await queue.close();
    }
    await waitFor('the fire', async () => (await events()).length > 0, 20_000);
    // Time for a second fire, were there one.
    await new Promise((r) => setTimeout(r, 3000));
    const seen = await events();
    expect(seen.map((e) => [e.kind, new Date(e.scheduled_for).getTime()])).toEqual([['fired', fireAt.getTime()]]);
    const instances = await query<{ id: string; trigger: string }>('select id, trigger from execution_instances where execution_id = $1', [scheduledId]);
    expect(instances).toEqual([{ id: seen[0].instance_id, trigger: 'schedule' }]);
    // It runs on the worker left, like any run.
    expect((await ended(instances[0].id, 120_000)).status).toBe('passed');
  }, 180_000);
});
