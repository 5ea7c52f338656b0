import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '@stepwise/shared';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import type { TestServer } from '../test/test-server.ts';
import { findInstance } from '../execution-runs/instances.repository.ts';
import { findRun } from '../runs/runs.repository.ts';
import { createWorkerToken, killGroup, spawnWorker, startSite, startWorkersServer, waitFor } from './workers-test-kit.ts';

/**
 * Run workers against a real Redis (TEST_REDIS_URL): worker processes take jobs from the BullMQ queue,
 * fetch the commit over Git smart HTTP, run Chromium in the sandbox and report through the API.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('workers.test.ts skipped: TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('run workers (TEST_REDIS_URL)', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let server: TestServer;
  let admin: TestUser;
  let projectId: string;
  const workers: ChildProcess[] = [];
  const output: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    ({ server, admin, projectId } = await startWorkersServer(redisUrl!, site.url));
  });
  // slow.feature's page is held until a test opens the gate (workers-test-kit.ts).
  beforeEach(() => site.closeGate());

  afterAll(async () => {
    for (const w of workers) killGroup(w);
    await server?.close();
    await site?.close();
  });

  async function execute(name: string, feature: 'shop.feature' | 'slow.feature', scenarios: string[], threadCount = 1): Promise<string> {
    const res = await admin.api.post('executions/new', {
      projectId,
      execution: {
        name,
        env: 'staging',
        branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount, tags: [], scenarios: scenarios.map((scenarioName, i) => ({ featureIndex: 0, scenarioIndex: i, command: '', featurePath: feature, scenarioName })) }] }],
      },
    });
    expectOk(res);
    const live = await server.ctx.executions.runner.start({ execution: res.body.execution as ExecutionDto, trigger: 'manual', userId: admin.userId, headless: true });
    return live.executionInstanceId;
  }

  const finished = (id: string, timeoutMs: number) =>
    waitFor('the instance to end', async () => {
      const row = await findInstance(server.ctx.db, id);
      return row && ['passed', 'failed', 'stopped', 'error'].includes(row.status) ? row : null;
    }, timeoutMs);

  it('worker tokens: admins only, shown once, revoked ones refused', async () => {
    const member = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, member, projectId);
    expect((await member.api.post('workers/tokens', { projectId, name: 'x' })).status).toBe(403);
    expect((await member.api.get(`workers/tokens?project_id=${projectId}`)).status).toBe(403);
    expect((await admin.api.post('workers/tokens', { projectId, name: '' })).status).toBe(400);
    const token = await createWorkerToken(admin, projectId, 'short-lived');
    const list = await admin.api.get(`workers/tokens?project_id=${projectId}`);
    expectOk(list);
    const row = list.body.workerTokens.find((t: { name: string }) => t.name === 'short-lived');
    expect(row).toMatchObject({ jobsRun: 0, lastSeenAt: null, revokedAt: null });
    expect(row.token).not.toBe(token);
    expect(list.body.enabled).toBe(true);

    const worker = new ApiClient(server.baseUrl, token);
    const reg = await worker.post('workers/register', {});
    expectOk(reg);
    expect(reg.body).toMatchObject({ projectId, queue: `runs-${projectId}`, redisUrl });
    expectOk(await admin.api.post('workers/tokens/revoke', { id: row.id }));
    expect((await worker.post('workers/register', {})).status).toBe(401);
    expect((await new ApiClient(server.baseUrl, admin.token).post('workers/register', {})).status).toBe(401);
    expect((await member.api.post('workers/tokens/revoke', { id: row.id })).status).toBe(403);
  });

  it('a worker process takes the job: the execution passes with its report stored, the token counts the job', async () => {
    const token = await createWorkerToken(admin, projectId, 'worker-1');
    workers.push(spawnWorker(server.baseUrl, token, output));
    const id = await execute('On a worker', 'shop.feature', ['Home page', 'Home page again']);
    const row = await finished(id, 150_000);
    expect(row.status, [...row.logs, ...output].join('\n')).toBe('passed');
    expect(row.logs.join('\n')).toMatch(/Worker worker-1 took the job/);
    const run = await findRun(server.ctx.db, row.run_id!);
    expect(run).toMatchObject({ scenarios_passed: 2, scenarios_failed: 0 });
    const list = await admin.api.get(`workers/tokens?project_id=${projectId}`);
    const w = list.body.workerTokens.find((t: { name: string }) => t.name === 'worker-1');
    expect(w.jobsRun).toBe(1);
    expect(w.lastSeenAt).not.toBeNull();
  }, 180_000);

  it('a group of two threads is split into two jobs that spread over two workers; one report', async () => {
    workers.push(spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'worker-2'), output));
    const id = await execute('Spread', 'shop.feature', ['Home page', 'Home page again'], 2);
    const row = await finished(id, 150_000);
    const log = row.logs.join('\n');
    expect(row.status, [log, ...output].join('\n')).toBe('passed');
    expect(log).toMatch(/Worker worker-1 took the job/);
    expect(log).toMatch(/Worker worker-2 took the job/);
    const run = await findRun(server.ctx.db, row.run_id!);
    expect(run).toMatchObject({ scenarios_passed: 2, scenarios_failed: 0 });
  }, 180_000);

  it('halt reaches the worker running the job: the instance stops within seconds', async () => {
    const id = await execute('Halted on a worker', 'slow.feature', ['Waits']);
    await waitFor('the worker to run it', async () => (await server.ctx.executions.runner.logs(id))?.some((l) => l.includes('Running on worker')), 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    const asked = Date.now();
    expect(await server.ctx.executions.runner.halt(id, projectId)).toBe(true);
    const row = await finished(id, 30_000);
    expect(row.status).toBe('stopped');
    expect(Date.now() - asked).toBeLessThan(10_000);
  }, 120_000);

  it('a worker killed mid-run: its job is retried once on another worker and the execution ends passed', async () => {
    for (const w of workers.splice(0)) killGroup(w);
    const first = spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'doomed'), output);
    workers.push(first);
    const id = await execute('Worker dies', 'slow.feature', ['Waits']);
    await waitFor('the first worker to run it', async () => (await server.ctx.executions.runner.logs(id))?.some((l) => l.includes('Running on worker')), 60_000);
    killGroup(first);
    site.openGate();
    workers.push(spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'survivor'), output));
    const row = await finished(id, 120_000);
    const log = row.logs.join('\n');
    expect(row.status, [log, ...output].join('\n')).toBe('passed');
    expect(log).toMatch(/Worker doomed took the job/);
    expect(log).toMatch(/Worker survivor took the job \(attempt 2/);
  }, 180_000);

  it('a worker stopped (SIGTERM) mid-job gives the job back; another worker finishes it', async () => {
    for (const w of workers.splice(0)) killGroup(w);
    const leaving: string[] = [];
    const first = spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'leaving'), leaving);
    workers.push(first);
    const id = await execute('Worker leaves', 'slow.feature', ['Waits']);
    await waitFor('the first worker to run it', async () => (await server.ctx.executions.runner.logs(id))?.some((l) => l.includes('Running on worker')), 60_000);
    const exited = new Promise<number | null>((r) => first.once('exit', (code) => r(code)));
    first.kill('SIGTERM');
    expect(await exited).toBe(0);
    site.openGate();
    workers.push(spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'staying'), output));
    const row = await finished(id, 120_000);
    const log = row.logs.join('\n');
    expect(row.status, [log, ...leaving, ...output].join('\n')).toBe('passed');
    expect(log).toMatch(/was stopped; the job goes back to the queue/);
    expect(log).toMatch(/Worker staying took the job \(attempt 2\)/);
  }, 180_000);

  it('a worker whose token is revoked gives the job back and stops; a worker with a valid token runs it', async () => {
    for (const w of workers.splice(0)) killGroup(w);
    const revokedOut: string[] = [];
    const name = 'to-revoke';
    const revoked = spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, name), revokedOut);
    workers.push(revoked);
    await waitFor('the worker to register', () => revokedOut.some((l) => l.includes('waiting for jobs')), 30_000);
    const list = await admin.api.get(`workers/tokens?project_id=${projectId}`);
    expectOk(await admin.api.post('workers/tokens/revoke', { id: list.body.workerTokens.find((t: { name: string }) => t.name === name).id }));
    const exited = new Promise<number | null>((r) => revoked.once('exit', (code) => r(code)));
    const id = await execute('After a revoke', 'shop.feature', ['Home page']);
    expect(await exited).toBe(1);
    expect(revokedOut.join('\n')).toMatch(/refused the worker token/);
    workers.push(spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'valid'), output));
    const row = await finished(id, 120_000);
    expect(row.status, [...row.logs, ...output].join('\n')).toBe('passed');
    expect(row.logs.join('\n')).toMatch(/Worker valid took the job/);
  }, 180_000);

  it('a job whose workers all die twice ends the instance in error with the reason', async () => {
    for (const w of workers.splice(0)) killGroup(w);
    const token = await createWorkerToken(admin, projectId, 'fragile');
    const id = await execute('Workers keep dying', 'slow.feature', ['Waits']);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const w = spawnWorker(server.baseUrl, token, output);
      workers.push(w);
      await waitFor(`attempt ${attempt} to run`, async () => (await server.ctx.executions.runner.logs(id))?.filter((l) => l.includes('Running on worker')).length === attempt, 60_000);
      killGroup(w);
    }
    // The stalled check of a live worker fails the job (stalled more than once).
    workers.push(spawnWorker(server.baseUrl, token, output));
    const row = await finished(id, 60_000);
    expect(row.status).toBe('error');
    expect(row.logs.join('\n')).toMatch(/The job failed on the workers: .*stalled/);
  }, 180_000);

  it('halting an instance whose job waits for a worker takes the job off the queue and stops at once', async () => {
    for (const w of workers.splice(0)) killGroup(w);
    const id = await execute('No worker yet', 'shop.feature', ['Home page']);
    await waitFor('the job to be queued', async () => (await server.ctx.db.selectFrom('worker_jobs').select('id').where('instance_id', '=', id).executeTakeFirst()) ?? null, 30_000);
    expect(await server.ctx.executions.runner.halt(id, projectId)).toBe(true);
    const row = await finished(id, 10_000);
    expect(row.status).toBe('stopped');
    const job = await server.ctx.db.selectFrom('worker_jobs').selectAll().where('instance_id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'halted', payload: '', token_hash: null });
    // A worker started now finds nothing to run.
    const late: string[] = [];
    workers.push(spawnWorker(server.baseUrl, await createWorkerToken(admin, projectId, 'late'), late));
    await waitFor('the late worker to register', () => late.some((l) => l.includes('waiting for jobs')), 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(late.join('\n')).not.toMatch(/Job /);
  }, 60_000);
});
