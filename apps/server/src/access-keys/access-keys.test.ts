import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Keyed shop' });
  otherProjectId = await createProject(admin, { name: 'Other shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

const keysOf = async (as: TestUser = admin, project = projectId) => (await as.api.get(`auth/getAccessKeys?project_id=${project}`)).body.accessKeys;

describe('POST auth/createAccessKey', () => {
  it('returns the whole token once; afterwards only a masked form is shown', async () => {
    const res = await admin.api.post('auth/createAccessKey', { projectId, name: '  CI pipeline ' });
    expectOk(res);
    const { token, accessKey } = res.body;
    expect(token).toMatch(/^swk_[\w-]{40,}$/);
    expect(accessKey).toMatchObject({ name: 'CI pipeline', projectId, lastUsedAt: null });
    expect(Date.parse(accessKey.createdAt)).not.toBeNaN();
    expect(accessKey.token).not.toBe(token);
    expect(accessKey.token).toBe(`${token.slice(0, 8)}...${token.slice(-4)}`);
    const listed = await admin.api.get(`auth/getAccessKeys?project_id=${projectId}`);
    expectOk(listed);
    expect(listed.body.accessKeys).toContainEqual(accessKey);
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('stores only a hash: no column of the database holds the token', async () => {
    const { token } = await createAccessKey(admin, projectId, 'Hashed');
    const rows = await server.ctx.db.selectFrom('access_keys').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4, 30));
  });

  it('requires a name', async () => {
    for (const body of [{ projectId, name: '' }, { projectId, name: '   ' }, { projectId }]) {
      expectError(await admin.api.post('auth/createAccessKey', body), 400, MSG.tokenNameRequired);
    }
    expectError(await admin.api.post('auth/createAccessKey', { projectId, name: 'k'.repeat(101) }), 400, MSG.tokenNameTooLong);
  });
});

describe('a project access key', () => {
  let key: { id: string; token: string };
  beforeAll(async () => {
    key = await createAccessKey(admin, projectId, 'CLI');
  });
  const asKey = () => admin.api.withToken(key.token);

  it('authenticates GET auth/getProjects and shows its own project only', async () => {
    const res = await asKey().get('auth/getProjects');
    expectOk(res);
    expect(res.body.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);
  });

  it('authenticates POST auth/isProjectExpired for its own project and records when it was last used', async () => {
    const before = Date.now();
    const res = await asKey().post('auth/isProjectExpired', { projectId });
    expectOk(res);
    expect(res.body.is_expired).toBe(false);
    const listed = (await keysOf()).find((k: { id: string }) => k.id === key.id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is refused for another project of the same owner with 403', async () => {
    expectError(await asKey().post('auth/isProjectExpired', { projectId: otherProjectId }), 403);
    expectError(await asKey().post('storage/event', { event: 'cli_run_tests', projectId: otherProjectId }), 403);
  });

  it('is refused with 401 on every route not opened to access keys', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', 'auth/getNonIamUserByToken'],
      ['GET', `auth/getMembers?project_id=${projectId}`],
      ['GET', `auth/getProject?project_id=${projectId}`],
      ['GET', `auth/getAccessKeys?project_id=${projectId}`],
      ['POST', 'auth/createAccessKey', { projectId, name: 'escalate' }],
      ['DELETE', 'auth/deleteAccessKey', { id: key.id }],
      ['POST', 'auth/CreateProject', { name: 'New', url: 'https://new.example' }],
      ['DELETE', 'auth/DeleteProject', { project_id: projectId }],
      ['POST', 'auth/rename-project', { project_id: projectId, newName: 'Hijacked' }],
      ['POST', 'auth/create-invitation', { project_id: projectId, sent_to_email_list: ['x@example.org'] }],
      ['POST', 'auth/update-npmrc', { project_id: projectId, npmrc_TextContent: 'x' }],
      ['POST', 'auth/logout'],
      ['PATCH', 'workspace/onboarding/progress', { userId: admin.userId, lastCompletedStep: 3 }],
    ];
    for (const [method, path, body] of calls) {
      expectError(await asKey().request(method, path, body), 401, 'Access keys cannot be used for this call');
    }
    expect((await admin.api.get(`auth/getProject?project_id=${projectId}`)).body.project.name).toBe('Keyed shop');
  });

  it('does not work once made up, altered or deleted', async () => {
    expectError(await admin.api.withToken('swk_not-a-real-key').get('auth/getProjects'), 401, 'Invalid access key');
    expectError(await admin.api.withToken(`${key.token}x`).get('auth/getProjects'), 401);
    const temp = await createAccessKey(admin, projectId, 'Temporary');
    expectOk(await admin.api.delete('auth/deleteAccessKey', { id: temp.id }));
    expectError(await admin.api.withToken(temp.token).get('auth/getProjects'), 401, 'Invalid access key');
    expect((await keysOf()).map((k: { id: string }) => k.id)).not.toContain(temp.id);
  });
});

describe('DELETE auth/deleteAccessKey', () => {
  it('lets a member delete their own key but not someone else\'s', async () => {
    const own = await createAccessKey(member, projectId, 'Mine');
    const admins = await createAccessKey(admin, projectId, 'Admin key');
    expectError(await member.api.delete('auth/deleteAccessKey', { id: admins.id }), 403);
    expect((await keysOf()).map((k: { id: string }) => k.id)).toContain(admins.id);
    expectOk(await member.api.delete('auth/deleteAccessKey', { id: own.id }));
    expect((await keysOf(member)).map((k: { id: string }) => k.id)).not.toContain(own.id);
  });

  it('lets an admin delete any key of the project', async () => {
    const members = await createAccessKey(member, projectId, 'Member key');
    expectOk(await admin.api.delete('auth/deleteAccessKey', { id: members.id }));
    expectError(await member.api.withToken(members.token).get('auth/getProjects'), 401);
  });

  it('never deletes the key of a project the caller does not belong to', async () => {
    const stranger = await signUpUser(server.baseUrl);
    const strangersProject = await createProject(stranger);
    const strangersKey = await createAccessKey(stranger, strangersProject);
    expectError(await admin.api.delete('auth/deleteAccessKey', { id: strangersKey.id }), 403);
    expectOk(await stranger.api.withToken(strangersKey.token).get('auth/getProjects'));
    expectError(await admin.api.delete('auth/deleteAccessKey', { id: 'no-such-key' }), 404);
  });
});
