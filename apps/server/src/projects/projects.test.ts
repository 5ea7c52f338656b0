import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VALUE_METRICS, MSG, VALUE_METRIC_MESSAGE } from '@stepwise/shared';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { ApiClient } from '../test/api-client.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { localRepos } from '../test/local-repos.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Main shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

const DAY = 86_400_000;
const setExpiry = (id: string, at: Date | null) => server.ctx.db.updateTable('projects').set({ expires_at: at }).where('id', '=', id).execute();

describe('GET /api/config', () => {
  it('is public and tells the demo URL and whether sign-up and project deletion are enabled', async () => {
    const res = await new ApiClient(server.baseUrl).get('config');
    expectOk(res);
    expect(res.body).toMatchObject({ signupEnabled: true, allowDeleteProjects: true, productName: 'Stepwise' });
    expect(res.body.demoUrl).toBe(`${server.baseUrl.replace('127.0.0.1', 'localhost')}/demo-shop/`);
    // No CLIENT_DOWNLOAD_URL: the web app's own install page; no DOCS_URL or SUPPORT_URL: no such links.
    expect(res.body.clientDownloadUrl).toBeNull();
    expect(res.body.docsUrl).toBeNull();
    expect(res.body.supportUrl).toBeNull();
  });

  it('names the client download, documentation and support an administrator configured, and refuses addresses of other schemes', async () => {
    const configured = await startTestServer({
      CLIENT_DOWNLOAD_URL: 'https://downloads.example.com/stepwise-client',
      DOCS_URL: 'https://wiki.example.com/qa/stepwise',
      SUPPORT_URL: 'mailto:qa-tools@example.com',
    });
    try {
      const res = await new ApiClient(configured.baseUrl).get('config');
      expect(res.body).toMatchObject({
        clientDownloadUrl: 'https://downloads.example.com/stepwise-client',
        docsUrl: 'https://wiki.example.com/qa/stepwise',
        supportUrl: 'mailto:qa-tools@example.com',
      });
    } finally {
      await configured.close();
    }
    expect(() => loadConfig({ CLIENT_DOWNLOAD_URL: 'javascript:alert(1)' })).toThrow(/CLIENT_DOWNLOAD_URL/);
    expect(() => loadConfig({ DOCS_URL: 'javascript:alert(1)' })).toThrow(/DOCS_URL/);
    expect(() => loadConfig({ DOCS_URL: 'mailto:docs@example.com' })).toThrow(/DOCS_URL/);
    expect(() => loadConfig({ SUPPORT_URL: 'data:text/html,hi' })).toThrow(/SUPPORT_URL/);
    expect(loadConfig({ SUPPORT_URL: 'https://help.example.com/' }).supportUrl).toBe('https://help.example.com/');
  });
});

describe('POST auth/CreateProject', () => {
  it('creates a project administered by its creator, with every project field and a Git workspace', async () => {
    const user = await signUpUser(server.baseUrl);
    const res = await user.api.post('auth/CreateProject', { name: '  Web store  ', url: 'https://store.example.com', description: 'Checkout' });
    expectOk(res);
    const p = res.body.project;
    expect(p).toMatchObject({
      name: 'Web store', url: 'https://store.example.com', description: 'Checkout', demo: false, userRole: 'ADMIN',
      projectAdmins: [user.userId], members: [user.userId], plan: 'Enterprise', allowInvite: true, privateRepo: false,
      configuredPrivateRepo: false, scenarioCount: 0, maxScenariosAllowed: 1_000_000, is_expired: false, time_left: { days: null },
      npmrc_TextContent: '',
    });
    expect(p._id).toBe(p.id);
    expect(await server.ctx.workspaces.exists(p.id)).toBe(true);
    const me = await user.api.get('auth/getNonIamUserByToken');
    expect(me.body.user.lastCompletedStep).toBe(2);
    expect((await user.api.get('auth/getLastActiveProject')).body.project_id).toBe(p.id);
  });

  it('gives a demo project the demo shop URL, whatever URL was sent', async () => {
    const config = await new ApiClient(server.baseUrl).get('config');
    const res = await admin.api.post('auth/CreateProject', { name: 'Demo Shop', url: 'https://elsewhere.example', demo: true });
    expectOk(res);
    expect(res.body.project).toMatchObject({ demo: true, url: config.body.demoUrl, name: 'Demo Shop' });
    const noUrl = await admin.api.post('auth/CreateProject', { name: 'Demo 2', demo: true });
    expect(noUrl.body.project.url).toBe(config.body.demoUrl);
  });

  it('refuses an empty name and any URL that is not http(s) with the spec messages', async () => {
    for (const body of [{ name: '   ', url: 'https://a.example' }, { url: 'https://a.example' }]) {
      expectError(await admin.api.post('auth/CreateProject', body), 400, MSG.projectNameRequired);
    }
    for (const url of ['ftp://files.example.com', 'not a url', 'https://', '', 'javascript:alert(1)']) {
      expectError(await admin.api.post('auth/CreateProject', { name: 'X', url }), 400, MSG.invalidUrl);
    }
    expectError(await admin.api.post('auth/CreateProject', { name: 'No URL' }), 400, MSG.invalidUrl);
    expectError(await admin.api.post('auth/CreateProject', { name: 'x'.repeat(101), url: 'https://a.example' }), 400, MSG.projectNameTooLong);
  });

  it('stops at the number of projects the user is allowed to create', async () => {
    const user = await signUpUser(server.baseUrl);
    await server.ctx.db.updateTable('users').set({ allowed_projects_count: 1 }).where('id', '=', user.userId).execute();
    await createProject(user);
    expectError(await user.api.post('auth/CreateProject', { name: 'Second', url: 'https://b.example' }), 403, MSG.projectLimitReached);
  });

  it('puts a project on the configured default plan: Freemium is a 14-day trial without invitations', async () => {
    server.ctx.config.defaultPlan = 'Freemium';
    try {
      const res = await admin.api.post('auth/CreateProject', { name: 'Trial', url: 'https://trial.example' });
      expect(res.body.project).toMatchObject({ plan: 'Freemium', maxScenariosAllowed: 50, maxExecutionThreads: 1, allowInvite: false, is_expired: false });
      expect(res.body.project.time_left.days).toBe(13);
    } finally {
      server.ctx.config.defaultPlan = 'Enterprise';
    }
  });
});

describe('GET auth/getProjects', () => {
  it('lists exactly the projects the caller belongs to, each with the caller\'s role', async () => {
    const own = await createProject(outsider, { name: 'Outsider project' });
    const mine = (await member.api.get('auth/getProjects')).body.projects;
    expect(mine.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect(mine[0]).toMatchObject({ userRole: 'MEMBER', projectAdmins: [admin.userId], members: [admin.userId, member.userId] });
    const res = await outsider.api.get('auth/getProjects');
    expectOk(res);
    expect(res.body.projects.map((p: { id: string }) => p.id)).toEqual([own]);
  });
});

describe('POST auth/rename-project', () => {
  it('lets an admin rename the project (trimmed) and refuses members and empty names', async () => {
    const res = await admin.api.post('auth/rename-project', { project_id: projectId, newName: '  Renamed shop ' });
    expectOk(res);
    expect(res.body.project.name).toBe('Renamed shop');
    expect((await member.api.get(`auth/getProject?project_id=${projectId}`)).body.project.name).toBe('Renamed shop');
    expectError(await member.api.post('auth/rename-project', { project_id: projectId, newName: 'Mine now' }), 403, MSG.adminOnly);
    expectError(await admin.api.post('auth/rename-project', { project_id: projectId, newName: ' ' }), 400, MSG.projectNameRequired);
  });
});

describe('DELETE auth/DeleteProject', () => {
  it('lets an admin with allowDeleteProjects delete the project; its Git repository goes with it', async () => {
    const doomed = await createProject(admin, { name: 'Doomed' });
    await addMemberToProject(admin, outsider, doomed);
    const repo = localRepos(server.ctx).repoPath(doomed);
    expect(fs.existsSync(repo)).toBe(true);
    expectOk(await admin.api.delete('auth/DeleteProject', { project_id: doomed }));
    expect(fs.existsSync(repo)).toBe(false);
    expectError(await admin.api.get(`auth/getProject?project_id=${doomed}`), 404, MSG.projectNotFound);
    const left = (await outsider.api.get('auth/getProjects')).body.projects.map((p: { id: string }) => p.id);
    expect(left).not.toContain(doomed);
    expect((await outsider.api.get('auth/getLastActiveProject')).body.project_id).not.toBe(doomed);
  });

  it('refuses a member who is not an admin', async () => {
    expectError(await member.api.delete('auth/DeleteProject', { project_id: projectId }), 403, MSG.adminOnly);
    expectOk(await member.api.get(`auth/getProject?project_id=${projectId}`));
  });

  it('refuses an admin whose allow_delete_projects is false, and keeps the repository', async () => {
    const user = await signUpUser(server.baseUrl);
    const kept = await createProject(user);
    await server.ctx.db.updateTable('users').set({ allow_delete_projects: false }).where('id', '=', user.userId).execute();
    expect((await user.api.get('auth/getNonIamUserByToken')).body.user.customAttributes.allowDeleteProjects).toBe(false);
    expect((await user.api.post('auth/checkRole', { project_id: kept, action: 'deleteProject' })).body.allowed).toBe(false);
    expectError(await user.api.delete('auth/DeleteProject', { project_id: kept }), 403, MSG.deleteProjectNotAllowed);
    expect(await server.ctx.workspaces.exists(kept)).toBe(true);
  });
});

describe('last active project', () => {
  it('is null for a new user, then follows updateLastActiveProjectId among the user\'s projects only', async () => {
    const user = await signUpUser(server.baseUrl);
    const none = await user.api.get('auth/getLastActiveProject');
    expectOk(none);
    expect(none.body.project_id).toBeNull();
    const first = await createProject(user, { name: 'First' });
    const second = await createProject(user, { name: 'Second' });
    expect((await user.api.get('auth/getLastActiveProject')).body.project_id).toBe(second);
    expectOk(await user.api.post('auth/updateLastActiveProjectId', { project_id: first }));
    expect((await user.api.get('auth/getLastActiveProject')).body.project_id).toBe(first);
    expectError(await user.api.post('auth/updateLastActiveProjectId', { project_id: projectId }), 403);
    expect((await user.api.get('auth/getLastActiveProject')).body.project_id).toBe(first);
  });
});

describe('POST auth/isProjectExpired', () => {
  it('reports a project without expiry as never expiring', async () => {
    const res = await member.api.post('auth/isProjectExpired', { projectId });
    expectOk(res);
    expect(res.body).toMatchObject({ is_expired: false, time_left: { days: null }, plan: 'Enterprise' });
  });

  it('counts whole days left before the expiry date', async () => {
    const id = await createProject(admin, { name: 'Expiring' });
    await setExpiry(id, new Date(Date.now() + 5.5 * DAY));
    const res = await admin.api.post('auth/isProjectExpired', { projectId: id });
    expect(res.body).toMatchObject({ is_expired: false, time_left: { days: 5 } });
  });

  it('reports a project whose expiry date has passed as expired with 0 days left', async () => {
    const id = await createProject(admin, { name: 'Expired' });
    await setExpiry(id, new Date(Date.now() - DAY));
    const res = await admin.api.post('auth/isProjectExpired', { projectId: id });
    expect(res.body).toMatchObject({ status: 'success', is_expired: true, time_left: { days: 0 } });
    const listed = (await admin.api.get('auth/getProjects')).body.projects.find((p: { id: string }) => p.id === id);
    expect(listed).toMatchObject({ is_expired: true, time_left: { days: 0 } });
  });
});

describe('POST auth/checkRole', () => {
  it('allows sendInvitation for admins only', async () => {
    const asAdmin = await admin.api.post('auth/checkRole', { project_id: projectId, action: 'sendInvitation' });
    expectOk(asAdmin);
    expect(asAdmin.body).toMatchObject({ allowed: true, role: 'ADMIN' });
    const asMember = await member.api.post('auth/checkRole', { project_id: projectId, action: 'sendInvitation' });
    expect(asMember.body).toMatchObject({ status: 'success', allowed: false, role: 'MEMBER' });
    expect((await member.api.post('auth/checkRole', { project_id: projectId, action: 'removeMember' })).body.allowed).toBe(false);
    expect((await admin.api.post('auth/checkRole', { project_id: projectId, action: 'deleteProject' })).body.allowed).toBe(true);
  });

  it('refuses an unknown action', async () => {
    expectError(await admin.api.post('auth/checkRole', { project_id: projectId, action: 'becomeOwner' }), 400, /^action: /);
  });
});

describe('project settings', () => {
  it('stores the npmrc text and returns it with the project', async () => {
    const npmrc = '@acme:registry=https://npm.acme.example/\n';
    const res = await admin.api.post('auth/update-npmrc', { project_id: projectId, npmrc_TextContent: npmrc });
    expectOk(res);
    expect(res.body.error).toBeNull();
    expect((await member.api.get(`auth/getProject?project_id=${projectId}`)).body.project.npmrc_TextContent).toBe(npmrc);
    const row = await server.ctx.db.selectFrom('projects').select('npmrc').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.npmrc).not.toContain('npm.acme.example');
  });

  it('round-trips the dashboard personalization per project', async () => {
    const other = await createProject(admin, { name: 'Other dashboard' });
    const empty = await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${projectId}`);
    expectOk(empty);
    expect(empty.body).toMatchObject({ project_id: projectId, dashboardPersonalizationInfo: {} });
    const info = { showPassRate: true, days: 30, layout: 'compact', pinned: null };
    const saved = await admin.api.post('auth/updateDashboardPersonalizationInfo', { project_id: projectId, dashboardPersonalizationInfo: info });
    expectOk(saved);
    expect(saved.body.dashboardPersonalizationInfo).toEqual(info);
    expect((await member.api.get(`auth/getDashboardPersonalizationInfo?project_id=${projectId}`)).body.dashboardPersonalizationInfo).toEqual(info);
    expect((await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${other}`)).body.dashboardPersonalizationInfo).toEqual({});
  });

  it('answers the value-metric assumptions in effect: the defaults of spec section 9 where none was saved', async () => {
    const fresh = await createProject(admin, { name: 'Metrics' });
    expectError(await member.api.get(`auth/getDashboardPersonalizationInfo?project_id=${fresh}`), 403);
    const empty = await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${fresh}`);
    expect(empty.body.valueMetrics).toEqual(DEFAULT_VALUE_METRICS);
    const info = { hourlyRateForTestEngineer: 72.5, avgTimeToAutomateScenario: '3.25', weeklyEmailUpdatesTo: ['qa@example.com'] };
    const saved = await admin.api.post('auth/updateDashboardPersonalizationInfo', { project_id: fresh, dashboardPersonalizationInfo: info });
    expectOk(saved);
    // Numeric text is kept as its number.
    expect(saved.body.dashboardPersonalizationInfo).toEqual({ ...info, avgTimeToAutomateScenario: 3.25 });
    const read = await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${fresh}`);
    expect(read.body.valueMetrics).toEqual({ ...DEFAULT_VALUE_METRICS, hourlyRateForTestEngineer: 72.5, avgTimeToAutomateScenario: 3.25 });
  });

  it('refuses value metrics with more than 2 decimals, negative or not numbers, and invalid recipients', async () => {
    const fresh = await createProject(admin, { name: 'Metrics refused' });
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ hourlyRateForTestEngineer: 12.345 }, VALUE_METRIC_MESSAGE], [{ avgTimeToMaintainScenario: -1 }, VALUE_METRIC_MESSAGE],
      [{ avgTimeToAnalyzeFailedScenario: 'two' }, VALUE_METRIC_MESSAGE], [{ avgTimeToAutomateScenarioUsingStepwiseIO: '0.125' }, VALUE_METRIC_MESSAGE],
      [{ avgTimeToAutomateScenario: true }, VALUE_METRIC_MESSAGE], [{ weeklyEmailUpdatesTo: ['not-an-email'] }, MSG.invalidEmail],
    ];
    for (const [bad, message] of cases) {
      const res = await admin.api.post('auth/updateDashboardPersonalizationInfo', { project_id: fresh, dashboardPersonalizationInfo: bad });
      expectError(res, 400, message);
    }
    const read = await admin.api.get(`auth/getDashboardPersonalizationInfo?project_id=${fresh}`);
    expect(read.body.dashboardPersonalizationInfo).toEqual({});
  });

  it('lists no private repositories while none is configured', async () => {
    const res = await admin.api.get('auth/getAllPrivateRepoInAProject');
    expectOk(res);
    expect(res.body.repos).toEqual([]);
  });
});
