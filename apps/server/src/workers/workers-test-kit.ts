import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WORKER_MAIN = path.join(here, 'worker-main.ts');

/** How long /slow answers at most while its gate is closed. */
const SLOW_PAGE_MS = 12_000;

/**
 * A small page for the scenarios: "Welcome". /slow is the same page, held while the gate is closed
 * (at most SLOW_PAGE_MS): a run of slow.feature is certain to be still running until the test opens
 * the gate, and then finishes at once (a retried job need not wait the whole time again).
 */
export async function startSite(): Promise<{ url: string; openGate(): void; closeGate(): void; close(): Promise<void> }> {
  let gate = new AbortController();
  const page = '<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1></body></html>';
  const site = http.createServer((req, res) => {
    const answer = () => {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
    };
    if (req.url !== '/slow' || gate.signal.aborted) return answer();
    const timer = setTimeout(answer, SLOW_PAGE_MS);
    gate.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      answer();
    });
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    openGate: () => gate.abort(),
    closeGate: () => {
      if (gate.signal.aborted) gate = new AbortController();
    },
    close: () => {
      gate.abort();
      site.closeAllConnections();
      return new Promise((r) => site.close(() => r()));
    },
  };
}

export const FEATURES = {
  'features/shop.feature': `Feature: Shop

  Scenario: Home page
    Given I open the "/" page
    Then I should see "Welcome"

  Scenario: Home page again
    Given I open the "/" page
    Then I should see "Welcome"
`,
  'features/slow.feature': `@slow
Feature: Slow

  Scenario: Waits
    Given I open the "/slow" page
    Then I should see "Welcome"
`,
};

/** A server with run workers on (its own queue prefix on the test Redis), and a project with the features above. */
export async function startWorkersServer(redisUrl: string, siteUrl: string, env: Record<string, string> = {}): Promise<{ server: TestServer; admin: TestUser; projectId: string; prefix: string }> {
  const prefix = `t-${randomBytes(5).toString('hex')}`;
  const server = await startTestServer({ REDIS_URL: redisUrl, RUN_WORKERS: 'external', RUN_QUEUE_PREFIX: prefix, RUN_WORKER_LOCK_SECONDS: '3', ...env }, { chromiumPath: '/usr/bin/chromium' });
  const admin = await signUpUser(server.baseUrl);
  const projectId = await createProject(admin);
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Ada', email: admin.email }, 'test files', async () => [
    ...Object.entries(FEATURES).map(([p, content]) => ({ path: p, content })),
    { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: siteUrl }) },
  ]);
  return { server, admin, projectId, prefix };
}

export async function createWorkerToken(admin: TestUser, projectId: string, name = 'worker'): Promise<string> {
  const res = await admin.api.post('workers/tokens', { projectId, name });
  expectOk(res);
  return res.body.token;
}

/** A worker process (the server package's worker role), in a process group of its own so that a test can kill it whole. */
export function spawnWorker(baseUrl: string, token: string, output: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [WORKER_MAIN, '--server', baseUrl, '--token', token], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', CHROMIUM_PATH: '/usr/bin/chromium', LOG_LEVEL: 'silent' },
  });
  const keep = (d: Buffer) => output.push(...d.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
