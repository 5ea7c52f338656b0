import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { NUL_MESSAGE } from './text-guard.ts';

let server: TestServer;
let user: TestUser;
let stranger: TestUser;
let projectId: string;
let strangersProject: string;

beforeAll(async () => {
  server = await startTestServer();
  [user, stranger] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(user, { name: 'Mine' });
  strangersProject = await createProject(stranger, { name: 'Theirs' });
});
afterAll(() => server.close());

/** Routes that take a JSON body. */
const BODY_ROUTES: Array<[string, string]> = [
  ['POST', 'auth/CreateProject'], ['POST', 'auth/rename-project'], ['DELETE', 'auth/DeleteProject'],
  ['POST', 'auth/updateLastActiveProjectId'], ['POST', 'auth/isProjectExpired'], ['POST', 'auth/checkRole'],
  ['POST', 'auth/update-npmrc'], ['POST', 'auth/updateDashboardPersonalizationInfo'], ['POST', 'auth/create-invitation'],
  ['POST', 'auth/verify-invitation'], ['POST', 'auth/addMember'], ['POST', 'auth/createAccessKey'],
  ['DELETE', 'auth/deleteAccessKey'], ['DELETE', 'auth/remove-member-or-invitation'], ['POST', 'auth/log'],
  ['POST', 'storage/event'], ['POST', 'workspace/onboarding/init'], ['PATCH', 'workspace/onboarding/progress'],
];
const QUERY_ROUTES = ['auth/getProject', 'auth/getMembers', 'auth/getAccessKeys', 'auth/getDashboardPersonalizationInfo'];

describe('missing fields', () => {
  it.each(BODY_ROUTES)('%s %s with an empty object answers 400 with a readable error', async (method, path) => {
    expectError(await user.api.request(method, path, {}), 400);
  });

  it.each(QUERY_ROUTES)('GET %s without project_id answers 400 naming the field', async (path) => {
    expectError(await user.api.get(path), 400, /^project_id: /);
  });
});

describe('wrong JSON types', () => {
  it('names the field and the expected type', async () => {
    const cases: Array<[string, string, unknown, RegExp | string]> = [
      ['POST', 'auth/CreateProject', { name: 'X', url: 'https://x.example', demo: 'yes' }, /^demo: .*boolean/],
      ['POST', 'auth/CreateProject', { name: 123, url: 'https://x.example' }, MSG.projectNameRequired],
      ['POST', 'auth/CreateProject', { name: 'X', url: 42 }, MSG.invalidUrl],
      ['POST', 'auth/checkRole', { project_id: 42, action: 'sendInvitation' }, /^project_id: .*string/],
      ['POST', 'auth/create-invitation', { project_id: projectId, sent_to_email_list: 'a@example.org' }, /^sent_to_email_list: .*array/],
      ['POST', 'auth/updateDashboardPersonalizationInfo', { project_id: projectId, dashboardPersonalizationInfo: 'wide' }, /^dashboardPersonalizationInfo: /],
      ['POST', 'auth/updateDashboardPersonalizationInfo', { project_id: projectId, dashboardPersonalizationInfo: { nested: { a: 1 } } }, /^dashboardPersonalizationInfo\.nested: /],
      ['PATCH', 'workspace/onboarding/progress', { userId: user.userId, lastCompletedStep: '3' }, /^lastCompletedStep: .*number/],
      ['POST', 'auth/log', { logs: { name: 'x', logType: 'Info' } }, /^logs: .*array/],
    ];
    for (const [method, path, body, error] of cases) expectError(await user.api.request(method, path, body), 400, error);
  });

  it('refuses a repeated query parameter', async () => {
    expectError(await user.api.get(`auth/getMembers?project_id=${projectId}&project_id=${strangersProject}`), 400, /^project_id: /);
  });

  it('refuses ids longer than 64 characters', async () => {
    expectError(await user.api.get(`auth/getMembers?project_id=${'a'.repeat(65)}`), 400, /^project_id: /);
    expectError(await user.api.delete('auth/deleteAccessKey', { id: 'k'.repeat(65) }), 400, /^id: /);
  });
});

describe('bodies that are not JSON objects', () => {
  const post = (body: string, contentType = 'application/json') => user.api.request('POST', 'auth/CreateProject', body, { 'content-type': contentType });

  it('refuses malformed JSON with 400', async () => {
    expectError(await post('{"name": "X", '), 400, /JSON/i);
  });

  it('refuses an empty JSON body with 400', async () => {
    expectError(await post(''), 400, 'Request body is empty');
  });

  it('refuses null, arrays, numbers and strings as the body', async () => {
    for (const body of ['null', '[]', '42', '"project"']) expectError(await post(body), 400);
  });

  it('refuses a body that is not JSON with 415', async () => {
    expectError(await post('name=X', 'application/x-www-form-urlencoded'), 415, 'Unsupported content type; send JSON');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const huge = JSON.stringify({ logs: [{ name: 'big', logType: 'Info', message: 'x'.repeat(1024 * 1024) }] });
    expectError(await user.api.request('POST', 'auth/log', huge), 413, 'Request body is too large');
  });
});

describe('NUL characters, which PostgreSQL cannot store', () => {
  it('are refused with 400 in a body, a nested body value, a query and a path', async () => {
    expectError(await user.api.post('auth/CreateProject', { name: 'A\u0000B', url: 'https://x.example' }), 400, NUL_MESSAGE);
    expectError(await user.api.post('auth/log', { logs: [{ name: 'x', logType: 'Info', message: 'bad\u0000' }] }), 400, NUL_MESSAGE);
    expectError(await user.api.post('auth/updateDashboardPersonalizationInfo', { project_id: projectId, dashboardPersonalizationInfo: { 'k\u0000': 1 } }), 400, NUL_MESSAGE);
    expectError(await user.api.get('auth/getMembers?project_id=a%00b'), 400, NUL_MESSAGE);
    expectError(await user.api.delete('auth/invitations/a%00b%40example.org', { id: 'x' }), 400, NUL_MESSAGE);
  });
});

describe('unknown ids', () => {
  it('answer 404 with a message', async () => {
    expectError(await user.api.post('auth/addMember', { id: 'no-such-invitation' }), 404, MSG.invitationInvalidLink);
    expectError(await user.api.post('auth/verify-invitation', { id: 'no-such-invitation' }), 404, MSG.invitationInvalidLink);
    expectError(await user.api.delete('auth/deleteAccessKey', { id: 'no-such-key' }), 404);
    const removal = { project_id: projectId, user_id_to_remove: 'no-such-user', status: 'member', user_email_to_remove: 'x@example.org' };
    expectError(await user.api.delete('auth/remove-member-or-invitation', removal), 404);
    expectError(await user.api.get('workspace/onboarding/no-such-user'), 403);
  });

  it('unknown routes answer 404 in the same envelope', async () => {
    expectError(await user.api.get('auth/noSuchRoute'), 404, 'Route GET /api/auth/noSuchRoute not found');
    expectError(await user.api.request('PUT', 'auth/getProjects', {}), 404);
  });
});

describe('another project\'s ids', () => {
  it('another project\'s access key can be neither listed nor deleted, and keeps working', async () => {
    const theirs = await createAccessKey(stranger, strangersProject);
    expectError(await user.api.delete('auth/deleteAccessKey', { id: theirs.id }), 403);
    expectError(await user.api.get(`auth/getAccessKeys?project_id=${strangersProject}`), 403);
    expectOk(await user.api.withToken(theirs.token).get('auth/getProjects'));
  });

  it('a member of another project cannot be removed through mine, nor from theirs', async () => {
    const theirMember = await signUpUser(server.baseUrl);
    await addMemberToProject(stranger, theirMember, strangersProject);
    const body = { user_id_to_remove: theirMember.userId, status: 'member', user_email_to_remove: theirMember.email };
    expectError(await user.api.delete('auth/remove-member-or-invitation', { project_id: projectId, ...body }), 404);
    expectError(await user.api.delete('auth/remove-member-or-invitation', { project_id: strangersProject, ...body }), 403);
    expectOk(await theirMember.api.get(`auth/getProject?project_id=${strangersProject}`));
  });

  it('another project\'s invitation cannot be accepted by someone it was not sent to', async () => {
    const [id] = (await stranger.api.post('auth/create-invitation', { project_id: strangersProject, sent_to_email_list: ['guest@example.org'] })).body.invitation_ids;
    expectError(await user.api.post('auth/addMember', { id }), 403, MSG.invitationWrongUser);
    expectError(await user.api.delete(`auth/invitations/${encodeURIComponent(user.email)}`, { id }), 404);
    expectError(await user.api.get(`auth/getProject?project_id=${strangersProject}`), 403);
  });
});

describe('odd bodies on every route', () => {
  const odd: unknown[] = [
    { project_id: {}, projectId: {}, id: {} },
    { project_id: [], projectId: [], id: [], name: [], userId: [] },
    { project_id: true, projectId: 1e308, id: -1, name: null, userId: false },
    { project_id: projectId, projectId, id: 'x', name: { toString: 'x' }, logs: [null], event: 7, action: [], newName: 0 },
    '{"__proto__": {"isAdmin": true}, "project_id": "x"}',
    '{"constructor": {"prototype": {"isAdmin": true}}, "project_id": "x"}',
  ];
  it.each(BODY_ROUTES)('%s %s never answers 500', async (method, path) => {
    for (const body of odd) {
      const res = await user.api.request(method, path, body);
      expect(res.status, `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ status: 'error', error: expect.any(String) });
    }
  });
});

describe('authorization headers that are not bearer session tokens', () => {
  it('answer 401', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', user.token]) {
      const res = await user.api.withToken(null).request('GET', 'auth/getProjects', undefined, { authorization });
      expectError(res, 401);
    }
  });
});
