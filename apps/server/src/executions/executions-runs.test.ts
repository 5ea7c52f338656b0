import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_EVENTS, EXECUTION_MESSAGES, type LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { timeOfDayFromNow } from '../test/schedules.ts';
import type { ExecutionRunner, RunnerHooks, StartRunInput } from './execution-runner.ts';
import { EmbeddedScheduler } from './scheduler.ts';
import { nextFireAt } from './schedule-math.ts';

/**
 * A runner for these tests only: it keeps "instances" in memory and publishes what the run manager
 * publishes, so that starting, halting and scheduled fires can be observed without running browsers.
 */
class TestRunner implements ExecutionRunner {
  readonly started: StartRunInput[] = [];
  readonly halted: string[] = [];
  private readonly hooks: RunnerHooks;
  private readonly active = new Map<string, { projectId: string; status: LiveStatus }>();
  private n = 0;
  constructor(hooks: RunnerHooks) {
    this.hooks = hooks;
  }
  async start(input: StartRunInput): Promise<LiveStatus> {
    this.started.push(input);
    const now = new Date().toISOString();
    this.n += 1;
    const status: LiveStatus = {
      executionInstanceId: `instance-${this.n}`,
      executionId: input.execution._id,
      reportLink: `/${input.execution.projectId}/run-report/run-${this.n}`,
      status: 'running',
      verboseStatus: 'Running',
      startTime: now,
      scenariosPassed: 0,
      scenariosFailed: 0,
      totalScenarios: 2,
      timestamp: now,
      statusHistory: [{ status: 'running', verboseStatus: 'Running', timestamp: now }],
    };
    this.active.set(status.executionInstanceId, { projectId: input.execution.projectId, status });
    this.hooks.publish(input.execution.projectId, EXECUTION_EVENTS.start, status);
    this.hooks.onInstancesChanged(input.execution.projectId);
    return status;
  }
  async halt(instanceId: string, projectId: string): Promise<boolean> {
    const a = this.active.get(instanceId);
    if (!a || a.projectId !== projectId) return false;
    this.active.delete(instanceId);
    this.halted.push(instanceId);
    this.hooks.publish(projectId, EXECUTION_EVENTS.stop, { ...a.status, status: 'stopped' });
    this.hooks.onInstancesChanged(projectId);
    return true;
  }
  live(projectId: string): LiveStatus[] {
    return [...this.active.values()].filter((a) => a.projectId === projectId).map((a) => a.status);
  }
  async logs(): Promise<string[] | null> {
    return null;
  }
  async shutdown(): Promise<void> {}
}

let server: TestServer;
let runner: TestRunner;
let alice: TestUser;
let bob: TestUser;
let projectA: string;

beforeAll(async () => {
  server = await startTestServer();
  runner = new TestRunner(server.ctx.executions.hooks);
  server.ctx.executions.useRunner(runner);
  [alice, bob] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectA = await createProject(alice, { name: 'A' });
  await addMemberToProject(alice, bob, projectA);
});
afterEach(() => server.ctx.executions.setClock(null));
afterAll(() => server.close());

let seq = 0;
const group = (n: number, threadCount: number) => ({
  name: 'Scenario Group 1',
  threadCount,
  scenarios: Array.from({ length: n }, (_, i) => ({ featureIndex: 0, scenarioIndex: i, command: '' })),
  tags: ['@smoke'],
});
const daily = { days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false, time: '01:45', timeZone: 0 };

async function create(user: TestUser, projectId: string, over: Record<string, unknown> = {}) {
  seq += 1;
  const res = await user.api.post('executions/new', {
    projectId,
    execution: { name: `Run ${seq}`, env: 'staging', flows: [{ scenarioGroups: [group(3, 2)] }], ...over },
  });
  expectOk(res);
  return res.body.execution as { _id: string; projectId: string; name: string; nextRunAt: string | null };
}
const row = (id: string) => server.ctx.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const events = (id: string) => server.ctx.db.selectFrom('execution_events').selectAll().where('execution_id', '=', id).orderBy('id').execute();
const setRow = (id: string, patch: { next_run_at?: Date | null; enabled?: boolean }) => server.ctx.db.updateTable('executions').set(patch).where('id', '=', id).execute();
const scheduler = () => server.ctx.executions.scheduler as EmbeddedScheduler;

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('run now, live instances, halt', () => {
  it('starts a run with the execution as saved, threads capped by today\'s plan', async () => {
    const created = await create(alice, projectA, { flows: [{ scenarioGroups: [group(3, 3)] }] });
    await server.ctx.db.updateTable('projects').set({ max_execution_threads: 1 }).where('id', '=', projectA).execute();
    try {
      const res = await bob.api.post(`executions/run/${created._id}`, { VIA_CRON: false, HEADLESS: false, environment: 'prod', RUN_AS_MOCK: false });
      expectOk(res);
      expect(res.body).toEqual({ status: 'success', wasRunInitiated: true, executionInstanceId: expect.any(String), reportLink: expect.stringContaining(`/${projectA}/run-report/`) });
      const input = runner.started.at(-1)!;
      expect(input).toMatchObject({ environment: 'prod', trigger: 'manual', userId: bob.userId, headless: false });
      expect(input.execution).toMatchObject({ _id: created._id, projectId: projectA, name: created.name });
      expect(input.execution.flows[0].scenarioGroups[0].threadCount).toBe(1);

      const one = await alice.api.get(`executions/${created._id}`);
      expect(one.body.execution).toMatchObject({ running: true, liveInstance: { executionInstanceId: res.body.executionInstanceId } });
      const instances = await alice.api.get(`executions/instances?projectId=${projectA}`);
      expect(instances.body.instances.map((s: LiveStatus) => s.executionInstanceId)).toContain(res.body.executionInstanceId);

      expectOk(await alice.api.post(`executions/halt/${res.body.executionInstanceId}`));
      expect(runner.halted).toContain(res.body.executionInstanceId);
      expect((await alice.api.get(`executions/${created._id}`)).body.execution).toMatchObject({ running: false, liveInstance: null });
      expectError(await alice.api.post(`executions/halt/${res.body.executionInstanceId}`), 404, EXECUTION_MESSAGES.instanceNotFound);
    } finally {
      await server.ctx.db.updateTable('projects').set({ max_execution_threads: 50 }).where('id', '=', projectA).execute();
    }
  });

  it('names the trigger: an access key is "api", VIA_CRON is "schedule"; the body may be left out', async () => {
    const created = await create(alice, projectA);
    const key = await createAccessKey(alice, projectA);
    expectOk(await alice.api.withToken(key.token).post(`executions/run/${created._id}`, {}));
    expect(runner.started.at(-1)).toMatchObject({ trigger: 'api', headless: true, environment: undefined });
    expectOk(await alice.api.post(`executions/run/${created._id}`, { VIA_CRON: true }));
    expect(runner.started.at(-1)!.trigger).toBe('schedule');
    expectOk(await alice.api.request('POST', `executions/run/${created._id}`));
    expect(runner.started.at(-1)!.trigger).toBe('manual');
  });

  it('a member of another project can neither halt nor see an instance', async () => {
    const outsider = await signUpUser(server.baseUrl);
    const created = await create(alice, projectA);
    const res = await alice.api.post(`executions/run/${created._id}`, {});
    expectError(await outsider.api.post(`executions/halt/${res.body.executionInstanceId}`), 404);
    expectError(await outsider.api.post(`executions/halt/${res.body.executionInstanceId}?projectId=${projectA}`), 403);
    expectError(await outsider.api.get(`executions/instances?projectId=${projectA}`), 403);
    expect(runner.live(projectA).map((s) => s.executionInstanceId)).toContain(res.body.executionInstanceId);
  });

  it('DELETE halts the execution\'s live instances first', async () => {
    const created = await create(alice, projectA);
    const res = await alice.api.post(`executions/run/${created._id}`, {});
    expectOk(await alice.api.delete(`executions/${created._id}`));
    expect(runner.halted).toContain(res.body.executionInstanceId);
    expect(runner.live(projectA).some((s) => s.executionId === created._id)).toBe(false);
  });
});

describe('the embedded scheduler', () => {
  it('fires a schedule at its time: the run starts with the scheduled environment, and the next fire is set', async () => {
    const created = await create(alice, projectA, { schedule: daily });
    expectOk(await alice.api.post(`executions/schedule/${created._id}`, { envVariables: { environment: 'nightly-env', HEADLESS: false } }));
    const soon = new Date(Date.now() + 1200);
    await setRow(created._id, { next_run_at: soon });
    await scheduler().refresh(created._id);
    expect(scheduler().armedAt(created._id)?.getTime()).toBe(soon.getTime());

    const fired = await until(async () => (await events(created._id)).find((e) => e.kind === 'fired'));
    expect(new Date(fired.scheduled_for!).getTime()).toBe(soon.getTime());
    const input = runner.started.find((s) => s.execution._id === created._id)!;
    expect(input).toMatchObject({ trigger: 'schedule', userId: null, environment: 'nightly-env', headless: false });
    expect(fired.instance_id).toBe(runner.live(projectA).find((s) => s.executionId === created._id)?.executionInstanceId);

    const after = await row(created._id);
    expect(new Date(after.last_fired_at!).getTime()).toBe(soon.getTime());
    const expectedNext = nextFireAt(daily as never, null, soon)!;
    expect(new Date(after.next_run_at!).getTime()).toBe(expectedNext.getTime());
    expect(scheduler().armedAt(created._id)?.getTime()).toBe(expectedNext.getTime());
  });

  it('a fire found late (past the grace) is reported as missed and not run', async () => {
    const created = await create(alice, projectA, { schedule: daily, enabled: true });
    const startsBefore = runner.started.length;
    const due = new Date(Date.now() + 60_000);
    await setRow(created._id, { next_run_at: due });
    // the process was blocked for five minutes: the clock is past the fire when its timer runs
    server.ctx.executions.setClock(() => new Date(due.getTime() + 5 * 60_000));
    await scheduler().refresh(created._id);
    const missed = await until(async () => (await events(created._id)).find((e) => e.kind === 'missed'));
    expect(new Date(missed.scheduled_for!).getTime()).toBe(due.getTime());
    expect(missed.message).toBe(EXECUTION_MESSAGES.missedFire);
    expect(runner.started.length).toBe(startsBefore);
    expect((await row(created._id)).last_fired_at).toBeNull();
    expect(new Date((await row(created._id)).next_run_at!).getTime()).toBeGreaterThan(due.getTime() + 5 * 60_000);
  });

  it('after a restart, fires that passed while the server was stopped are reported as missed, never run, and not reported twice', async () => {
    const created = await create(alice, projectA, { schedule: daily, enabled: true });
    await scheduler().stop();
    // the server was down for three days and a bit: the stored next fire is long past
    const now = Date.now();
    const firstMissed = nextFireAt(daily as never, null, new Date(now - 3.5 * 86_400_000))!;
    await setRow(created._id, { next_run_at: firstMissed });
    const startsBefore = runner.started.length;

    await scheduler().start();
    const missed = (await events(created._id)).filter((e) => e.kind === 'missed');
    expect(missed.length).toBeGreaterThanOrEqual(3);
    expect(missed.length).toBeLessThanOrEqual(4);
    expect(new Date(missed[0].scheduled_for!).getTime()).toBe(firstMissed.getTime());
    for (const m of missed) expect(new Date(m.scheduled_for!).getTime()).toBeLessThanOrEqual(now + 1000);
    expect(runner.started.length).toBe(startsBefore);
    const next = new Date((await row(created._id)).next_run_at!);
    expect(next.getTime()).toBeGreaterThan(now);
    expect(scheduler().armedAt(created._id)?.getTime()).toBe(next.getTime());

    // a second restart finds nothing new to report
    await scheduler().stop();
    await scheduler().start();
    expect((await events(created._id)).filter((e) => e.kind === 'missed')).toHaveLength(missed.length);
    const api = await alice.api.get(`executions/events/${created._id}`);
    expect(api.body.events[0]).toMatchObject({ kind: 'missed', executionId: created._id });
  });

  it('a fresh scheduler on the same database (another process) sees the same state', async () => {
    // A daily time six hours from now: no fire of its own falls in the two hours the row missed.
    const created = await create(alice, projectA, { schedule: { ...daily, time: timeOfDayFromNow(6) }, enabled: true });
    const past = new Date(Date.now() - 2 * 3600_000);
    await setRow(created._id, { next_run_at: past });
    const other = new EmbeddedScheduler({ db: server.ctx.db, log: server.ctx.log, keeper: server.ctx.executions.keeper, clock: () => new Date() });
    await other.start();
    try {
      expect((await events(created._id)).map((e) => [e.kind, new Date(e.scheduled_for!).getTime()])).toEqual([['missed', past.getTime()]]);
      expect(other.armedAt(created._id)?.getTime()).toBe(new Date((await row(created._id)).next_run_at!).getTime());
    } finally {
      await other.stop();
    }
  });

  it('a fire is taken once: a stale timer for a time the row no longer expects does nothing', async () => {
    const created = await create(alice, projectA, { schedule: daily, enabled: true });
    const stored = new Date((await row(created._id)).next_run_at!);
    const startsBefore = runner.started.length;
    const next = await server.ctx.executions.keeper.fire(created._id, new Date(stored.getTime() - 86_400_000));
    expect(next?.getTime()).toBe(stored.getTime());
    expect(runner.started.length).toBe(startsBefore);
    expect(await events(created._id)).toEqual([]);
  });

  it('biweekly with an injected clock: set on a Wednesday, fires Friday, skips the next week', async () => {
    const wednesday = new Date('2025-01-08T10:00:00Z');
    server.ctx.executions.setClock(() => wednesday);
    const schedule = { days: ['Mon', 'Fri'], isBiweekly: true, time: '01:45', timeZone: 0 };
    const created = await create(alice, projectA, { schedule, enabled: true });
    expect(created.nextRunAt).toBe('2025-01-10T01:45:00.000Z');

    const friday = new Date('2025-01-10T01:45:00Z');
    server.ctx.executions.setClock(() => new Date(friday.getTime() + 2000));
    const next = await server.ctx.executions.keeper.fire(created._id, friday);
    expect(next?.toISOString()).toBe('2025-01-20T01:45:00.000Z');
    expect(runner.started.at(-1)!.execution._id).toBe(created._id);
    expect((await alice.api.get(`executions/${created._id}`)).body.execution.nextRunAt).toBe('2025-01-20T01:45:00.000Z');
    await alice.api.post(`executions/deschedule/${created._id}`);
  });

  it('the sweep deschedules the executions of a project that expired, and a fire of an expired project does not run', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user);
    const swept = await create(user, project, { schedule: daily, enabled: true });
    const fired = await create(user, project, { schedule: daily, enabled: true });
    expect(scheduler().armedAt(swept._id)).not.toBeNull();
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', project).execute();

    const startsBefore = runner.started.length;
    const due = new Date((await row(fired._id)).next_run_at!);
    expect(await server.ctx.executions.keeper.fire(fired._id, due)).toBeNull();
    expect(runner.started.length).toBe(startsBefore);
    expect((await row(fired._id)).enabled).toBe(false);
    expect((await row(swept._id)).enabled).toBe(false);

    // the same through the minute sweep, on a project expired later
    const project2 = await createProject(user);
    const third = await create(user, project2, { schedule: daily, enabled: true });
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', project2).execute();
    await scheduler().tick();
    expect(await row(third._id)).toMatchObject({ enabled: false, next_run_at: null });
    expect(scheduler().armedAt(third._id)).toBeNull();
    expect((await events(third._id)).map((e) => e.kind)).toEqual(['descheduled']);
  });

  it('a scheduled fire that cannot start (no threads in any flow) is written as failed', async () => {
    const created = await create(alice, projectA, { schedule: daily, enabled: true, flows: [{ scenarioGroups: [group(2, 0)] }] });
    const due = new Date((await row(created._id)).next_run_at!);
    server.ctx.executions.setClock(() => due);
    await server.ctx.executions.keeper.fire(created._id, due);
    expect((await events(created._id)).map((e) => [e.kind, e.message])).toEqual([['failed', EXECUTION_MESSAGES.allocateThreads]]);
  });
});
