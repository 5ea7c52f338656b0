import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTION_MESSAGES, MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectA = await createProject(alice, { name: 'A' });
  projectB = await createProject(carol, { name: 'B' });
  await addMemberToProject(alice, bob, projectA);
});
afterAll(() => server.close());

let seq = 0;
const scenarios = (n: number) => Array.from({ length: n }, (_, i) => ({ featureIndex: 0, scenarioIndex: i, command: '' }));
const group = (n = 2, threadCount = 1) => ({ name: 'Scenario Group 1', threadCount, scenarios: scenarios(n), tags: ['@smoke'] });
function execution(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Nightly ${seq}`,
    env: 'staging',
    branch: 'main',
    flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [group()] }],
    schedule: null,
    isSingleThreaded: false,
    enabled: false,
    ...over,
  };
}
const weekly = (over: Record<string, unknown> = {}) => ({ days: ['Mon'], isBiweekly: false, time: '01:45', timeZone: 0, ...over });

async function create(user: TestUser, projectId: string, over: Record<string, unknown> = {}) {
  const res = await user.api.post('executions/new', { projectId, execution: execution(over), maxThreads: 5 });
  expectOk(res);
  return res.body.execution;
}
const put = (user: TestUser, id: string, exec: unknown, query = '') => user.api.request('PUT', `executions/${id}${query}`, { execution: exec });
const setProject = (id: string, patch: { max_execution_threads?: number; expires_at?: Date | null }) =>
  server.ctx.db.updateTable('projects').set(patch).where('id', '=', id).execute();

describe('create, read, list', () => {
  it('creates an execution and answers it with who made it; GET and the list show it', async () => {
    const res = await alice.api.post('executions/new', { projectId: projectA, execution: execution({ name: '  Smoke suite  ' }), maxThreads: 5 });
    expectOk(res);
    const created = res.body.execution;
    expect(created).toMatchObject({
      name: 'Smoke suite',
      env: 'staging',
      branch: 'main',
      projectId: projectA,
      userId: alice.userId,
      modifiedByUserId: alice.userId,
      enabled: false,
      running: false,
      schedule: null,
      liveInstance: null,
      nextRunAt: null,
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdByName).toMatch(/^Test User\d+$/);

    const one = await bob.api.get(`executions/${created._id}`);
    expectOk(one);
    expect(one.body.execution).toEqual(created);

    const list = await bob.api.get(`executions?projectId=${projectA}`);
    expectOk(list);
    expect(list.body.executions.map((e: { _id: string }) => e._id)).toContain(created._id);
  });

  it('takes the project from the x-project-id header when the query has none, and needs one of them', async () => {
    const created = await create(alice, projectA);
    const res = await alice.api.request('GET', 'executions', undefined, { 'x-project-id': projectA });
    expectOk(res);
    expect(res.body.executions.map((e: { _id: string }) => e._id)).toContain(created._id);
    expectError(await alice.api.get('executions'), 400, EXECUTION_MESSAGES.projectRequired);
  });

  it('fills the defaults: branch main, Chromium, Desktop - 1024px, not single-threaded', async () => {
    const res = await alice.api.post('executions/new', {
      projectId: projectA,
      execution: { name: `Defaults ${++seq}`, env: 'staging', flows: [{ scenarioGroups: [group()] }] },
    });
    expectOk(res);
    expect(res.body.execution).toMatchObject({ branch: 'main', isSingleThreaded: false, enabled: false, schedule: null, aiRecovery: false, screenshots: 'each-step' });
    expect(res.body.execution.flows[0]).toMatchObject({ browser: 'chromium', viewport: 'Desktop - 1024px' });
  });

  it('keeps which steps get a screenshot: every step, failed steps only or none; anything else is a 400', async () => {
    const created = await create(alice, projectA, { screenshots: 'on-failure' });
    expect(created.screenshots).toBe('on-failure');
    expect((await bob.api.get(`executions/${created._id}`)).body.execution.screenshots).toBe('on-failure');
    const res = await put(bob, created._id, execution({ name: created.name, screenshots: 'off' }));
    expectOk(res);
    expect((await alice.api.get(`executions/${created._id}`)).body.execution.screenshots).toBe('off');
    const bad = await alice.api.post('executions/new', { projectId: projectA, execution: execution({ screenshots: 'sometimes' }) });
    expect(bad.status).toBe(400);
    expect((await put(bob, created._id, execution({ name: created.name, screenshots: '' }))).status).toBe(400);
    expect((await alice.api.get(`executions/${created._id}`)).body.execution.screenshots).toBe('off');
  });

  it('names the creator and modifier by name, else email, else "Unknown User"', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user);
    const created = await create(user, project);
    await server.ctx.db.updateTable('users').set({ firstname: '', lastname: '' }).where('id', '=', user.userId).execute();
    let row = (await user.api.get(`executions?projectId=${project}`)).body.executions[0];
    expect(row.createdByName).toBe(user.email);
    await server.ctx.db.updateTable('executions').set({ created_by: 'gone-user', modified_by: null }).where('id', '=', created._id).execute();
    row = (await user.api.get(`executions?projectId=${project}`)).body.executions[0];
    expect(row.createdByName).toBe('Unknown User');
    expect(row.modifiedByName).toBeNull();
  });

  it('answers 404 for an execution that does not exist', async () => {
    expectError(await alice.api.get('executions/no-such-execution'), 404, EXECUTION_MESSAGES.notFound);
    expectError(await alice.api.request('DELETE', 'executions/no-such-execution'), 404, EXECUTION_MESSAGES.notFound);
    expectError(await alice.api.post('executions/schedule/no-such-execution', { schedule: weekly() }), 404, EXECUTION_MESSAGES.notFound);
  });
});

describe('validation (spec 002 section 5)', () => {
  const post = (exec: unknown) => alice.api.post('executions/new', { projectId: projectA, execution: exec });

  it('needs a name, an environment and a branch', async () => {
    expectError(await post(execution({ name: '   ' })), 400, 'Execution name is required');
    expectError(await post(execution({ env: '' })), 400, 'Environment is required');
    expectError(await post(execution({ branch: ' ' })), 400, /branch/);
    expectError(await alice.api.post('executions/new', { projectId: projectA }), 400, /execution/);
  });

  it('a schedule needs at least one day, and a time in 15-minute steps', async () => {
    expectError(await post(execution({ schedule: weekly({ days: [] }) })), 400, EXECUTION_MESSAGES.atLeastOneDay);
    expectError(await post(execution({ schedule: weekly({ time: '01:20' }) })), 400, 'Time must be HH:MM in 15-minute steps');
    expectError(await post(execution({ schedule: weekly({ time: '24:00' }) })), 400, 'Time must be HH:MM in 15-minute steps');
    expectError(await post(execution({ schedule: weekly({ days: ['Funday'] }) })), 400, /days/);
    expectError(await post(execution({ schedule: weekly({ timeZone: 15 }) })), 400, /timeZone/);
  });

  it('keeps the selected days in week order, once each, and takes fractional GMT offsets', async () => {
    const created = await create(alice, projectA, { schedule: weekly({ days: ['Sun', 'Fri', 'Mon', 'Wed', 'Mon'], timeZone: 5.5, time: '23:45' }) });
    expect(created.schedule).toEqual({ days: ['Mon', 'Wed', 'Fri', 'Sun'], isBiweekly: false, time: '23:45', timeZone: 5.5 });
  });

  it('caps each group\'s threads at the project\'s allowance and at the group\'s scenario count', async () => {
    // A group with tags and no listed scenarios is chosen by its tags when it runs: only the plan caps it.
    const flows = [
      {
        scenarioGroups: [
          group(3, 10),
          { ...group(60, 64), name: 'Scenario Group 2' },
          { ...group(0, 4), name: 'Empty', tags: [] },
          { ...group(0, 64), name: 'By tag' },
        ],
      },
    ];
    let created = await create(alice, projectA, { flows });
    expect(created.flows[0].scenarioGroups.map((g: { threadCount: number }) => g.threadCount)).toEqual([3, 50, 0, 50]);
    await setProject(projectA, { max_execution_threads: 2 });
    try {
      created = await create(alice, projectA, { flows });
      expect(created.flows[0].scenarioGroups.map((g: { threadCount: number }) => g.threadCount)).toEqual([2, 2, 0, 2]);
      const res = await put(alice, created._id, { ...execution({ name: created.name }), flows: [{ scenarioGroups: [group(5, 5)] }] });
      expectOk(res);
      expect(res.body.execution.flows[0].scenarioGroups[0].threadCount).toBe(2);
    } finally {
      await setProject(projectA, { max_execution_threads: 50 });
    }
  });

  it('a name is unique in its project, whatever its case: 409 on create and on rename', async () => {
    const first = await create(alice, projectA, { name: 'Release check' });
    expectError(
      await alice.api.post('executions/new', { projectId: projectA, execution: execution({ name: 'release CHECK' }) }),
      409,
      EXECUTION_MESSAGES.uniqueName,
    );
    const second = await create(alice, projectA, { name: 'Release check 2' });
    expectError(await put(alice, second._id, execution({ name: 'Release Check' })), 409, EXECUTION_MESSAGES.uniqueName);
    // its own name, and the same name in another project, are fine
    expectOk(await put(alice, first._id, execution({ name: 'Release check', env: 'prod' })));
    await create(carol, projectB, { name: 'Release check' });
  });
});

describe('update, schedule, deschedule, delete', () => {
  it('PUT saves the execution; the modifier is the caller, whatever the body says', async () => {
    const created = await create(alice, projectA);
    const res = await put(bob, created._id, { ...execution({ name: created.name, env: 'production', branch: 'release' }), modifiedByUserId: alice.userId });
    expectOk(res);
    expect(res.body.execution).toMatchObject({ env: 'production', branch: 'release', userId: alice.userId, modifiedByUserId: bob.userId });
    expect(res.body.execution.modifiedByName).toMatch(/^Test User\d+$/);
    expect(res.body.execution.modifiedByName).not.toBe(res.body.execution.createdByName);
    expect((await alice.api.get(`executions/${created._id}`)).body.execution.env).toBe('production');
  });

  it('schedule turns the execution on and sets its next fire; deschedule turns it off', async () => {
    const created = await create(alice, projectA);
    expectError(await alice.api.post(`executions/schedule/${created._id}`, { envVariables: {} }), 400, EXECUTION_MESSAGES.scheduleRequired);

    const before = Date.now();
    const res = await alice.api.post(`executions/schedule/${created._id}`, { envVariables: { environment: 'staging', HEADLESS: true }, schedule: weekly({ days: ['Tue', 'Thu'] }) });
    expectOk(res);
    expect(res.body.execution).toMatchObject({ enabled: true, schedule: weekly({ days: ['Tue', 'Thu'] }) });
    const next = new Date(res.body.execution.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime()).toBeLessThanOrEqual(before + 7 * 86_400_000);
    expect([2, 4]).toContain(next.getUTCDay());
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 45]);

    // scheduling again without a schedule keeps the stored one
    expectOk(await alice.api.post(`executions/schedule/${created._id}`));

    const off = await alice.api.post(`executions/deschedule/${created._id}`);
    expectOk(off);
    expect(off.body.execution).toMatchObject({ enabled: false, nextRunAt: null, schedule: weekly({ days: ['Tue', 'Thu'] }) });
  });

  it('PUT with wasScheduleUpdated=true reschedules an enabled execution; enabled without a schedule stays off', async () => {
    const created = await create(alice, projectA, { schedule: weekly(), enabled: true });
    expect(new Date(created.nextRunAt).getUTCDay()).toBe(1);
    const res = await put(alice, created._id, execution({ name: created.name, schedule: weekly({ days: ['Sat'], time: '12:30', timeZone: -3 }), enabled: true }), '?wasScheduleUpdated=true&environment=prod');
    expectOk(res);
    const next = new Date(res.body.execution.nextRunAt);
    // Saturday 12:30 at GMT-3 is Saturday 15:30 GMT
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([6, 15, 30]);
    expect(server.ctx.executions.scheduler.kind).toBe('embedded');

    const noSchedule = await put(alice, created._id, execution({ name: created.name, schedule: null, enabled: true }), '?wasScheduleUpdated=true');
    expectOk(noSchedule);
    expect(noSchedule.body.execution).toMatchObject({ enabled: false, schedule: null, nextRunAt: null });
  });

  it('DELETE removes the execution', async () => {
    const created = await create(alice, projectA);
    expectOk(await bob.api.delete(`executions/${created._id}`));
    expectError(await alice.api.get(`executions/${created._id}`), 404);
    const list = await alice.api.get(`executions?projectId=${projectA}`);
    expect(list.body.executions.map((e: { _id: string }) => e._id)).not.toContain(created._id);
  });

  it('run without threads in any whole flow is refused with the spec\'s message', async () => {
    const created = await create(alice, projectA, { flows: [{ scenarioGroups: [group(2, 1), { ...group(2, 0), name: 'Idle' }] }, { scenarioGroups: [] }] });
    expectError(await alice.api.post(`executions/run/${created._id}`, { HEADLESS: true }), 400, EXECUTION_MESSAGES.allocateThreads);
  });
});

describe('authorization', () => {
  let execA: { _id: string; name: string };
  beforeAll(async () => {
    execA = await create(alice, projectA, { schedule: weekly() });
  });

  const calls = (id: string, projectId: string): Array<[string, string, unknown?]> => [
    ['GET', `executions?projectId=${projectId}`],
    ['GET', `executions/instances?projectId=${projectId}`],
    ['GET', `executions/${id}`],
    ['GET', `executions/events/${id}`],
    ['POST', 'executions/new', { projectId, execution: execution() }],
    ['PUT', `executions/${id}`, { execution: execution() }],
    ['POST', `executions/run/${id}`, {}],
    ['POST', `executions/schedule/${id}`, { envVariables: {} }],
    ['POST', `executions/deschedule/${id}`, {}],
    ['DELETE', `executions/${id}`],
  ];

  it('every call answers 401 without a token', async () => {
    const anon = new ApiClient(server.baseUrl);
    for (const [method, path, body] of [...calls(execA._id, projectA), ['POST', 'executions/halt/some-instance', {}] as [string, string, unknown]]) {
      expectError(await anon.request(method, path, body), 401, MSG.unauthorized);
    }
  });

  it('every call answers 403 to a user who is not a member of the execution\'s project', async () => {
    for (const [method, path, body] of calls(execA._id, projectA)) {
      expectError(await carol.api.request(method, path, body), 403);
    }
    const after = await alice.api.get(`executions/${execA._id}`);
    expect(after.body.execution).toMatchObject({ name: execA.name, enabled: false });
  });

  it('an access key opens the list, an execution and its instances in its own project only', async () => {
    const keyA = await createAccessKey(alice, projectA);
    const keyB = await createAccessKey(carol, projectB);
    const withA = alice.api.withToken(keyA.token);
    expectOk(await withA.get(`executions?projectId=${projectA}`));
    expectOk(await withA.get(`executions/${execA._id}`));
    expectOk(await withA.get(`executions/instances?projectId=${projectA}`));
    // another project's key: 403, even though carol holds it
    const withB = carol.api.withToken(keyB.token);
    expectError(await withB.get(`executions?projectId=${projectA}`), 403);
    expectError(await withB.get(`executions/${execA._id}`), 403);
    expectError(await withB.post(`executions/run/${execA._id}`, {}), 403);
    // the planner's writes need a session
    expectError(await withA.post('executions/new', { projectId: projectA, execution: execution() }), 401);
    expectError(await withA.request('PUT', `executions/${execA._id}`, { execution: execution() }), 401);
    expectError(await withA.delete(`executions/${execA._id}`), 401);
    expectError(await withA.post(`executions/schedule/${execA._id}`, {}), 401);
  });

  it('halt of an instance that is not live in any of the caller\'s projects is 404', async () => {
    expectError(await alice.api.post('executions/halt/no-such-instance'), 404, EXECUTION_MESSAGES.instanceNotFound);
  });
});

describe('licence', () => {
  it('a project without execution threads cannot create, schedule or run executions', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user);
    const existing = await create(user, project, { schedule: weekly() });
    await setProject(project, { max_execution_threads: 0 });
    expectError(await user.api.post('executions/new', { projectId: project, execution: execution() }), 403, EXECUTION_MESSAGES.needsLicence);
    expectError(await user.api.post(`executions/schedule/${existing._id}`, {}), 403, EXECUTION_MESSAGES.needsLicence);
    expectError(await user.api.post(`executions/run/${existing._id}`, {}), 403, EXECUTION_MESSAGES.needsLicence);
    expectError(await put(user, existing._id, execution({ name: existing.name, schedule: weekly(), enabled: true })), 403, EXECUTION_MESSAGES.needsLicence);
    // reading, editing a disabled one and descheduling stay possible
    expectOk(await user.api.get(`executions?projectId=${project}`));
    expectOk(await put(user, existing._id, execution({ name: existing.name, env: 'other' })));
    expectOk(await user.api.post(`executions/deschedule/${existing._id}`));
  });

  it('an expired project refuses run, schedule, update and delete', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user);
    const existing = await create(user, project);
    await setProject(project, { expires_at: new Date(Date.now() - 1000) });
    expectError(await user.api.post(`executions/run/${existing._id}`, {}), 403, MSG.licenceExpired);
    expectError(await user.api.post(`executions/schedule/${existing._id}`, { schedule: weekly() }), 403, MSG.licenceExpired);
    expectError(await put(user, existing._id, execution({ name: existing.name })), 403, MSG.licenceExpired);
    expectError(await user.api.delete(`executions/${existing._id}`), 403, MSG.licenceExpired);
    expectOk(await user.api.get(`executions/${existing._id}`));
  });

  it('on expiry every enabled execution of the project is descheduled, with an event saying why', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user);
    const a = await create(user, project, { schedule: weekly(), enabled: true });
    const b = await create(user, project, { schedule: weekly({ days: ['Fri'] }), enabled: true });
    const other = await create(alice, projectA, { schedule: weekly(), enabled: true });
    expect([a.enabled, b.enabled]).toEqual([true, true]);
    await setProject(project, { expires_at: new Date(Date.now() - 1000) });

    const list = await user.api.get(`executions?projectId=${project}`);
    expectOk(list);
    expect(list.body.executions.map((e: { enabled: boolean; nextRunAt: string | null; schedule: unknown }) => [e.enabled, e.nextRunAt, e.schedule !== null])).toEqual([
      [false, null, true],
      [false, null, true],
    ]);
    const events = await user.api.get(`executions/events/${a._id}`);
    expect(events.body.events).toEqual([expect.objectContaining({ kind: 'descheduled', message: EXECUTION_MESSAGES.descheduledExpired, executionId: a._id })]);
    // another project's executions are untouched
    expect((await alice.api.get(`executions/${other._id}`)).body.execution.enabled).toBe(true);
  });
});
