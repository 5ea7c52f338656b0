import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { clusterSkipReason, startCluster, type Cluster } from './cluster-servers.ts';

/**
 * Schedules with two API servers running their schedulers (BullMQ on one Redis, one database): every
 * fire is taken once, by one server, whichever armed it.
 */
if (clusterSkipReason) console.log(`Schedules on two servers: skipped, ${clusterSkipReason}`);

describe.skipIf(!!clusterSkipReason)('schedules on two API servers', () => {
  let cluster: Cluster;
  let a: TestServer;
  let b: TestServer;
  let user: TestUser;
  let projectId: string;

  beforeAll(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.servers;
    user = await signUpUser(a.baseUrl);
    projectId = await createProject(user);
  }, 120_000);
  afterAll(() => cluster?.close());

  const daily = { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false, time: '01:45', timeZone: 0 };
  const events = (id: string) => a.ctx.db.selectFrom('execution_events').selectAll().where('execution_id', '=', id).orderBy('id').execute();
  const instances = (id: string) => a.ctx.db.selectFrom('execution_instances').select(['id', 'trigger']).where('execution_id', '=', id).execute();

  it('three executions due at once fire once each, with both servers\' schedulers armed', async () => {
    expect(a.ctx.executions.scheduler.kind).toBe('bullmq');
    expect(b.ctx.executions.scheduler.kind).toBe('bullmq');
    const ids: string[] = [];
    // Created through A, B and A.
    for (const [i, server] of [a, b, a].entries()) {
      const res = await new ApiClient(server.baseUrl, user.token).post('executions/new', {
        projectId,
        execution: {
          name: `Scheduled ${i}`,
          env: 'staging',
          schedule: daily,
          enabled: true,
          flows: [{ scenarioGroups: [{ name: 'G', threadCount: 1, scenarios: [{ featureIndex: 0, scenarioIndex: 0 }], tags: [] }] }],
        },
      });
      expectOk(res);
      ids.push(res.body.execution._id);
    }
    const due = new Date(Date.now() + 2000);
    await a.ctx.db.updateTable('executions').set({ next_run_at: due }).where('id', 'in', ids).execute();
    // Both servers arm the new fire time (as each would after a change it learns of): one job each in Redis.
    for (const id of ids) await Promise.all([a.ctx.executions.scheduler.refresh(id), b.ctx.executions.scheduler.refresh(id)]);

    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await Promise.all(ids.map(events))).some((e) => e.length === 0)) await new Promise((r) => setTimeout(r, 200));
    // Time for a second fire, were there one.
    await new Promise((r) => setTimeout(r, 2500));
    for (const id of ids) {
      const seen = await events(id);
      expect(seen.map((e) => [e.kind, new Date(e.scheduled_for!).getTime()]), id).toEqual([['fired', due.getTime()]]);
      expect(await instances(id)).toEqual([{ id: seen[0].instance_id, trigger: 'schedule' }]);
      const row = await a.ctx.db.selectFrom('executions').select(['last_fired_at', 'next_run_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(new Date(row.last_fired_at!).getTime()).toBe(due.getTime());
      expect(new Date(row.next_run_at!).getTime()).toBeGreaterThan(due.getTime());
    }
  }, 60_000);
});
