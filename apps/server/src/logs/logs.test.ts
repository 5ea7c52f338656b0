import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let user: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [user, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(user);
});
afterAll(() => server.close());

const entry = (i: number, logType = 'Info') => ({ sessionId: 'sess-1', name: `entry ${i}`, eventType: 'click', page: '/features', module: 'web', logType });
const logsOf = (userId: string) => server.ctx.db.selectFrom('client_logs').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const eventsOf = (userId: string) => server.ctx.db.selectFrom('usage_events').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('POST auth/log', () => {
  it('stores each entry with the user, the client session and the log type', async () => {
    const res = await user.api.post('auth/log', { logs: [entry(1), entry(2, 'Error'), { name: 'bare', logType: 'Critical' }] });
    expectOk(res);
    expect(res.body.stored).toBe(3);
    const rows = await logsOf(user.userId);
    expect(rows.map((r) => [r.session_id, r.log_type])).toEqual([['sess-1', 'Info'], ['sess-1', 'Error'], ['', 'Critical']]);
    expect(rows[1].entry).toMatchObject({ name: 'entry 2', page: '/features', module: 'web' });
  });

  it('accepts up to 100 entries per call and refuses 101', async () => {
    const before = (await logsOf(outsider.userId)).length;
    expectOk(await outsider.api.post('auth/log', { logs: Array.from({ length: 100 }, (_, i) => entry(i)) }));
    expect((await logsOf(outsider.userId)).length).toBe(before + 100);
    expectError(await outsider.api.post('auth/log', { logs: Array.from({ length: 101 }, (_, i) => entry(i)) }), 400, /^logs: /);
    expect((await logsOf(outsider.userId)).length).toBe(before + 100);
  });

  it('refuses an empty batch and unknown log types', async () => {
    expectError(await user.api.post('auth/log', { logs: [] }), 400, /^logs: /);
    expectError(await user.api.post('auth/log', { logs: [entry(1, 'Verbose')] }), 400, /logType/);
  });
});

describe('POST storage/event', () => {
  it('records a tracked event for the project', async () => {
    expectOk(await user.api.post('storage/event', { event: 'create_project', projectId }));
    expectOk(await user.api.post('storage/event', { event: 'signup' }));
    const rows = await eventsOf(user.userId);
    expect(rows.map((r) => [r.event, r.project_id])).toEqual([['create_project', projectId], ['signup', null]]);
  });

  it('records an access key\'s event for the key\'s project', async () => {
    const key = await createAccessKey(user, projectId);
    expectOk(await user.api.withToken(key.token).post('storage/event', { event: 'cli_run_tests' }));
    expect((await eventsOf(user.userId)).at(-1)).toMatchObject({ event: 'cli_run_tests', project_id: projectId });
  });

  it('refuses untracked events and projects the caller does not belong to', async () => {
    const before = (await eventsOf(outsider.userId)).length;
    expectError(await user.api.post('storage/event', { event: 'delete_everything', projectId }), 400, /^event: /);
    expectError(await outsider.api.post('storage/event', { event: 'click_run_all', projectId }), 403);
    expect(await eventsOf(outsider.userId)).toHaveLength(before);
  });
});
