import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { EXECUTION_EVENTS, EXECUTION_SOCKET_PATH, MSG, type ExecutionDto } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let projectA: string;
let projectB: string;
const open: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectA = await createProject(alice, { name: 'A' });
  projectB = await createProject(carol, { name: 'B' });
  await addMemberToProject(alice, bob, projectA);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => server.close());

let seq = 0;
async function create(user: TestUser, projectId: string, over: Record<string, unknown> = {}): Promise<ExecutionDto> {
  seq += 1;
  const res = await user.api.post('executions/new', {
    projectId,
    execution: { name: `Socket ${seq}`, env: 'staging', flows: [{ scenarioGroups: [{ name: 'G', threadCount: 1, scenarios: [{ featureIndex: 0, scenarioIndex: 0 }], tags: ['@a'] }] }], ...over },
  });
  expectOk(res);
  return res.body.execution;
}

function socket(opts: { query?: Record<string, string>; auth?: Record<string, string>; polling?: boolean } = {}): Socket {
  const s = connect(server.baseUrl, {
    path: EXECUTION_SOCKET_PATH,
    query: opts.query,
    auth: opts.auth,
    transports: opts.polling ? ['polling', 'websocket'] : ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(s);
  return s;
}

function outcome(s: Socket): Promise<string> {
  return new Promise((resolve) => {
    s.once('connect', () => resolve('connected'));
    s.once('connect_error', (err) => resolve(err.message));
  });
}

async function connected(token: string, polling = false): Promise<Socket> {
  const s = socket({ query: { token }, polling });
  expect(await outcome(s)).toBe('connected');
  return s;
}

type Answer = { status: 'success' } | { status: 'error'; error: string };
function subscribe(s: Socket, event: string, projectId: unknown): Promise<Answer> {
  return s.timeout(3000).emitWithAck(event, projectId);
}

function next<T = unknown>(s: Socket, event: string): Promise<T> {
  return new Promise((resolve) => s.once(event, resolve));
}

/** Every event a socket receives from now until `ms` have passed. */
function collect(s: Socket, ms = 400): Promise<Array<[string, unknown]>> {
  const seen: Array<[string, unknown]> = [];
  s.onAny((name: string, payload: unknown) => seen.push([name, payload]));
  return new Promise((resolve) => setTimeout(() => resolve(seen), ms));
}

const ids = (list: ExecutionDto[]) => list.map((e) => e._id).sort();

describe('socket.io channel at /ws', () => {
  it('refuses a connection without a valid token', async () => {
    expect(await outcome(socket())).toBe('Unauthorized');
    expect(await outcome(socket({ query: { token: 'made-up' } }))).toBe('Unauthorized');
    const user = await signUpUser(server.baseUrl);
    await user.api.post('auth/logout');
    expect(await outcome(socket({ query: { token: user.token } }))).toBe('Unauthorized');
  });

  it('a session that logs out loses its socket; a member removed from a project stops getting its updates', async () => {
    const user = await signUpUser(server.baseUrl);
    const s = await connected(user.token);
    const cut = new Promise((resolve) => s.once('disconnect', resolve));
    expectOk(await user.api.post('auth/logout'));
    expect(await cut).toBe('io server disconnect');

    const dave = await signUpUser(server.baseUrl);
    await addMemberToProject(alice, dave, projectA);
    const d = await connected(dave.token);
    await subscribe(d, EXECUTION_EVENTS.subscribeCrud, projectA);
    expectOk(await alice.api.delete('auth/remove-member-or-invitation', { project_id: projectA, user_id_to_remove: dave.userId, user_email_to_remove: dave.email, status: 'member' }));
    const seenByDave = collect(d, 800);
    await create(alice, projectA);
    expect(await seenByDave).toEqual([]);
  });

  it('subscribing to a project answers the whole list at once (polling first, then websocket, token in the query)', async () => {
    const exec = await create(alice, projectA);
    const s = await connected(bob.token, true);
    const list = next<ExecutionDto[]>(s, EXECUTION_EVENTS.crudUpdate);
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeCrud, projectA)).toEqual({ status: 'success' });
    const received = await list;
    expect(ids(received)).toContain(exec._id);
    expect(received.every((e) => e.projectId === projectA)).toBe(true);
    expect(ids(received)).toEqual(ids((await alice.api.get(`executions?projectId=${projectA}`)).body.executions));
  });

  it('every change pushes the whole list to the project\'s subscribers, and nothing to another project\'s', async () => {
    const [a, b] = await Promise.all([connected(alice.token), connected(carol.token)]);
    await Promise.all([subscribe(a, EXECUTION_EVENTS.subscribeCrud, { projectId: projectA }), subscribe(b, EXECUTION_EVENTS.subscribeCrud, projectB)]);
    const seenByB = collect(b, 1200);

    let pushed = next<ExecutionDto[]>(a, EXECUTION_EVENTS.crudUpdate);
    const exec = await create(alice, projectA);
    expect(ids(await pushed)).toContain(exec._id);

    pushed = next<ExecutionDto[]>(a, EXECUTION_EVENTS.crudUpdate);
    const schedule = { days: ['Mon'], isBiweekly: false, time: '01:45', timeZone: 0 };
    expectOk(await alice.api.post(`executions/schedule/${exec._id}`, { schedule }));
    expect((await pushed).find((e) => e._id === exec._id)).toMatchObject({ enabled: true, schedule });

    pushed = next<ExecutionDto[]>(a, EXECUTION_EVENTS.crudUpdate);
    expectOk(await alice.api.post(`executions/deschedule/${exec._id}`));
    expect((await pushed).find((e) => e._id === exec._id)).toMatchObject({ enabled: false, nextRunAt: null });

    pushed = next<ExecutionDto[]>(a, EXECUTION_EVENTS.crudUpdate);
    expectOk(await alice.api.request('PUT', `executions/${exec._id}`, { execution: { name: exec.name, env: 'prod', flows: exec.flows } }));
    expect((await pushed).find((e) => e._id === exec._id)?.env).toBe('prod');

    pushed = next<ExecutionDto[]>(a, EXECUTION_EVENTS.crudUpdate);
    expectOk(await alice.api.delete(`executions/${exec._id}`));
    expect(ids(await pushed)).not.toContain(exec._id);

    expect(await seenByB).toEqual([]);
  });

  it('refuses a subscription to a project the user is not a member of, and sends it nothing afterwards', async () => {
    const s = await connected(carol.token);
    const refusal = next<{ event: string; projectId: string; error: string }>(s, EXECUTION_EVENTS.subscriptionError);
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeCrud, projectA)).toEqual({ status: 'error', error: MSG.forbidden });
    expect(await refusal).toEqual({ event: EXECUTION_EVENTS.subscribeCrud, projectId: projectA, error: MSG.forbidden });
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeStatus, projectA)).toMatchObject({ status: 'error' });
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeCrud, 'no-such-project')).toMatchObject({ status: 'error' });
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeCrud, { nothing: true })).toMatchObject({ status: 'error' });

    const seen = collect(s, 600);
    await create(alice, projectA);
    server.ctx.executions.hub.publish(projectA, EXECUTION_EVENTS.start, { executionInstanceId: 'x' });
    expect((await seen).filter(([name]) => name !== EXECUTION_EVENTS.subscriptionError)).toEqual([]);
  });

  it('status events reach the project\'s status subscribers only', async () => {
    const [a, crudOnly, b] = await Promise.all([connected(bob.token), connected(alice.token), connected(carol.token)]);
    await subscribe(a, EXECUTION_EVENTS.subscribeStatus, projectA);
    await subscribe(crudOnly, EXECUTION_EVENTS.subscribeCrud, projectA);
    await subscribe(b, EXECUTION_EVENTS.subscribeStatus, projectB);
    const seenByB = collect(b, 600);
    const seenByCrudOnly = collect(crudOnly, 600);

    const started = next(a, EXECUTION_EVENTS.start);
    const update = next(a, EXECUTION_EVENTS.statusUpdate('inst-1'));
    const stopped = next(a, EXECUTION_EVENTS.stop);
    const hooks = server.ctx.executions.hooks;
    hooks.publish(projectA, EXECUTION_EVENTS.start, { executionInstanceId: 'inst-1', executionId: 'e1', reportLink: '/r', statusHistory: [] });
    hooks.publish(projectA, EXECUTION_EVENTS.statusUpdate('inst-1'), { executionInstanceId: 'inst-1', status: 'running' });
    hooks.publish(projectA, EXECUTION_EVENTS.stop, { executionInstanceId: 'inst-1', status: 'passed' });
    expect(await started).toMatchObject({ executionInstanceId: 'inst-1', executionId: 'e1', reportLink: '/r' });
    expect(await update).toMatchObject({ status: 'running' });
    expect(await stopped).toMatchObject({ status: 'passed' });
    expect(await seenByB).toEqual([]);
    expect((await seenByCrudOnly).map(([name]) => name)).not.toContain(EXECUTION_EVENTS.start);
  });

  it('an instance start or stop pushes the list again (the run manager\'s onInstancesChanged)', async () => {
    const s = await connected(alice.token);
    await subscribe(s, EXECUTION_EVENTS.subscribeCrud, projectA);
    const pushed = next<ExecutionDto[]>(s, EXECUTION_EVENTS.crudUpdate);
    server.ctx.executions.hooks.onInstancesChanged(projectA);
    expect(Array.isArray(await pushed)).toBe(true);
  });

  it('unsubscribing stops the pushes', async () => {
    const s = await connected(alice.token);
    await subscribe(s, EXECUTION_EVENTS.subscribeCrud, projectA);
    expect(await subscribe(s, EXECUTION_EVENTS.unsubscribeCrud, projectA)).toEqual({ status: 'success' });
    const seen = collect(s, 500);
    await create(alice, projectA);
    expect(await seen).toEqual([]);
  });

  it('an access key (in the auth object) subscribes to its own project only', async () => {
    const key = await createAccessKey(alice, projectA);
    const s = socket({ auth: { token: key.token } });
    expect(await outcome(s)).toBe('connected');
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeStatus, projectA)).toEqual({ status: 'success' });
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeStatus, projectB)).toEqual({ status: 'error', error: MSG.forbidden });
  });

  it('lives beside the storage channel on the same HTTP server', async () => {
    const other = connect(server.baseUrl, { path: '/api/storage/ws/socket.io', query: { token: alice.token, projectId: projectA }, transports: ['websocket'], reconnection: false, forceNew: true });
    open.push(other);
    expect(await outcome(other)).toBe('connected');
    const s = await connected(alice.token);
    expect(await subscribe(s, EXECUTION_EVENTS.subscribeCrud, projectA)).toEqual({ status: 'success' });
  });
});
