import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { EXECUTION_EVENTS, EXECUTION_SOCKET_PATH, type ExecutionDto, type LiveStatus } from '@stepwise/shared';
import type { TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { SOCKET_PATH } from '../realtime/realtime.ts';
import { listTestCases } from '../runs/runs.repository.ts';
import { clusterSkipReason, startCluster, type Cluster } from './cluster-servers.ts';

/**
 * Two API servers of one deployment (one PostgreSQL schema, one Redis, blobs in PostgreSQL), as
 * behind a load balancer: a browser on server A follows a run started through server B, events and
 * revocations cross servers, rate limits and the sign-in throttle count across them.
 */
if (clusterSkipReason) console.log(`Two API servers: skipped, ${clusterSkipReason}`);

const FEATURE = `Feature: Shop

  Scenario: Home page loads its data
    Given I open the "/" page
    Then I should see "Loaded"
`;
const SLOW_FEATURE = `Feature: Slow

  Scenario: Takes its time
    Given I open the "/" page
    When I wait 60 seconds
`;
const PAGE = `<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1><div id="out"></div>
<script>fetch('/api/data').then((r) => r.json()).then((d) => { document.getElementById('out').textContent = d.msg; });</script></body></html>`;

describe.skipIf(!!clusterSkipReason)('two API servers on one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  let a: TestServer;
  let b: TestServer;
  let site: http.Server;
  let admin: TestUser;
  let projectId: string;
  const open: Socket[] = [];
  /** The same user's calls through server A (the session lives in the shared database). */
  const viaA = (user: TestUser) => new ApiClient(a.baseUrl, user.token);

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url === '/api/data') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: 'Loaded' }));
      else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    cluster = await startCluster(2, { BLOB_STORE: 'postgres' }, { chromiumPath: '/usr/bin/chromium' });
    [a, b] = cluster.servers;
    admin = await signUpUser(b.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' });
    projectId = await createProject(admin);
    // The project's repository is on server B (the workspace role of this deployment).
    await b.ctx.workspaces.write(projectId, 'main', { name: 'Ada', email: admin.email }, 'test files', async () => [
      { path: 'features/shop.feature', content: FEATURE },
      { path: 'features/slow.feature', content: SLOW_FEATURE },
      { path: 'environments/staging.json', content: JSON.stringify({ name: 'staging', baseUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}` }) },
    ]);
  }, 120_000);
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await cluster?.close();
    await new Promise((r) => site?.close(r));
  });

  function socketOn(server: TestServer, path: string, query: Record<string, string>): Promise<Socket> {
    const s = connect(server.baseUrl, { path, query, transports: ['websocket'], reconnection: false, forceNew: true });
    open.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
  const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

  it('a client on server A sees the live status and the list of an execution started through server B; A serves its report and screenshots', async () => {
    const s = await socketOn(a, EXECUTION_SOCKET_PATH, { token: admin.token });
    expect(await s.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeStatus, projectId)).toEqual({ status: 'success' });
    expect(await s.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeCrud, projectId)).toEqual({ status: 'success' });
    const seen: Array<[string, unknown]> = [];
    s.onAny((name: string, payload: unknown) => seen.push([name, payload]));

    // Created through B: the list reaches A's subscriber from B.
    const listed = next<ExecutionDto[]>(s, EXECUTION_EVENTS.crudUpdate);
    const created = await admin.api.post('executions/new', {
      projectId,
      execution: {
        name: 'Across servers',
        env: 'staging',
        branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 0, scenarioIndex: 0, featurePath: 'shop.feature', scenarioName: 'Home page loads its data' }] }] }],
      },
    });
    expectOk(created);
    const execution = created.body.execution as ExecutionDto;
    expect((await listed).map((e) => e._id)).toContain(execution._id);

    const started = await admin.api.post(`executions/run/${execution._id}`, {});
    expectOk(started);
    const instanceId = started.body.executionInstanceId as string;
    const stopped = await new Promise<LiveStatus>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no stop event on A; seen: ${seen.map(([n]) => n).join(', ')}`)), 150_000);
      s.on(EXECUTION_EVENTS.stop, (p: LiveStatus) => {
        if (p.executionInstanceId !== instanceId) return;
        clearTimeout(timer);
        resolve(p);
      });
    });
    expect(stopped).toMatchObject({ executionId: execution._id, status: 'passed', scenariosPassed: 1, totalScenarios: 1 });
    const names = seen.map(([n]) => n);
    expect(names).toContain(EXECUTION_EVENTS.start);
    const updates = seen.filter(([n]) => n === EXECUTION_EVENTS.statusUpdate(instanceId)).map(([, p]) => (p as LiveStatus).status);
    expect(updates).toContain('running');
    expect(names.indexOf(EXECUTION_EVENTS.start)).toBeLessThan(names.indexOf(EXECUTION_EVENTS.statusUpdate(instanceId)));
    // The instance's start and stop pushed the list again (from B).
    expect(names.filter((n) => n === EXECUTION_EVENTS.crudUpdate).length).toBeGreaterThanOrEqual(3);

    // B ran it and stored the report; A reads the run and its screenshots (blobs in PostgreSQL).
    const runId = stopped.reportLink.split('/').pop()!;
    const run = await viaA(admin).get(`runs/cucumber-runs/get?runId=${runId}`);
    expectOk(run);
    const cases = await listTestCases(a.ctx.db, runId);
    const shot = (cases[0].steps as Array<{ screenshotId?: string }>).map((st) => st.screenshotId).find(Boolean);
    expect(shot).toBeTruthy();
    const image = await fetch(`${a.baseUrl}/api/runs/screenshots/run/${projectId}/${runId}/${shot}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 180_000);

  it('a halt sent to server A stops the run server B runs', async () => {
    const s = await socketOn(a, EXECUTION_SOCKET_PATH, { token: admin.token });
    expect(await s.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeStatus, projectId)).toEqual({ status: 'success' });
    const created = await admin.api.post('executions/new', {
      projectId,
      execution: {
        name: 'Halted across servers',
        env: 'staging',
        branch: 'main',
        flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: [], scenarios: [{ featureIndex: 1, scenarioIndex: 0, featurePath: 'slow.feature', scenarioName: 'Takes its time' }] }] }],
      },
    });
    expectOk(created);
    const running = new Promise<string>((resolve) => {
      s.on(EXECUTION_EVENTS.start, (p: LiveStatus) => {
        s.on(EXECUTION_EVENTS.statusUpdate(p.executionInstanceId), (u: LiveStatus) => u.status === 'running' && resolve(p.executionInstanceId));
      });
    });
    const started = await admin.api.post(`executions/run/${(created.body.execution as ExecutionDto)._id}`, {});
    expectOk(started);
    const instanceId = started.body.executionInstanceId as string;
    expect(await running).toBe(instanceId);
    const stopped = next<LiveStatus>(s, EXECUTION_EVENTS.stop);
    const t0 = Date.now();
    expectOk(await viaA(admin).post(`executions/halt/${instanceId}?projectId=${projectId}`, {}));
    expect(await stopped).toMatchObject({ executionInstanceId: instanceId, status: 'stopped' });
    expect(Date.now() - t0).toBeLessThan(30_000);
    // Once it has ended, neither server runs it: a halt is refused as not running.
    expect((await viaA(admin).post(`executions/halt/${instanceId}?projectId=${projectId}`, {})).status).toBe(409);
  }, 120_000);

  it('an event posted through B reaches the project\'s storage sockets on A', async () => {
    const s = await socketOn(a, SOCKET_PATH, { token: admin.token, projectId });
    const received = next(s, 'upload_report');
    expectOk(await admin.api.post('storage/event', { event: 'upload_report', projectId }));
    expect(await received).toEqual({ event: 'upload_report', projectId });
  });

  it('a logout through B cuts the session\'s sockets on A; a member removed through B leaves its rooms on A', async () => {
    const user = await signUpUser(b.baseUrl);
    const storage = await socketOn(a, SOCKET_PATH, { token: user.token });
    const ws = await socketOn(a, EXECUTION_SOCKET_PATH, { token: user.token });
    const cut = Promise.all([next(storage, 'disconnect'), next(ws, 'disconnect')]);
    expectOk(await user.api.post('auth/logout'));
    expect(await cut).toEqual(['io server disconnect', 'io server disconnect']);

    const dave = await signUpUser(b.baseUrl);
    await addMemberToProject(admin, dave, projectId);
    const d = await socketOn(a, EXECUTION_SOCKET_PATH, { token: dave.token });
    expect(await d.timeout(3000).emitWithAck(EXECUTION_EVENTS.subscribeCrud, projectId)).toEqual({ status: 'success' });
    const daveStorage = await socketOn(a, SOCKET_PATH, { token: dave.token, projectId });
    const storageCut = next(daveStorage, 'disconnect');
    expectOk(await admin.api.delete('auth/remove-member-or-invitation', { project_id: projectId, user_id_to_remove: dave.userId, user_email_to_remove: dave.email, status: 'member' }));
    expect(await storageCut).toBe('io server disconnect');
    const seen: string[] = [];
    d.onAny((name: string) => seen.push(name));
    expectOk(await admin.api.post('executions/new', { projectId, execution: { name: 'After removal', env: 'staging', flows: [{ scenarioGroups: [{ name: 'G', threadCount: 1, scenarios: [], tags: ['@a'] }] }] } }));
    await new Promise((r) => setTimeout(r, 800));
    expect(seen).toEqual([]);
  });

  it('the sign-in throttle counts across servers (the database): failures through A and B lock the account from that address', async () => {
    const user = await signUpUser(b.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = new ApiClient(i % 2 ? a.baseUrl : b.baseUrl);
      // The sign-in route's own rate limit is per address and route; this test stays under it.
      statuses.push((await client.post('auth/signin-without-iam', { email: user.email, password: `wrong ${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await new ApiClient(a.baseUrl).post('auth/signin-without-iam', { email: user.email, password: user.password })).status).toBe(429);
  });
  it('rate limits count across servers: the 31st sign-up call in a minute is refused whichever server gets it', async () => {
    const anonA = new ApiClient(a.baseUrl);
    const anonB = new ApiClient(b.baseUrl);
    // Calls with a body the route refuses still count (the limit is checked first); earlier tests signed up too.
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) statuses.push((await (i % 2 ? anonA : anonB).post('auth/signup-without-iam', { email: 'x' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(31);
    expect((await anonA.post('auth/signup-without-iam', { email: 'x' })).status).toBe(429);
    expect((await anonB.post('auth/signup-without-iam', { email: 'x' })).status).toBe(429);
  });

});
