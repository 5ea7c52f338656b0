import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { addMemberToProject, signUpUser, type TestUser } from '../test/factories.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
let member: TestUser;
beforeAll(async () => {
  ws = await startWorkspace();
  member = await signUpUser(ws.server.baseUrl, { firstname: 'Bob', lastname: 'Member' });
  await addMemberToProject(ws.admin, member, ws.projectId);
});
afterAll(() => ws.server.close());

const create = (sourceBranch: string, newBranch: string, user?: TestUser) => ws.call('create-new-branch', { sourceBranch, newBranch }, user);
const remove = (branch: string, user: TestUser = ws.admin) => user.api.delete('workspace/delete-branch', { projectId: ws.projectId, branch });

describe('branches', () => {
  it('lists main alone at first', async () => {
    const res = await ws.call('get-all-branches', { isPrivateRepo: false });
    expectOk(res);
    expect(res.body.branches).toEqual(['main']);
  });

  it('creates a branch from a source; edits there leave main unchanged', async () => {
    expectOk(await create('main', 'feature/login'));
    expect(ws.git('rev-parse', 'feature/login')).toBe(ws.git('rev-parse', 'main'));
    const mainHead = ws.git('rev-parse', 'main');
    expectOk(await ws.call('push-scenario', { branch: 'feature/login', name: 'Login', parentPath: '', data: 'Scenario: In\n  Given x' }));
    expect(ws.git('rev-parse', 'main')).toBe(mainHead);
    expect(ws.show('features/Login.feature', 'feature/login')).toContain('Scenario: In');
    const onBranch = await ws.call('get-feature-list-for-branch', { branch: 'feature/login' });
    expect(onBranch.body.foldersAndFeatures.map((n: { name: string }) => n.name)).toEqual(['Login.feature']);
    expect((await ws.call('get-feature-list')).body.foldersAndFeatures).toEqual([]);
    expect((await ws.call('get-all-branches')).body.branches).toEqual(['main', 'feature/login']);
  });

  it('validates branch creation', async () => {
    expectError(await create('', 'x'), 400, WS_MSG.fillAllFields);
    expectError(await create('main', '  '), 400, WS_MSG.fillAllFields);
    for (const bad of ['--upload-pack=x', '-x', 'a..b', 'a b', 'x.lock', '../main', 'refs/../x', '.hidden']) {
      expectError(await create('main', bad), 400, WS_MSG.branchNameInvalid);
    }
    expectError(await create('main', 'feature/login'), 409, WS_MSG.branchExists);
    expectError(await create('ghost', 'fresh'), 404, WS_MSG.branchNotFound);
    expectError(await create('--output=/tmp/x', 'fresh'), 400, WS_MSG.branchNameInvalid);
  });

  it('deletes branches: never main; admins any, members their own', async () => {
    expectError(await remove('main'), 400, WS_MSG.branchMainDelete);
    expectError(await remove('ghost'), 404, WS_MSG.branchNotFound);
    expectError(await remove('--upload-pack=x'), 400, WS_MSG.branchNameInvalid);
    expectError(await remove('feature/login', member), 403, WS_MSG.branchDeleteForbidden);
    expectOk(await create('main', 'bob-work', member));
    expectOk(await remove('bob-work', member));
    expectOk(await remove('feature/login'));
    expect((await ws.call('get-all-branches')).body.branches).toEqual(['main']);
  });

  it('refuses branch writes on an expired project', async () => {
    await ws.server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', ws.projectId).execute();
    expectError(await create('main', 'late'), 403, MSG.licenceExpired);
    await ws.server.ctx.db.updateTable('projects').set({ expires_at: null }).where('id', '=', ws.projectId).execute();
  });
});

describe('last-updated and the last active selection', () => {
  it('gives the date, author and message of the last commit touching a file', async () => {
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'auth' }));
    expectOk(await ws.call('push-scenario', { name: 'Login', parentPath: 'auth', data: 'Scenario: In\n  Given x' }, member));
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'other' }));
    const res = await ws.call('last-updated', { directory: 'features/auth', file: 'Login.feature', branch: 'main' });
    expectOk(res);
    expect(res.body).toMatchObject({ author: 'Bob Member', email: member.email, message: 'Bob Member: create feature auth/Login.feature' });
    expect(res.body.commit).toBe(ws.git('rev-parse', 'main~1'));
    expect(Date.parse(res.body.date)).toBeGreaterThan(Date.now() - 120_000);
    const short = await ws.call('last-updated', { directory: 'auth', file: 'Login.feature', branch: 'main' });
    expect(short.body.commit).toBe(res.body.commit);
    const viaHeader = await ws.admin.api.request('POST', 'workspace/last-updated', { directory: 'auth', file: 'Login.feature' }, { 'x-project-id': ws.projectId });
    expect(viaHeader.body.commit).toBe(res.body.commit);
  });

  it('refuses unknown files, traversal and option-like names', async () => {
    expectError(await ws.call('last-updated', { directory: 'auth', file: 'None.feature' }), 404, WS_MSG.fileNotFound);
    expectError(await ws.call('last-updated', { directory: '../..', file: 'etc/passwd' }), 400, WS_MSG.invalidPath);
    expectError(await ws.call('last-updated', { directory: 'auth', file: '--output=/tmp/pwned' }), 400, WS_MSG.invalidPath);
    expectError(await ws.call('last-updated', { directory: 'auth', file: 'Login.feature', branch: '--all' }), 400, WS_MSG.branchNameInvalid);
  });

  it('stores the selection per user, project and branch', async () => {
    const body = { branch: 'main', featureIndex: 2, scenarioIndex: 3, lastActiveFolder: 'auth', lastActiveFeature: 'auth/Login.feature' };
    expectOk(await ws.call('updateLastActiveWorkspace', body));
    const mine = await ws.call('get-feature-list');
    expect(mine.body).toMatchObject({ lastActiveFolder: 'auth', lastActiveFeature: 'auth/Login.feature', lastActiveScenarioIndex: 3 });
    const theirs = await ws.call('get-feature-list', {}, member);
    expect(theirs.body.lastActiveFeature).toBe('auth/Login.feature');
    expectOk(await ws.call('updateLastActiveWorkspace', { ...body, scenarioIndex: 0, lastActiveFeature: 'other' }, member));
    expect((await ws.call('get-feature-list')).body.lastActiveScenarioIndex).toBe(3);
    expect((await ws.call('get-feature-list', {}, member)).body.lastActiveScenarioIndex).toBe(0);
  });
});

describe('create-workspace', () => {
  it('re-creates a lost repository and is idempotent', async () => {
    await ws.server.ctx.workspaces.remove(ws.projectId);
    expectError(await ws.call('get-feature-list'), 404, WS_MSG.workspaceMissing);
    const first = await ws.admin.api.post('auth/create-workspace', { projectId: ws.projectId });
    expectOk(first);
    expect(first.body.created).toBe(true);
    const again = await ws.admin.api.post('auth/create-workspace', { projectId: ws.projectId });
    expect(again.body.created).toBe(false);
    expectOk(await ws.call('get-feature-list'));
    expect(ws.git('fsck', '--no-progress')).toBe('');
  });
});
