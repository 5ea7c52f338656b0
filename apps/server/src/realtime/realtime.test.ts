import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { SOCKET_PATH } from './realtime.ts';

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

function socket(query: Record<string, string>): Socket {
  const s = connect(server.baseUrl, { path: SOCKET_PATH, query, transports: ['websocket'], reconnection: false, forceNew: true });
  open.push(s);
  return s;
}

/** Resolves 'connected' or the server's refusal message. */
function outcome(s: Socket): Promise<string> {
  return new Promise((resolve) => {
    s.once('connect', () => resolve('connected'));
    s.once('connect_error', (err) => resolve(err.message));
  });
}

async function connected(query: Record<string, string>): Promise<Socket> {
  const s = socket(query);
  expect(await outcome(s)).toBe('connected');
  return s;
}

/** Names of the events a socket receives until `ms` have passed. */
function collect(s: Socket, ms = 300): Promise<string[]> {
  const seen: string[] = [];
  s.onAny((name: string) => seen.push(name));
  return new Promise((resolve) => setTimeout(() => resolve(seen), ms));
}

function nextEvent(s: Socket, name: string): Promise<unknown> {
  return new Promise((resolve) => s.once(name, resolve));
}

describe('socket.io channel at /api/storage/ws/socket.io', () => {
  it('refuses a connection without a valid session token', async () => {
    expect(await outcome(socket({ projectId: projectA }))).toBe('Unauthorized');
    expect(await outcome(socket({ token: 'made-up', projectId: projectA }))).toBe('Unauthorized');
    const key = await createAccessKey(alice, projectA);
    expect(await outcome(socket({ token: key.token, projectId: projectA }))).toBe('Unauthorized');
  });

  it('refuses a logged-out session', async () => {
    const user = await signUpUser(server.baseUrl);
    await user.api.post('auth/logout');
    expect(await outcome(socket({ token: user.token }))).toBe('Unauthorized');
  });

  it('cuts the open sockets of a session that logs out, and only those', async () => {
    const user = await signUpUser(server.baseUrl);
    const project = await createProject(user, { name: 'Logout' });
    const other = await connected({ token: bob.token, projectId: projectA });
    const s = await connected({ token: user.token, projectId: project });
    const cut = new Promise((resolve) => s.once('disconnect', resolve));
    expectOk(await user.api.post('auth/logout'));
    expect(await cut).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  it('cuts a removed member\'s sockets of that project', async () => {
    const dave = await signUpUser(server.baseUrl);
    await addMemberToProject(alice, dave, projectA);
    const s = await connected({ token: dave.token, projectId: projectA });
    const cut = new Promise((resolve) => s.once('disconnect', resolve));
    expectOk(await alice.api.delete('auth/remove-member-or-invitation', { project_id: projectA, user_id_to_remove: dave.userId, user_email_to_remove: dave.email, status: 'member' }));
    expect(await cut).toBe('io server disconnect');
    expect(await outcome(socket({ token: dave.token, projectId: projectA }))).toBe('Forbidden');
  });

  it('refuses a project the user is not a member of, or that does not exist', async () => {
    expect(await outcome(socket({ token: carol.token, projectId: projectA }))).toBe('Forbidden');
    expect(await outcome(socket({ token: alice.token, projectId: 'no-such-project' }))).toBe('Forbidden');
  });

  it('accepts a member with token and projectId in the query', async () => {
    expect(await outcome(socket({ token: bob.token, projectId: projectA }))).toBe('connected');
  });

  it('delivers an event sent by a socket to that project\'s sockets only, and stores it', async () => {
    const [a1, a2, b1] = await Promise.all([
      connected({ token: alice.token, projectId: projectA }),
      connected({ token: bob.token, projectId: projectA }),
      connected({ token: carol.token, projectId: projectB }),
    ]);
    const seenByB = collect(b1);
    const received = nextEvent(a2, 'publish_scenario');
    a1.emit('event', { event: 'publish_scenario' });
    expect(await received).toEqual({ event: 'publish_scenario', projectId: projectA });
    expect(await seenByB).toEqual([]);
    const stored = await server.ctx.db.selectFrom('usage_events').selectAll().where('user_id', '=', alice.userId).execute();
    expect(stored).toContainEqual(expect.objectContaining({ event: 'publish_scenario', project_id: projectA }));
  });

  it('delivers an event posted to storage/event (e.g. by the CLI with an access key) to that project\'s sockets only', async () => {
    const [a1, b1] = await Promise.all([connected({ token: bob.token, projectId: projectA }), connected({ token: carol.token, projectId: projectB })]);
    const seenByB = collect(b1);
    const received = nextEvent(a1, 'upload_report');
    const key = await createAccessKey(alice, projectA, 'CLI');
    expectOk(await alice.api.withToken(key.token).post('storage/event', { event: 'upload_report' }));
    expect(await received).toEqual({ event: 'upload_report', projectId: projectA });
    expect(await seenByB).toEqual([]);
  });

  it('ignores events that are not tracked', async () => {
    const [a1, a2] = await Promise.all([connected({ token: alice.token, projectId: projectA }), connected({ token: bob.token, projectId: projectA })]);
    const seen = collect(a2);
    a1.emit('event', { event: 'drop_database' });
    a1.emit('event', 'not even an object');
    expect(await seen).toEqual([]);
    const stored = await server.ctx.db.selectFrom('usage_events').select('event').where('event', '=', 'drop_database').execute();
    expect(stored).toEqual([]);
  });
});
