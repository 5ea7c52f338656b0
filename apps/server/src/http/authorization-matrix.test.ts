import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError } from '../test/assertions.ts';

/**
 * Every project-scoped route, called as nobody, as a non-member, on a project that does not exist,
 * and (for admin routes) as a plain member. `ids.project` is the project the call targets.
 */
interface Ids {
  project: string;
  key: string;
}
interface Route {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  adminOnly?: boolean;
}

const ROUTES: Record<string, Route> = {
  getProject: { method: 'GET', path: (i) => `auth/getProject?project_id=${i.project}` },
  getMembers: { method: 'GET', path: (i) => `auth/getMembers?project_id=${i.project}` },
  getAccessKeys: { method: 'GET', path: (i) => `auth/getAccessKeys?project_id=${i.project}` },
  getDashboardPersonalizationInfo: { method: 'GET', path: (i) => `auth/getDashboardPersonalizationInfo?project_id=${i.project}` },
  updateDashboardPersonalizationInfo: {
    method: 'POST', path: () => 'auth/updateDashboardPersonalizationInfo',
    body: (i) => ({ project_id: i.project, dashboardPersonalizationInfo: { days: 7 } }),
  },
  updateLastActiveProjectId: { method: 'POST', path: () => 'auth/updateLastActiveProjectId', body: (i) => ({ project_id: i.project }) },
  isProjectExpired: { method: 'POST', path: () => 'auth/isProjectExpired', body: (i) => ({ projectId: i.project }) },
  checkRole: { method: 'POST', path: () => 'auth/checkRole', body: (i) => ({ project_id: i.project, action: 'sendInvitation' }) },
  'update-npmrc': { method: 'POST', path: () => 'auth/update-npmrc', body: (i) => ({ project_id: i.project, npmrc_TextContent: 'registry=https://r.example/' }) },
  createAccessKey: { method: 'POST', path: () => 'auth/createAccessKey', body: (i) => ({ projectId: i.project, name: 'matrix' }) },
  'storage/event': { method: 'POST', path: () => 'storage/event', body: (i) => ({ event: 'click_run_all', projectId: i.project }) },
  'rename-project': { method: 'POST', path: () => 'auth/rename-project', body: (i) => ({ project_id: i.project, newName: 'Renamed' }), adminOnly: true },
  DeleteProject: { method: 'DELETE', path: () => 'auth/DeleteProject', body: (i) => ({ project_id: i.project }), adminOnly: true },
  'create-invitation': {
    method: 'POST', path: () => 'auth/create-invitation',
    body: (i) => ({ project_id: i.project, sent_to_email_list: ['matrix-invitee@example.org'] }), adminOnly: true,
  },
  'remove-member-or-invitation': {
    method: 'DELETE', path: () => 'auth/remove-member-or-invitation',
    body: (i) => ({ project_id: i.project, user_id_to_remove: null, status: 'invited', user_email_to_remove: 'nobody@example.org' }), adminOnly: true,
  },
};

/** Routes that need a session but no project. */
const USER_ROUTES: Array<[Route['method'], string, unknown?]> = [
  ['GET', 'auth/getProjects'], ['GET', 'auth/getLastActiveProject'], ['GET', 'auth/get-invitations'],
  ['GET', 'auth/getNonIamUserByToken'], ['GET', 'auth/getAllPrivateRepoInAProject'], ['POST', 'auth/logout'],
  ['POST', 'auth/CreateProject', { name: 'X', url: 'https://x.example' }], ['POST', 'auth/signup', { firstname: 'A', lastname: 'B' }],
  ['POST', 'auth/verify-invitation', { id: 'x' }], ['POST', 'auth/addMember', { id: 'x' }],
  ['DELETE', 'auth/invitations/someone%40example.org', { id: 'x' }], ['POST', 'auth/log', { logs: [{ name: 'x', logType: 'Info' }] }],
  ['GET', 'workspace/onboarding/some-user'], ['POST', 'workspace/onboarding/init', { userId: 'some-user' }],
  ['PATCH', 'workspace/onboarding/progress', { userId: 'some-user', lastCompletedStep: 1 }],
  ['DELETE', 'auth/deleteAccessKey', { id: 'x' }],
];

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let ids: Ids;
const unknown: Ids = { project: '00000000-0000-4000-8000-000000000000', key: '00000000-0000-4000-8000-000000000001' };

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  const project = await createProject(admin, { name: 'Guarded' });
  await addMemberToProject(admin, member, project);
  await createProject(outsider, { name: 'Outsider own' });
  ids = { project, key: (await createAccessKey(admin, project)).id };
});
afterAll(() => server.close());

const call = (client: ApiClient, r: Route, target: Ids) => client.request(r.method, r.path(target), r.body?.(target));
const table = Object.entries(ROUTES);

describe.each(table)('%s', (_name, route) => {
  it('needs a token: 401 without one or with an unknown one', async () => {
    expectError(await call(new ApiClient(server.baseUrl), route, ids), 401, MSG.unauthorized);
    expectError(await call(new ApiClient(server.baseUrl, 'not-a-session'), route, ids), 401, MSG.sessionExpired);
  });

  it('refuses a user who is not a member of the project with 403', async () => {
    expectError(await call(outsider.api, route, ids), 403, MSG.forbidden);
  });

  it('answers 404 for a project that does not exist', async () => {
    expectError(await call(admin.api, route, unknown), 404, MSG.projectNotFound);
  });

  if (route.adminOnly) {
    it('refuses a member who is not an admin with 403', async () => {
      expectError(await call(member.api, route, ids), 403);
    });
  } else {
    it('is open to every member', async () => {
      const res = await call(member.api, route, ids);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  }
});

describe('DELETE auth/deleteAccessKey (project taken from the key)', () => {
  const del = (client: ApiClient, id: string) => client.delete('auth/deleteAccessKey', { id });
  it('401 without a token, 403 for a non-member, 404 for an unknown key, 403 for a member on an admin\'s key', async () => {
    expectError(await del(new ApiClient(server.baseUrl), ids.key), 401);
    expectError(await del(outsider.api, ids.key), 403);
    expectError(await del(admin.api, unknown.key), 404);
    expectError(await del(member.api, ids.key), 403);
    expect((await admin.api.get(`auth/getAccessKeys?project_id=${ids.project}`)).body.accessKeys.map((k: { id: string }) => k.id)).toContain(ids.key);
  });
});

describe('routes that need a session but no project', () => {
  it.each(USER_ROUTES)('%s %s answers 401 without a token', async (method, path, body) => {
    expectError(await new ApiClient(server.baseUrl).request(method, path, body), 401);
  });

  it('the public routes need no token', async () => {
    const anon = new ApiClient(server.baseUrl);
    expect((await anon.get('config')).status).toBe(200);
    expect((await anon.post('auth/signin-without-iam', { email: 'nobody@example.org', password: 'wrong password' })).status).toBe(401);
    expect((await anon.post('auth/signin-without-iam', { email: 'nobody@example.org', password: 'wrong password' })).body.error).toBe(MSG.invalidCredentials);
  });
});

describe('after all of the above', () => {
  it('the guarded project is intact: not renamed, deleted, or joined by an outsider', async () => {
    const res = await admin.api.get(`auth/getProject?project_id=${ids.project}`);
    expect(res.body.project).toMatchObject({ name: 'Guarded', members: [admin.userId, member.userId] });
  });
});
