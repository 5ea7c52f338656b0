import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDER_MESSAGES } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { recorderClient, send, until, type RecorderClient } from './recorder-test-support.ts';
import { recorderSessions } from './recorder-sessions.ts';

/** Who may open recorder sessions, how many, and for how long (limits and timeouts from the configuration). */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
let projectId: string;
const clients: RecorderClient[] = [];
const defaults = { recorderMaxSessionsPerUser: 1, recorderMaxSessions: 4, recorderIdleTimeoutMs: 600_000, recorderMaxDurationMs: 3_600_000 };

beforeAll(async () => {
  server = await startTestServer({}, { chromiumPath: '/usr/bin/chromium' });
  [alice, bob, carol, outsider] = await Promise.all([0, 1, 2, 3].map(() => signUpUser(server.baseUrl)));
  projectId = await createProject(alice, { name: 'Limits', demo: true });
  await addMemberToProject(alice, bob, projectId);
  await addMemberToProject(alice, carol, projectId);
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const user of [alice, bob, carol]) {
    for (const s of recorderSessions(server.ctx).ofUser(user.userId)) s.end('test over');
  }
  Object.assign(server.ctx.config, defaults);
});

afterAll(async () => {
  await server?.close();
});

const create = (user: TestUser, body: Record<string, unknown> = {}) =>
  user.api.post('guac/create-RDP-connection-with-defaults', { project_id: projectId, env_name: 'demo', ...body });

async function client(user: TestUser): Promise<RecorderClient> {
  const c = await recorderClient(server, user);
  clients.push(c);
  return c;
}

describe('recorder session limits', () => {
  it('refuses a caller without a token, a non-member, an unknown environment, and a host that leads nowhere', async () => {
    const calls = ['create-RDP-connection-with-defaults', 'guac-lite-prepareWebSocket-url', 'check-environment-is-reachable', 'concurrent-sessions-for-user',
      'close-guac-lite-connection', 'delete-Guacamole-connection', 'create-guacamole-user', 'invoke-deep-link'].map((c): { method: 'GET' | 'POST'; url: string } => ({ method: 'POST', url: `/api/guac/${c}` }));
    calls.push({ method: 'POST', url: '/api/recorder/save' }, { method: 'GET', url: `/api/guac/guac-lite-url-for-username/${encodeURIComponent(alice.email)}` });
    for (const call of calls) {
      const res = await server.app.inject({ ...call, payload: call.method === 'POST' ? { project_id: projectId, env_name: 'demo', session_id: 'x', url: '/' } : undefined });
      expect(res.statusCode, call.url).toBe(401);
    }
    expect((await create(outsider)).status).toBe(403);
    expect((await outsider.api.post('guac/check-environment-is-reachable', { project_id: projectId, env_name: 'demo' })).status).toBe(403);
    expect((await outsider.api.post('guac/concurrent-sessions-for-user', { project_id: projectId })).status).toBe(403);
    const noEnv = await create(alice, { env_name: undefined });
    expect(noEnv.status).toBe(400);
    expect(noEnv.body.error).toBe(RECORDER_MESSAGES.noEnvironment);
    expect((await create(alice, { env_name: 'nowhere' })).status).toBe(404);
    expect((await create(alice, { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await alice.api.post('guac/check-environment-is-reachable', { project_id: projectId, env_name: 'demo' })).body).toMatchObject({ status: 'success', reachable: true });
    await server.ctx.workspaces.write(projectId, 'main', { name: 'T', email: alice.email }, 'an environment nowhere', async () => [
      { path: 'environments/gone.json', content: JSON.stringify({ name: 'gone', baseUrl: 'http://no-such-host.invalid/' }) },
    ]);
    expect((await alice.api.post('guac/check-environment-is-reachable', { project_id: projectId, env_name: 'gone' })).body).toMatchObject({ reachable: false });
    const gone = await create(alice, { env_name: 'gone' });
    expect(gone.status).toBe(400);
    expect(gone.body.error).toContain('leads nowhere');
    expect(recorderSessions(server.ctx).size).toBe(0);
  });

  it('answers 400 when the environment\'s page does not open, and keeps no session', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    await server.ctx.workspaces.write(projectId, 'main', { name: 'T', email: alice.email }, 'an environment that is down', async () => [
      { path: 'environments/down.json', content: JSON.stringify({ name: 'down', baseUrl: `http://127.0.0.1:${port}/` }) },
    ]);
    const down = await create(alice, { env_name: 'down' });
    expect(down.status).toBe(400);
    expect(down.body.error).toContain(RECORDER_MESSAGES.environmentUnreachable);
    expect(down.body.error).toMatch(/net::ERR_/);
    expect(recorderSessions(server.ctx).size).toBe(0);
  }, 60_000);

  it('gives a user one session and the server its maximum, then refuses with the limit named', async () => {
    server.ctx.config.recorderMaxSessions = 2;
    const first = await create(alice);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await create(alice);
    expect(second.status).toBe(429);
    expect(second.body.error).toBe(RECORDER_MESSAGES.sessionLimitUser);
    expect((await create(bob)).status).toBe(200);
    const third = await create(carol);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe(RECORDER_MESSAGES.sessionLimitServer);
    expect((await alice.api.post('guac/concurrent-sessions-for-user', {})).body).toMatchObject({ count: 1, server_count: 2, limits: { per_user: 1, per_server: 2 } });

    // Closing one makes room again.
    const closed = await alice.api.post('guac/delete-Guacamole-connection', { session_id: first.body.session_id });
    expect(closed.body).toMatchObject({ status: 'success', session_id: first.body.session_id });
    expect((await alice.api.post('guac/close-guac-lite-connection', { session_id: first.body.session_id })).status).toBe(404);
    expect((await create(carol)).status).toBe(200);
  }, 120_000);

  it('ends a session without input after the idle timeout, and tells the joined client why', async () => {
    server.ctx.config.recorderIdleTimeoutMs = 4000;
    const created = await create(alice);
    expect(created.status).toBe(200);
    const c = await client(alice);
    expect(await c.join(created.body.session_id)).toMatchObject({ ok: true });
    const startedAt = Date.now();
    await until(() => c.ended.length > 0, 'the idle end', 20_000);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
    expect(c.ended[0].reason).toBe(RECORDER_MESSAGES.sessionIdle);
    expect(await send(c, 'recorder:input', { type: 'text', text: 'x' })).toEqual({ ok: false, error: RECORDER_MESSAGES.sessionNotFound });
    expect((await alice.api.post('guac/concurrent-sessions-for-user', {})).body.count).toBe(0);
  }, 60_000);

  it('ends a session at its maximum duration however busy it is', async () => {
    // Counted from when the browser is ready: a loaded machine may take more than that to start it.
    server.ctx.config.recorderMaxDurationMs = 8_000;
    const created = await create(alice);
    expect(created.status).toBe(200);
    const startedAt = Date.now();
    const c = await client(alice);
    expect(await c.join(created.body.session_id)).toMatchObject({ ok: true });
    let x = 10;
    while (!c.ended.length) {
      await send(c, 'recorder:input', { type: 'mouse', action: 'move', x: (x = (x + 7) % 500), y: 100 });
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(c.ended[0].reason).toBe(RECORDER_MESSAGES.sessionExpired);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(6_000);
    expect((await alice.api.post('guac/concurrent-sessions-for-user', {})).body.count).toBe(0);
  }, 60_000);

  it('ends the sessions of a member removed from the project', async () => {
    const created = await create(bob);
    expect(created.status).toBe(200);
    const c = await client(bob);
    expect(await c.join(created.body.session_id)).toMatchObject({ ok: true });
    server.ctx.events.revokeAccess({ userId: bob.userId, projectId });
    await until(() => recorderSessions(server.ctx).ofUser(bob.userId).length === 0, 'the end of the session');
  }, 60_000);
});
