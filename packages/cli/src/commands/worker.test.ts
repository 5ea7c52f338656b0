import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDto } from '@stepwise/shared';
import type { TestServer } from '../../../../apps/server/src/test/test-server.ts';
import type { TestUser } from '../../../../apps/server/src/test/factories.ts';
import { expectOk } from '../../../../apps/server/src/test/assertions.ts';
import { findInstance } from '../../../../apps/server/src/execution-runs/instances.repository.ts';
import { createWorkerToken, killGroup, startSite, startWorkersServer, waitFor } from '../../../../apps/server/src/workers/workers-test-kit.ts';
import { main } from '../main.ts';
import { CLI_BIN } from './register-protocol.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('worker.test.ts skipped: TEST_REDIS_URL is not set');

/** `stepwise worker` against a real server with run workers on (TEST_REDIS_URL). */
describe.skipIf(!redisUrl)('stepwise worker (TEST_REDIS_URL)', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let server: TestServer;
  let admin: TestUser;
  let projectId: string;
  let worker: ChildProcess | null = null;
  const output: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    ({ server, admin, projectId } = await startWorkersServer(redisUrl!, site.url));
  });

  afterAll(async () => {
    if (worker) killGroup(worker);
    await server?.close();
    await site?.close();
  });

  it('refuses a missing, malformed or unknown token with a message (exit 2)', async () => {
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => errors.push(String(s)) > 0) as typeof process.stderr.write;
    try {
      expect(await main(['node', 'stepwise', 'worker', '--server', server.baseUrl, '--token', 'swk_not-a-worker'])).toBe(2);
      expect(await main(['node', 'stepwise', 'worker', '--server', server.baseUrl, '--token', 'sww_unknown'])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toMatch(/not a worker token/);
    expect(errors.join('')).toMatch(/could not start: workers\/register \(401\): Invalid or revoked worker token/);
  });

  it('runs a job of the project: the execution passes', async () => {
    const token = await createWorkerToken(admin, projectId, 'cli');
    worker = spawn(process.execPath, [CLI_BIN, 'worker', '--server', server.baseUrl, '--token', token], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', CHROMIUM_PATH: '/usr/bin/chromium', LOG_LEVEL: 'silent' },
    });
    worker.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    worker.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    await waitFor('the worker to register', () => output.join('').includes('waiting for jobs'), 30_000);

    const res = await admin.api.post('executions/new', {
      projectId,
      execution: { name: 'CLI worker', env: 'staging', branch: 'main', flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, command: '', featurePath: 'shop.feature', scenarioName: 'Home page' }] }] }] },
    });
    expectOk(res);
    const live = await server.ctx.executions.runner.start({ execution: res.body.execution as ExecutionDto, trigger: 'manual', userId: admin.userId, headless: true });
    const row = await waitFor('the instance to end', async () => {
      const r = await findInstance(server.ctx.db, live.executionInstanceId);
      return r && !['queued', 'preparing', 'running'].includes(r.status) ? r : null;
    }, 120_000);
    expect(row.status, [...row.logs, ...output].join('\n')).toBe('passed');
    expect(output.join('')).toMatch(/done \(exit code 0\)/);

    // Ctrl+C: the worker stops and exits 0.
    const exited = new Promise<number | null>((r) => worker!.once('exit', (code) => r(code)));
    worker.kill('SIGINT');
    expect(await exited).toBe(0);
    worker = null;
  }, 180_000);
});
