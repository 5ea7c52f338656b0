import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { startGitHttpServer, type GitHttpTestServer } from '../private-repo/git-http-test-server.ts';
import { localRepos } from '../test/local-repos.ts';

/**
 * Every project-scoped route, called as nobody, as a non-member, on a project that does not exist,
 * with a project access key, and (for admin routes) as a plain member. `ids.project` is the project
 * the call targets. Routes of the features area run against fixtures made in beforeAll, so that a
 * member's call succeeds; a refused call that was wrongly let through makes the member's call or
 * the final checks fail.
 */
interface Ids {
  project: string;
  key: string;
}
type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
interface Route {
  method: Method;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  adminOnly?: boolean;
  /** The route is marked `accessKey`: a key of the same project is accepted. */
  accessKey?: boolean;
  /** Run by the admin on a fresh project of theirs before the admin's successful call. */
  prepare?: (admin: TestUser, projectId: string) => Promise<unknown>;
}

const GIT_USER = 'matrix-bot';
const GIT_TOKEN = 'matrix-token';
const STEP_CODE = "import { Given } from '@cucumber/cucumber';\n\nGiven('a matrix step', async function () {});\n";
const FEATURE = 'Feature: Matrix\n  Scenario: Guarded\n    Given a step nobody wrote\n';
let remote: GitHttpTestServer;

const ws = (call: string, extra: Record<string, unknown> = {}): Route => ({
  method: 'POST', path: () => `workspace/${call}`, body: (i) => ({ projectId: i.project, ...extra }),
});
const mail = (method: Method, call: string, extra: Record<string, unknown> = {}): Route => ({
  method, path: () => `mail/${call}`, body: (i) => ({ project_id: i.project, ...extra }),
});

const ROUTES: Record<string, Route> = {
  getProject: { method: 'GET', path: (i) => `auth/getProject?project_id=${i.project}` },
  getMembers: { method: 'GET', path: (i) => `auth/getMembers?project_id=${i.project}` },
  getAccessKeys: { method: 'GET', path: (i) => `auth/getAccessKeys?project_id=${i.project}` },
  getDashboardPersonalizationInfo: { method: 'GET', path: (i) => `auth/getDashboardPersonalizationInfo?project_id=${i.project}` },
  updateDashboardPersonalizationInfo: {
    method: 'POST', path: () => 'auth/updateDashboardPersonalizationInfo',
    body: (i) => ({ project_id: i.project, dashboardPersonalizationInfo: { days: 7 } }),
  },
  'updateDashboardPersonalizationInfo (weekly mail recipients)': {
    method: 'POST', path: () => 'auth/updateDashboardPersonalizationInfo', adminOnly: true,
    body: (i) => ({ project_id: i.project, dashboardPersonalizationInfo: { weeklyEmailUpdatesTo: 'matrix-digest@example.org' } }),
  },
  updateLastActiveProjectId: { method: 'POST', path: () => 'auth/updateLastActiveProjectId', body: (i) => ({ project_id: i.project }) },
  isProjectExpired: { method: 'POST', path: () => 'auth/isProjectExpired', body: (i) => ({ projectId: i.project }), accessKey: true },
  checkRole: { method: 'POST', path: () => 'auth/checkRole', body: (i) => ({ project_id: i.project, action: 'sendInvitation' }) },
  'update-npmrc': { method: 'POST', path: () => 'auth/update-npmrc', body: (i) => ({ project_id: i.project, npmrc_TextContent: 'registry=https://r.example/' }), adminOnly: true },
  createAccessKey: { method: 'POST', path: () => 'auth/createAccessKey', body: (i) => ({ projectId: i.project, name: 'matrix' }) },
  'storage/event': { method: 'POST', path: () => 'storage/event', body: (i) => ({ event: 'click_run_all', projectId: i.project }), accessKey: true },
  'rename-project': { method: 'POST', path: () => 'auth/rename-project', body: (i) => ({ project_id: i.project, newName: 'Renamed' }), adminOnly: true },
  DeleteProject: { method: 'DELETE', path: () => 'auth/DeleteProject', body: (i) => ({ project_id: i.project }), adminOnly: true },
  'create-invitation': {
    method: 'POST', path: () => 'auth/create-invitation',
    body: (i) => ({ project_id: i.project, sent_to_email_list: ['matrix-invitee@example.org'] }), adminOnly: true,
  },
  'remove-member-or-invitation': {
    method: 'DELETE', path: () => 'auth/remove-member-or-invitation',
    body: (i) => ({ project_id: i.project, user_id_to_remove: null, status: 'invited', user_email_to_remove: 'nobody@example.org' }), adminOnly: true,
    prepare: (admin, project) => admin.api.post('auth/create-invitation', { project_id: project, sent_to_email_list: ['nobody@example.org'] }),
  },
  // Steps
  'store-and-get-steps': ws('store-and-get-steps'),
  'store-and-get-steps (query)': { method: 'POST', path: (i) => `workspace/store-and-get-steps?projectId=${i.project}`, body: () => ({}) },
  'get-step-code-by-scenario': ws('get-step-code-by-scenario', { featureName: 'matrix', scenarioName: 'Guarded' }),
  'upload-mjs': ws('upload-mjs', { files: [{ name: 'matrix.mjs', content: STEP_CODE }] }),
  'get-unused-step-definitions': ws('get-unused-step-definitions'),
  'remove-unused-steps': ws('remove-unused-steps', { input: [{ filePath: 'matrix.mjs', stepDefinitions: [{ keyword: 'Given', pattern: 'a matrix step' }] }] }),
  // Environments
  'get-env-list': ws('get-env-list'),
  'push-env': ws('push-env', { name: 'member-env', data: { baseUrl: 'https://member.example' } }),
  'edit-env': ws('edit-env', { name: 'edit-me', newData: { baseUrl: 'https://edited.example' } }),
  'delete-env': { method: 'DELETE', path: () => 'workspace/delete-env', body: (i) => ({ projectId: i.project, name: 'delete-me' }) },
  'set-active-env': ws('set-active-env', { name: 'edit-me' }),
  // Test data
  testData: { method: 'GET', path: (i) => `workspace/testData?projectId=${i.project}` },
  changeTestData: ws('changeTestData', { testData: [{ key: 'user', value: 'member', DataType: 'string', environment: '*' }] }),
  // Stored users
  'get-users': { method: 'GET', path: (i) => `mail/get-users?project_id=${i.project}` },
  'add-user': mail('POST', 'add-user', { username: 'member-added', password: 'pw' }),
  'update-user': mail('PUT', 'update-user', { prev_username: 'update-me', username: 'update-me', password: 'new pw' }),
  'delete-user': mail('DELETE', 'delete-user', { username: 'delete-me' }),
  'generate-totp': mail('POST', 'generate-totp', { username: 'totp-me' }),
  // Private repository
  getPrivateRepoUrl: { method: 'POST', path: () => 'auth/getPrivateRepoUrl', body: (i) => ({ project_id: i.project }) },
  addPrivateRepo: {
    method: 'POST', path: () => 'auth/addPrivateRepo', adminOnly: true,
    body: (i) => ({ project_id: i.project, username: GIT_USER, token: GIT_TOKEN, url: `${remote.baseUrl}/matrix.git` }),
  },
  'workers/tokens (list)': { method: 'GET', path: (i) => `workers/tokens?project_id=${i.project}`, adminOnly: true },
  'workers/tokens (create)': { method: 'POST', path: () => 'workers/tokens', adminOnly: true, body: (i) => ({ projectId: i.project, name: 'matrix worker' }) },
};

/** Routes that need a session but no project. */
const USER_ROUTES: Array<[Method, string, unknown?]> = [
  ['GET', 'auth/getProjects'], ['GET', 'auth/getLastActiveProject'], ['GET', 'auth/get-invitations'],
  ['GET', 'auth/getNonIamUserByToken'], ['GET', 'auth/getAllPrivateRepoInAProject'], ['POST', 'auth/logout'],
  ['POST', 'auth/CreateProject', { name: 'X', url: 'https://x.example' }], ['POST', 'auth/signup', { firstname: 'A', lastname: 'B' }],
  ['POST', 'auth/verify-invitation', { id: 'x' }], ['POST', 'auth/addMember', { id: 'x' }],
  ['DELETE', 'auth/invitations/someone%40example.org', { id: 'x' }], ['POST', 'auth/log', { logs: [{ name: 'x', logType: 'Info' }] }],
  ['GET', 'workspace/onboarding/some-user'], ['POST', 'workspace/onboarding/init', { userId: 'some-user' }],
  ['PATCH', 'workspace/onboarding/progress', { userId: 'some-user', lastCompletedStep: 1 }],
  ['DELETE', 'auth/deleteAccessKey', { id: 'x' }],
  ['POST', 'workspace/validate-step-code', { code: 'let x = 1;' }], ['GET', 'workspace/step-library'],
  ['GET', 'server/run-sandbox'],
];
/** Routes that take a project access key (every other route answers 401 to one). */
const KEY_USER_ROUTES = new Set(['auth/getProjects']);

/** The features workspace; workspace/workspace-authz.test.ts checks members and non-members, this adds tokens and keys. */
const WORKSPACE_ROUTES: Array<[Method, string]> = [
  ...['get-feature-list', 'get-feature-list-for-branch', 'features-count', 'push-scenario', 'create-feature', 'rename-feature',
    'delete-feature', 'create-folder', 'edit-folder', 'delete-folder', 'push-file', 'get-all-branches', 'create-new-branch',
    'last-updated', 'updateLastActiveWorkspace'].map((call): [Method, string] => ['POST', `workspace/${call}`]),
  ['GET', 'workspace/get-files'], ['GET', 'workspace/get-file-content'], ['DELETE', 'workspace/delete-file'],
  ['DELETE', 'workspace/delete-branch'], ['GET', 'workspace/get-stable-versions'], ['POST', 'auth/create-workspace'],
];
/**
 * Routes keyed by an execution, instance or run id, and the command-line calls: their membership,
 * role and access-key rules are tested in their own areas (executions/, execution-runs/, cli-api/);
 * here every one must at least refuse a caller without a token.
 */
const AREA_TESTED_ROUTES: Array<[Method, string]> = [
  ['POST', 'guac/create-RDP-connection-with-defaults'],
  ['POST', 'guac/guac-lite-prepareWebSocket-url'],
  ['POST', 'guac/check-environment-is-reachable'],
  ['POST', 'guac/concurrent-sessions-for-user'],
  ['POST', 'guac/close-guac-lite-connection'],
  ['POST', 'guac/delete-Guacamole-connection'],
  ['POST', 'guac/create-guacamole-user'],
  ['POST', 'guac/invoke-deep-link'],
  ['GET', 'guac/guac-lite-url-for-username/x1'],
  ['POST', 'recorder/save'],
  ['GET', 'executions'], ['GET', 'executions/instances'], ['GET', 'executions/events/x1'], ['POST', 'executions/new'],
  ['GET', 'executions/x1'], ['PUT', 'executions/x1'], ['DELETE', 'executions/x1'], ['POST', 'executions/run/x1'],
  ['POST', 'executions/schedule/x1'], ['POST', 'executions/deschedule/x1'], ['POST', 'executions/halt/x1'],
  ['GET', 'runs/cucumber-runs/getExecutionLogs/x1'], ['GET', 'cli/workspace-archive'], ['POST', 'cli/run-context'], ['POST', 'runs/upload-report'],
  ['POST', 'runs/project/getDetails'], ['GET', 'runs/project/dashboardDetails'], ['GET', 'runs/project/getProjectMetadata'], ['GET', 'runs/cucumber-runs/get'], ['GET', 'runs/cucumber-runs/get-testcase'], ['GET', 'runs/scenarios/get'], ['GET', 'runs/screenshots/run/x1/x2/x3'], ['GET', 'runs/screenshots/scenario/x1/x2'], ['GET', 'runs/screenshots/scenario/x1/x2/x3'], ['GET', 'runs/cucumber-runs/getApplicationMemory'], ['POST', 'runs/comments/add'], ['PUT', 'runs/comments/update/x1'], ['DELETE', 'runs/comments/delete/x1'], ['POST', 'runs/generate-file-upload-url'],
  ['POST', 'ai/plain-english'],
  // runs/export/export.test.ts: members only (a non-member refused, no credential 401).
  ['GET', 'runs/export'],
  // runs/history/history-routes.test.ts: members only, quarantine admins only, keys of other projects refused.
  ['GET', 'runs/history/scenario'], ['GET', 'runs/history/run-marks'], ['GET', 'runs/history/lists'], ['GET', 'runs/history/failure-groups'],
  ['POST', 'runs/history/quarantine'],
  // ai/ideas.routes.test.ts: members, the access-token rule and keys of other projects.
  ['POST', 'runs/scenarios/ideas'], ['POST', 'runs/scenarios/scenario-creation'],
  // ai/generate-step.test.ts and ai/step-update.routes.test.ts: members only, expired licences refused.
  ['POST', 'ai/generate-step'], ['POST', 'runs/process-user-request/generate'],
  // ai/recovery/code-review.test.ts: members only; cli-api/cli.test.ts: the project's access key.
  ['GET', 'runs/oversight/list'], ['POST', 'runs/oversight/archive-oversight'], ['POST', 'runs/oversight/accept'], ['POST', 'cli/ai-repair'],
  // workers/workers.test.ts, workers-git.test.ts: admins revoke; worker and job tokens (their own, checked before the body is read).
  ['POST', 'workers/tokens/revoke'], ['POST', 'workers/register'], ['POST', 'workers/jobs/x1/claim'], ['POST', 'workers/jobs/x1/events'],
  ['POST', 'workers/jobs/x1/result'], ['GET', 'workers/git/x1/info/refs'], ['POST', 'workers/git/x1/git-upload-pack'], ['POST', 'workers/git/x1/git-receive-pack'],
];
const PUBLIC_ROUTES: Array<[Method, string]> = [
  ['GET', 'config'], ['POST', 'auth/signup-without-iam'], ['POST', 'auth/signin-without-iam'],
  // auth/oidc/oidc.test.ts: company sign-in's two page navigations (a refusal redirects to /login);
  // oidc-backchannel.test.ts: the provider's logout tokens (the signed token is the credential).
  ['GET', 'auth/oidc/start'], ['GET', 'auth/oidc/callback'], ['POST', 'auth/oidc/backchannel-logout'],
  // cli/standalone-package.browser.test.ts: the command line's npm package (npm fetches it signed out).
  ['GET', 'client/stepwise-cli.tgz'],
  // http/openapi.test.ts: the OpenAPI document and Swagger UI's pages and files.
  ['GET', 'openapi.json'], ['GET', 'docs'], ['GET', 'docs/'], ['GET', 'docs/json'], ['GET', 'docs/yaml'],
  ['GET', 'docs/static/index.html'], ['GET', 'docs/static/swagger-initializer.js'], ['GET', 'docs/static/theme/favicon.svg'],
];

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let ids: Ids;
/** A key of the guarded project (the admin's) and one of the outsider's own project. */
let guardedKey: string;
let foreignKey: string;
const unknown: Ids = { project: '00000000-0000-4000-8000-000000000000', key: '00000000-0000-4000-8000-000000000001' };
const KEY_REFUSED = 'Access keys cannot be used for this call';

beforeAll(async () => {
  // The remote runs on 127.0.0.1.
  server = await startTestServer({ ALLOW_PRIVATE_GIT_HOSTS: 'true' });
  remote = await startGitHttpServer(GIT_USER, GIT_TOKEN);
  remote.createRepo('matrix');
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  const project = await createProject(admin, { name: 'Guarded' });
  await addMemberToProject(admin, member, project);
  const outsidersProject = await createProject(outsider, { name: 'Outsider own' });
  const key = await createAccessKey(admin, project);
  ids = { project, key: key.id };
  guardedKey = key.token;
  foreignKey = (await createAccessKey(outsider, outsidersProject)).token;
  // Fixtures for the members' calls of the features area.
  const setup = [
    admin.api.post('workspace/push-file', { projectId: project, branch: 'main', directory: 'features', file: { name: 'matrix.feature', content: FEATURE } }),
    ...['edit-me', 'delete-me'].map((name) => admin.api.post('workspace/push-env', { projectId: project, name, data: { baseUrl: `https://${name}.example` } })),
    ...['update-me', 'delete-me'].map((username) => admin.api.post('mail/add-user', { project_id: project, username, password: 'pw' })),
    admin.api.post('mail/add-user', { project_id: project, username: 'totp-me', password: 'pw', secretKey: 'JBSWY3DPEHPK3PXP' }),
  ];
  for (const res of setup) expectOk(await res);
});
afterAll(async () => {
  await remote?.close();
  await server?.close();
});

const call = (client: ApiClient, r: Route, target: Ids) => client.request(r.method, r.path(target), r.body?.(target));
const table = Object.entries(ROUTES);
const gitLog = (projectId: string) => execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(projectId)}`, 'log', '--format=%ae', 'main'], { encoding: 'utf8' });

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

  if (route.accessKey) {
    it('refuses an access key of another project with 403, and takes one of this project', async () => {
      expectError(await call(outsider.api.withToken(foreignKey), route, ids), 403, MSG.forbidden);
      expectOk(await call(admin.api.withToken(guardedKey), route, ids));
    });
  } else {
    it('refuses access keys with 401, of another project and of this one', async () => {
      expectError(await call(outsider.api.withToken(foreignKey), route, ids), 401, KEY_REFUSED);
      expectError(await call(admin.api.withToken(guardedKey), route, ids), 401, KEY_REFUSED);
    });
  }

  if (route.adminOnly) {
    it('refuses a member who is not an admin with 403', async () => {
      expectError(await call(member.api, route, ids), 403);
    });
    it('succeeds for an admin (on a project of their own)', async () => {
      const project = await createProject(admin, { name: 'Admin own' });
      await route.prepare?.(admin, project);
      expectOk(await call(admin.api, route, { ...ids, project }));
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

  it.each(USER_ROUTES.filter(([, path]) => !KEY_USER_ROUTES.has(path)))('%s %s answers 401 to an access key', async (method, path, body) => {
    expectError(await new ApiClient(server.baseUrl, guardedKey).request(method, path, body), 401, KEY_REFUSED);
  });

  it('auth/getProjects takes an access key and lists only its project', async () => {
    const res = await new ApiClient(server.baseUrl, guardedKey).get('auth/getProjects');
    expectOk(res);
    expect(res.body.projects.map((p: { id: string }) => p.id)).toEqual([ids.project]);
  });

  it('the public routes need no token', async () => {
    const anon = new ApiClient(server.baseUrl);
    expect((await anon.get('config')).status).toBe(200);
    expect((await anon.post('auth/signin-without-iam', { email: 'nobody@example.org', password: 'wrong password' })).status).toBe(401);
    expect((await anon.post('auth/signin-without-iam', { email: 'nobody@example.org', password: 'wrong password' })).body.error).toBe(MSG.invalidCredentials);
  });
});

describe('workspace routes', () => {
  it.each(WORKSPACE_ROUTES)('%s %s answers 401 without a token and to access keys', async (method, path) => {
    const body = method === 'GET' ? undefined : { projectId: ids.project };
    expectError(await new ApiClient(server.baseUrl).request(method, path, body), 401, MSG.unauthorized);
    expectError(await new ApiClient(server.baseUrl, foreignKey).request(method, path, body), 401, KEY_REFUSED);
    expectError(await new ApiClient(server.baseUrl, guardedKey).request(method, path, body), 401, KEY_REFUSED);
  });
});

describe('routes whose rules are tested in their own areas', () => {
  it.each(AREA_TESTED_ROUTES)('%s %s answers 401 without a token', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : { projectId: ids.project };
    expectError(await new ApiClient(server.baseUrl).request(method, path, body), 401, MSG.unauthorized);
  });
});

/** `METHOD /api/path` of every route the server registered, read from Fastify's route tree. */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const full = (depth > 0 ? prefixes[depth - 1] : '') + m[2];
    prefixes[depth] = full;
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD' && full.startsWith('/api/')) routes.push(`${method} ${full}`);
  }
  return routes;
}

describe('the matrix itself', () => {
  it('lists every /api route of the server', () => {
    const listed = [
      ...table.map(([, r]) => [r.method, r.path(ids)]),
      ...USER_ROUTES, ...WORKSPACE_ROUTES, ...AREA_TESTED_ROUTES, ...PUBLIC_ROUTES,
    ].map(([method, path]) => `${method} /api/${String(path).split('?')[0]}`);
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(70);
    const pattern = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
    expect(registered.filter((route) => !listed.some((l) => pattern(route).test(l)))).toEqual([]);
  });
});

describe('after all of the above', () => {
  it('the guarded project is intact: not renamed, deleted, or joined by an outsider', async () => {
    const res = await admin.api.get(`auth/getProject?project_id=${ids.project}`);
    expect(res.body.project).toMatchObject({ name: 'Guarded', members: [admin.userId, member.userId], npmrc_TextContent: '' });
    const info = await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${ids.project}`);
    expect(info.body.dashboardPersonalizationInfo).not.toHaveProperty('weeklyEmailUpdatesTo');
  });

  it('its features area holds what the admin and the member did, and nothing else', async () => {
    const envs = await admin.api.post('workspace/get-env-list', { projectId: ids.project });
    expect(envs.body.allEnv).toEqual([
      { name: 'edit-me', baseUrl: 'https://edited.example', file: 'environments/edit-me.json', version: expect.any(String) },
      { name: 'member-env', baseUrl: 'https://member.example', file: 'environments/member-env.json', version: expect.any(String) },
    ]);
    const users = await admin.api.get(`mail/get-users?project_id=${ids.project}`);
    expect(users.body.users.map((u: { username: string }) => u.username).sort()).toEqual(['member-added', 'totp-me', 'update-me']);
    expect((await admin.api.get(`workspace/testData?projectId=${ids.project}`)).body.testData).toEqual([
      { key: 'user', value: 'member', DataType: 'string', environment: '*' },
    ]);
    expect((await admin.api.post('auth/getPrivateRepoUrl', { project_id: ids.project })).body.url).toBe('');
    const authors = new Set(gitLog(ids.project).trim().split('\n'));
    expect(authors).toEqual(new Set([admin.email, member.email]));
  });
});
