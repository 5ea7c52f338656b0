import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { localRepos } from '../test/local-repos.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;

const gitIn = (...args: string[]) => execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(projectId)}`, ...args], { encoding: 'utf8' }).trim();
const push = (user: TestUser, name: string, baseUrl: string, extra: Record<string, unknown> = {}) =>
  user.api.post('workspace/push-env', { projectId, branch: 'main', name, data: { baseUrl }, ...extra });
const list = async (user: TestUser = admin, branch = 'main') => (await user.api.post('workspace/get-env-list', { projectId, branch })).body;

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([
    signUpUser(server.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' }), signUpUser(server.baseUrl), signUpUser(server.baseUrl),
  ]);
  projectId = await createProject(admin);
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

describe('environments', () => {
  it('starts empty, then lists what was pushed as environments/{name}.json, each push one commit naming the user', async () => {
    expect(await list()).toEqual({ status: 'success', allEnv: [], lastActiveEnv: null });
    const res = await push(admin, 'staging', 'https://staging.shop.example:8443/app');
    expectOk(res);
    expect(res.body.environment).toEqual({ name: 'staging', baseUrl: 'https://staging.shop.example:8443/app', file: 'environments/staging.json', version: gitIn('rev-parse', 'main:environments/staging.json') });
    expectOk(await push(member, ' prod ', 'https://shop.example'));
    expect(JSON.parse(gitIn('show', 'main:environments/staging.json'))).toEqual({ name: 'staging', baseUrl: 'https://staging.shop.example:8443/app' });
    expect(gitIn('log', '-2', '--format=%an|%s', 'main').split('\n')).toEqual([
      expect.stringMatching(/^Test User\d+\|Test User\d+: add environment 'prod'$/),
      "Ada Lovelace|Ada Lovelace: add environment 'staging'",
    ]);
    const body = await list();
    expect(body.allEnv.map((e: { name: string }) => e.name)).toEqual(['prod', 'staging']);
    expect(body.lastActiveEnv).toBe('prod');
  });

  it('refuses every invalid name and URL with the exact message, writing nothing', async () => {
    const head = gitIn('rev-parse', 'main');
    const names: Array<[string, string]> = [
      ['', WS_MSG.envNameEmpty], ['   ', WS_MSG.envNameEmpty], ['x'.repeat(33), WS_MSG.envNameTooLong], ['a/b', WS_MSG.envNameChars],
      ['a.b', WS_MSG.envNameChars], ['../x', WS_MSG.envNameChars], ['a*', WS_MSG.envNameChars], ['a:b', WS_MSG.envNameChars],
      ['STAGING', WS_MSG.envNameDuplicate], ['Prod', WS_MSG.envNameDuplicate], ['-rf', WS_MSG.invalidPath], ['new\nline', WS_MSG.invalidPath],
    ];
    for (const [name, message] of names) expectError(await push(admin, name, 'https://ok.example'), 400, message);
    const urls: Array<[string, string]> = [
      ['', WS_MSG.envUrlEmpty], ['ftp://x.example', WS_MSG.envUrlScheme], ['https://a b.example', 'URL cannot contain: whitespace'],
      ['https://x.example:', WS_MSG.envUrlPortEmpty], ['https://x.example:ab', WS_MSG.envUrlPortNaN], ['https://x.example:70000', WS_MSG.envUrlPortRange],
      ['https://x.example:1:2', WS_MSG.envUrlOnePort], ['https://', WS_MSG.envUrlHostEmpty], ['https://a..b', WS_MSG.envUrlHostEmpty],
    ];
    for (const [url, message] of urls) expectError(await push(admin, 'fresh', url), 400, message);
    expect(gitIn('rev-parse', 'main')).toBe(head);
    expectError(await admin.api.post('workspace/push-env', { projectId, branch: 'main', name: 'x\u0000y', data: { baseUrl: 'https://a.example' } }), 400);
  });

  it('edits the URL, renames in one commit (moving the file), and says when nothing changed', async () => {
    expectError(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'staging', newName: 'staging', newData: { baseUrl: 'https://staging.shop.example:8443/app' } }), 400, WS_MSG.envNoChanges);
    expectOk(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'staging', newData: { baseUrl: 'https://stage.example' } }));
    expect(JSON.parse(gitIn('show', 'main:environments/staging.json')).baseUrl).toBe('https://stage.example');
    await admin.api.post('workspace/set-active-env', { projectId, branch: 'main', name: 'staging' });
    const before = Number(gitIn('rev-list', '--count', 'main'));
    const res = await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'staging', newName: 'qa', newData: { baseUrl: 'https://qa.example' } });
    expectOk(res);
    expect(res.body.environment).toEqual({ name: 'qa', baseUrl: 'https://qa.example', file: 'environments/qa.json', version: expect.any(String) });
    expect(Number(gitIn('rev-list', '--count', 'main'))).toBe(before + 1);
    expect(gitIn('ls-tree', '--name-only', 'main', 'environments/')).toBe('environments/.gitkeep\nenvironments/prod.json\nenvironments/qa.json');
    expect(gitIn('log', '-1', '--format=%s', 'main')).toBe("Ada Lovelace: rename environment 'staging' to 'qa'");
    expect((await list()).lastActiveEnv).toBe('qa');
    expectOk(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'qa', newName: 'QA', newData: { baseUrl: 'https://qa.example' } }));
    expectError(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'QA', newName: 'PROD', newData: { baseUrl: 'https://qa.example' } }), 400, WS_MSG.envNameDuplicate);
    expectError(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'QA', newData: { baseUrl: 'nope' } }), 400, WS_MSG.envUrlScheme);
    expectError(await admin.api.post('workspace/edit-env', { projectId, branch: 'main', name: 'ghost', newData: { baseUrl: 'https://a.example' } }), 404, WS_MSG.envNotFound);
  });

  it('remembers the last active environment per member and falls back to the first one', async () => {
    expectOk(await member.api.post('workspace/set-active-env', { projectId, branch: 'main', name: 'prod' }));
    expect((await list(member)).lastActiveEnv).toBe('prod');
    expect((await list(admin)).lastActiveEnv).toBe('QA');
    expectError(await member.api.post('workspace/set-active-env', { projectId, branch: 'main', name: 'ghost' }), 404, WS_MSG.envNotFound);
    expectOk(await member.api.delete('workspace/delete-env', { projectId, branch: 'main', name: 'prod' }));
    expect((await list(member)).lastActiveEnv).toBe('QA');
  });

  it('deletes an environment in one commit; a missing one is 404', async () => {
    const res = await admin.api.delete('workspace/delete-env', { projectId, branch: 'main', name: 'QA' });
    expectOk(res);
    expect(gitIn('log', '-1', '--format=%s', 'main')).toBe("Ada Lovelace: delete environment 'QA'");
    expectError(await admin.api.delete('workspace/delete-env', { projectId, branch: 'main', name: 'QA' }), 404, WS_MSG.envNotFound);
    expectError(await admin.api.delete('workspace/delete-env', { projectId, branch: 'main', name: '../../README' }), 400, WS_MSG.invalidPath);
  });

  it('works per branch: an unknown branch is 404', async () => {
    gitIn('branch', 'feature-x', 'main');
    expectOk(await push(admin, 'only-on-branch', 'https://b.example', { branch: 'feature-x' }));
    expect((await list(admin, 'feature-x')).allEnv.map((e: { name: string }) => e.name)).toContain('only-on-branch');
    expect((await list(admin, 'main')).allEnv.map((e: { name: string }) => e.name)).not.toContain('only-on-branch');
    expectError(await push(admin, 'x', 'https://b.example', { branch: 'nope' }), 404, WS_MSG.branchNotFound);
    expectError(await admin.api.post('workspace/get-env-list', { projectId, branch: '--upload-pack=x' }), 404, WS_MSG.branchNotFound);
  });

  it('checks the session and the membership, and refuses writes on an expired project', async () => {
    expectError(await admin.api.withToken(null).post('workspace/get-env-list', { projectId }), 401);
    expectError(await outsider.api.post('workspace/get-env-list', { projectId }), 403, MSG.forbidden);
    expectError(await push(outsider, 'x', 'https://x.example'), 403);
    expectError(await admin.api.post('workspace/get-env-list', { projectId: 'missing' }), 404, MSG.projectNotFound);
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', projectId).execute();
    try {
      expectError(await push(admin, 'late', 'https://late.example'), 403, MSG.licenceExpired);
      expectOk(await admin.api.post('workspace/get-env-list', { projectId }));
    } finally {
      await server.ctx.db.updateTable('projects').set({ expires_at: null }).where('id', '=', projectId).execute();
    }
  });
});
