import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { Redis } from 'ioredis';
import type { RedisInvalidationBus } from '../cache/invalidation-bus.ts';
import { clusterSkipReason, startCluster, type Cluster } from './cluster-servers.ts';

/**
 * The API caches of two servers of one deployment (one PostgreSQL schema, one Redis; B calls A for
 * Git through WORKSPACE_URL): each server answers from its own memory, and a write through one server
 * is seen by the other's very next answer, because the writing request returns only once every
 * server has dropped what it touched (cache/invalidation-bus.ts).
 */
if (clusterSkipReason) console.log(`API caches across servers: skipped, ${clusterSkipReason}`);

const JUNIT = (name: string) => `<testsuite name="${name}"><testcase classname="shop" name="${name} case"/></testsuite>`;

describe.skipIf(!!clusterSkipReason)('API caches across two servers', () => {
  let cluster: Cluster;
  let a: TestServer;
  let b: TestServer;
  let admin: TestUser;
  let projectId: string;
  const on = (server: TestServer, user: TestUser) => new ApiClient(server.baseUrl, user.token);
  const runsList = (server: TestServer, user: TestUser) => on(server, user).post('runs/project/getDetails', { projectId, limit: 20 });
  const tree = (server: TestServer, user: TestUser) => on(server, user).post('workspace/get-feature-list', { projectId, branch: 'main', compact: true });
  /** Both servers hold the answer (two calls each: the second from memory). */
  const warm = async (call: (server: TestServer) => Promise<unknown>) => {
    for (const server of [a, b, a, b]) await call(server);
  };

  beforeAll(async () => {
    const token = randomBytes(24).toString('hex');
    // A owns the repositories (the workspace role); B reaches them over HTTP.
    cluster = await startCluster(2, (i, started): Record<string, string> => (i === 0 ? { WORKSPACE_TOKEN: token } : { WORKSPACE_TOKEN: token, WORKSPACE_URL: started[0].baseUrl }));
    [a, b] = cluster.servers;
    for (const s of cluster.servers) expect(s.ctx.caches.bus.healthy).toBe(true);
    admin = await signUpUser(a.baseUrl);
    projectId = await createProject(admin);
  }, 120_000);
  afterAll(() => cluster?.close());

  it('a logout through B: the same token is refused at once on A and on B', async () => {
    const user = await signUpUser(a.baseUrl);
    await warm((s) => on(s, user).get('auth/getNonIamUserByToken'));
    expect(a.ctx.caches.sessions.size).toBeGreaterThan(0);
    expectOk(await on(b, user).post('auth/logout'));
    expect((await on(a, user).get('auth/getNonIamUserByToken')).status).toBe(401);
    expect((await on(b, user).get('auth/getNonIamUserByToken')).status).toBe(401);
  });

  it('a member removed through B gets 403 at once on A (runs list and tree); their access key 401', async () => {
    const member = await signUpUser(a.baseUrl);
    await addMemberToProject(admin, member, projectId);
    const key = await createAccessKey(member, projectId);
    await warm((s) => runsList(s, member));
    await warm((s) => tree(s, member));
    await warm((s) => new ApiClient(s.baseUrl, key.token).post('runs/project/getDetails', { projectId }));
    expectOk(await on(b, admin).delete('auth/remove-member-or-invitation', { project_id: projectId, user_id_to_remove: member.userId, user_email_to_remove: member.email, status: 'member' }));
    expect((await runsList(a, member)).status).toBe(403);
    expect((await tree(a, member)).status).toBe(403);
    expect((await new ApiClient(a.baseUrl, key.token).post('runs/project/getDetails', { projectId })).status).toBe(401);
  });

  it('a run uploaded through B is in A\'s next runs list', async () => {
    await warm((s) => runsList(s, admin));
    const before = (await runsList(a, admin)).body.projectSummary.stats.total as number;
    const res = await fetch(`${b.baseUrl}/api/runs/upload-report?projectId=${projectId}&name=Through+B&branch=main`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/xml' },
      body: JUNIT('Through B'),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await runsList(a, admin)).body.projectSummary;
    expect(after.stats.total).toBe(before + 1);
    expect(after.reports[0].name).toBe('Through B');
  });

  it('a feature saved through B is in A\'s next tree, and one saved through A in B\'s; a selection saved through B is A\'s next', async () => {
    await warm((s) => tree(s, admin));
    expectOk(await on(b, admin).post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'via-b.feature', content: 'Feature: Via B\n\n  Scenario: One\n    Given I open the "/" page\n' } }));
    expect((await tree(a, admin)).body.foldersAndFeatures.map((n: { name: string }) => n.name)).toContain('via-b.feature');
    expectOk(await on(a, admin).post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'via-a.feature', content: 'Feature: Via A\n\n  Scenario: One\n    Given I open the "/" page\n' } }));
    expect((await tree(b, admin)).body.foldersAndFeatures.map((n: { name: string }) => n.name)).toContain('via-a.feature');

    await warm((s) => tree(s, admin));
    expectOk(await on(b, admin).post('workspace/updateLastActiveWorkspace', { projectId, branch: 'main', lastActiveFeature: 'via-b.feature', lastActiveFolder: 'features' }));
    expect((await tree(a, admin)).body.lastActiveFeature).toBe('via-b.feature');
  });

  it('a project renamed through A: B\'s next answer has the new name', async () => {
    await warm((s) => on(s, admin).get(`auth/getProject?project_id=${projectId}`));
    expectOk(await on(a, admin).post('auth/rename-project', { project_id: projectId, newName: 'Renamed shop' }));
    const seen = await on(b, admin).get(`auth/getProject?project_id=${projectId}`);
    expect(JSON.stringify(seen.body)).toContain('Renamed shop');
  });

  it('a server that loses its channel empties its caches and uses none until it is back; revocations reach it again after', async () => {
    const user = await signUpUser(a.baseUrl);
    await warm((s) => on(s, user).get('auth/getNonIamUserByToken'));
    expect(a.ctx.caches.sessions.size).toBeGreaterThan(0);
    const busA = a.ctx.caches.bus as RedisInvalidationBus;
    // Redis drops A's subscriber connection (as a restart or a network cut would).
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const list = (await redis.client('LIST')) as string;
      const id = list.split('\n').find((l) => l.includes(`name=${busA.connectionName}`))?.match(/\bid=(\d+)/)?.[1];
      expect(id).toBeTruthy();
      await redis.client('KILL', 'ID', id!);
    } finally {
      await redis.quit();
    }
    for (let i = 0; i < 100 && busA.healthy; i++) await new Promise((r) => setTimeout(r, 10));
    expect(a.ctx.caches.sessions.size).toBe(0);
    expect(await busA.ready()).toBe(true);
    await warm((s) => on(s, user).get('auth/getNonIamUserByToken'));
    expect(a.ctx.caches.sessions.size).toBeGreaterThan(0);
    expectOk(await on(b, user).post('auth/logout'));
    expect((await on(a, user).get('auth/getNonIamUserByToken')).status).toBe(401);
  });
});
