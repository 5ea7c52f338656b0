import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { timeOfDayFromNow } from '../test/schedules.ts';
import { BULLMQ_QUEUE, BullMqScheduler } from './bullmq-scheduler.ts';

/**
 * The BullMQ scheduler against a real Redis: only with TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).
 * Two schedulers on one database and one Redis stand for two server processes.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('BullMQ scheduler (TEST_REDIS_URL)', () => {
  let server: TestServer;
  let user: TestUser;
  let projectId: string;
  const prefix = `stepwise-test-${randomBytes(4).toString('hex')}`;
  const schedulers: BullMqScheduler[] = [];
  const make = () => {
    const s = new BullMqScheduler({ db: server.ctx.db, log: server.ctx.log, keeper: server.ctx.executions.keeper, clock: () => new Date(), redisUrl: redisUrl!, prefix });
    schedulers.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer();
    await server.ctx.executions.scheduler.stop();
    user = await signUpUser(server.baseUrl);
    projectId = await createProject(user);
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    const queue = new Queue(BULLMQ_QUEUE, { connection: { url: redisUrl! }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    await server.close();
  });

  // Daily, six hours from now: no fire of its own falls in the hour the first row missed (a fixed
  // time of day would be missed too whenever the test runs in the hour after it).
  const daily = { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false, time: timeOfDayFromNow(6), timeZone: 0 };
  let seq = 0;
  async function create(threads: number) {
    seq += 1;
    const res = await user.api.post('executions/new', {
      projectId,
      execution: {
        name: `BullMQ ${seq}`,
        env: 'staging',
        schedule: daily,
        enabled: true,
        flows: [{ scenarioGroups: [{ name: 'G', threadCount: threads, scenarios: [{ featureIndex: 0, scenarioIndex: 0 }], tags: [] }] }],
      },
    });
    expectOk(res);
    return res.body.execution._id as string;
  }
  const events = (id: string) => server.ctx.db.selectFrom('execution_events').selectAll().where('execution_id', '=', id).orderBy('id').execute();
  const setNext = (id: string, at: Date) => server.ctx.db.updateTable('executions').set({ next_run_at: at }).where('id', '=', id).execute();

  it('two processes: a fire missed while both were down is reported once; a fire due now is taken once', async () => {
    const missedId = await create(0);
    const dueId = await create(0);
    const past = new Date(Date.now() - 3600_000);
    await setNext(missedId, past);
    const due = new Date(Date.now() + 1500);
    await setNext(dueId, due);

    const [a, b] = [make(), make()];
    await Promise.all([a.start(), b.start()]);
    expect((await events(missedId)).map((e) => [e.kind, new Date(e.scheduled_for!).getTime()])).toEqual([['missed', past.getTime()]]);

    const end = Date.now() + 10_000;
    while (!(await events(dueId)).length && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    // the fire ran once (zero threads: the start is refused and written as failed)
    expect((await events(dueId)).map((e) => [e.kind, e.message, new Date(e.scheduled_for!).getTime()])).toEqual([
      ['failed', EXECUTION_MESSAGES.allocateThreads, due.getTime()],
    ]);
    const row = await server.ctx.db.selectFrom('executions').selectAll().where('id', '=', dueId).executeTakeFirstOrThrow();
    expect(new Date(row.last_fired_at!).getTime()).toBe(due.getTime());
    expect(new Date(row.next_run_at!).getTime()).toBeGreaterThan(due.getTime());
  });

  it('the sweep deschedules an expired project\'s executions', async () => {
    const id = await create(1);
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', projectId).execute();
    await schedulers[0].tick();
    const row = await server.ctx.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: false, next_run_at: null });
    expect((await events(id)).map((e) => e.kind)).toEqual(['descheduled']);
  });
});
