import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAG, MSG, WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { startWorkspace, treePaths, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await startWorkspace();
});
afterAll(() => ws.server.close());

const LOGIN = `@auth
Feature: Login
  Users sign in.

  # the happy path
  @smoke @fast
  Scenario: Sign in
    Given I open the login page
    When I sign in as "ada"
    Then I see the dashboard

  Scenario Outline: Wrong password <attempt>
    Given I open the login page
    When I type "<password>"
    Then I see "Wrong password"

    @negative
    Examples: typos
      | attempt | password |
      | 1       | secrex   |
`;

describe('get-feature-list', () => {
  beforeAll(async () => {
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'auth' }));
    expectOk(await ws.call('push-scenario', { name: 'login.feature', parentPath: 'auth', data: LOGIN, replaceFile: true }));
    expectOk(await ws.call('push-scenario', { name: 'broken', parentPath: '', data: 'Feature: Broken\n  Scenario: x\n    Given a\n    """\n    never closed\n', replaceFile: true }));
  });

  it('lists folders first, then features, with parsed scenarios, tags and steps', async () => {
    const res = await ws.call('get-feature-list', { isPrivateRepo: false });
    expectOk(res);
    expect(treePaths(res.body.foldersAndFeatures)).toEqual(['auth/', 'auth/login.feature', 'broken.feature']);
    const login = res.body.foldersAndFeatures[0].children[0];
    expect(login).toMatchObject({ name: 'login.feature', path: 'auth/login.feature', parents: ['auth'], isFolder: false, featureName: 'Login', tags: ['auth'], content: LOGIN, parseError: null });
    expect(login.scenarios).toHaveLength(2);
    expect(login.scenarios[0]).toMatchObject({ type: 'Scenario', name: 'Sign in', tags: ['smoke', 'fast'], line: 7, rule: null });
    expect(login.scenarios[0].content).toBe('  # the happy path\n  @smoke @fast\n  Scenario: Sign in\n    Given I open the login page\n    When I sign in as "ada"\n    Then I see the dashboard');
    expect(login.scenarios[0].steps).toEqual([
      { keyword: 'Given ', text: 'I open the login page', line: 8 },
      { keyword: 'When ', text: 'I sign in as "ada"', line: 9 },
      { keyword: 'Then ', text: 'I see the dashboard', line: 10 },
    ]);
    expect(login.scenarios[1]).toMatchObject({ type: 'Scenario Outline', name: 'Wrong password <attempt>' });
    expect(login.scenarios[1].content.endsWith('| 1       | secrex   |')).toBe(true);
    expect(res.body.allTags).toEqual(['auth', 'fast', 'negative', 'smoke']);
    expect(res.body).toMatchObject({ branch: 'main', error: null, lastActiveFolder: '', lastActiveFeature: 'broken.feature' });
    expect(res.body.commit).toBe(ws.git('rev-parse', 'main'));
  });

  it('lists a file that does not parse with the parser error and its content', async () => {
    const res = await ws.call('get-feature-list-for-branch', { branch: 'main' });
    const broken = res.body.foldersAndFeatures[1];
    expect(broken.featureName).toBe('Broken');
    expect(broken.scenarios).toEqual([]);
    expect(broken.content).toContain('never closed');
    expect(broken.parseError).toMatchObject({ line: 6 });
    expect(broken.parseError.message).toMatch(/unexpected end of file/);
  });

  it('answers without the tree while the branch is still at the commit the caller holds', async () => {
    const full = await ws.call('get-feature-list', { compact: true });
    expectOk(full);
    const commit = full.body.commit;
    const same = await ws.call('get-feature-list', { compact: true, knownCommit: commit });
    expectOk(same);
    const { foldersAndFeatures: _tree, allTags: _tags, ...fields } = full.body;
    expect(same.body).toEqual({ ...fields, unchanged: true });
    // The full answer stays what it was (the short one is not cached in its place).
    expect((await ws.call('get-feature-list', { compact: true })).body).toEqual(full.body);
    // An older commit, or another: the whole list.
    const other = await ws.call('get-feature-list', { compact: true, knownCommit: '0'.repeat(40) });
    expect(other.body.foldersAndFeatures).toEqual(full.body.foldersAndFeatures);
    expect(other.body.unchanged).toBeUndefined();
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'moved-on' }));
    const after = await ws.call('get-feature-list', { compact: true, knownCommit: commit });
    expect(after.body.commit).not.toBe(commit);
    expect(treePaths(after.body.foldersAndFeatures)).toContain('moved-on/');
    expectError(await ws.call('get-feature-list', { knownCommit: 'HEAD~1' }), 400, 'knownCommit must be a commit id');
    expectOk(await ws.call('delete-folder', { name: 'moved-on', deletePath: '' }));
  });

  it('answers 400 for an invalid branch name and 404 for an unknown branch', async () => {
    expectError(await ws.call('get-feature-list-for-branch', { branch: '--upload-pack=x' }), 400, WS_MSG.branchNameInvalid);
    expectError(await ws.call('get-feature-list-for-branch', { branch: 'nope' }), 404, WS_MSG.branchNotFound);
  });

  it('counts features and scenarios on main and stores the scenario count on the project', async () => {
    const res = await ws.call('features-count', { isPrivateRepo: false });
    expect(res.body).toEqual({ status: 'success', featuresCount: 2, scenariosCount: 2 });
    const row = await ws.server.ctx.db.selectFrom('projects').select('scenario_count').where('id', '=', ws.projectId).executeTakeFirstOrThrow();
    expect(row.scenario_count).toBe(2);
  });
});

describe('create-feature, rename-feature, delete-feature', () => {
  it('creates a feature with one empty Scenario Outline tagged with the default tag', async () => {
    const res = await ws.call('create-feature', { branch: 'main', parentPath: '', name: 'Checkout' });
    expectOk(res);
    expect(ws.show('features/Checkout.feature')).toBe(`Feature: Checkout\n\n  @${DEFAULT_TAG}\n  Scenario Outline: Checkout\n`);
    expect(ws.log()[0]).toBe('Ada Lovelace: create feature Checkout.feature');
    expect(ws.git('log', '-1', '--format=%an <%ae>')).toBe(`Ada Lovelace <${ws.admin.email}>`);
  });

  it('refuses invalid and duplicate feature names with the spec messages', async () => {
    expectError(await ws.call('create-feature', { parentPath: '', name: 'checkout' }), 400, WS_MSG.featureExists);
    expectError(await ws.call('create-feature', { parentPath: '', name: '  ' }), 400, WS_MSG.featureNameEmpty);
    expectError(await ws.call('create-feature', { parentPath: '', name: 'x'.repeat(81) }), 400, WS_MSG.featureNameTooLong);
    expectError(await ws.call('create-feature', { parentPath: '', name: 'a/b.c' }), 400, `${WS_MSG.featureNameChars} / .`);
    expectError(await ws.call('create-feature', { parentPath: 'missing', name: 'Fine' }), 404, WS_MSG.folderNotFound);
  });

  it('renames the file and the Feature: title', async () => {
    const res = await ws.call('rename-feature', { parentPath: 'auth', oldName: 'login.feature', newName: 'Sign in' });
    expectOk(res);
    expect(res.body.path).toBe('auth/Sign in.feature');
    expect(ws.show('features/auth/login.feature')).toBeNull();
    expect(ws.show('features/auth/Sign in.feature')).toBe(LOGIN.replace('Feature: Login', 'Feature: Sign in'));
  });

  it('refuses renames that break the rules', async () => {
    const rename = (oldName: string, newName: string) => ws.call('rename-feature', { parentPath: 'auth', oldName, newName });
    expectError(await rename('Sign in.feature', 'Sign in'), 400, WS_MSG.featureRenameSame);
    expectError(await rename('Sign in.feature', ''), 400, WS_MSG.featureNameEmpty);
    expectError(await rename('Sign in.feature', 'bad!'), 400, `${WS_MSG.featureNameChars} !`);
    expectError(await rename('Ghost.feature', 'Other'), 404, WS_MSG.featureNotFound);
    expectOk(await ws.call('create-feature', { parentPath: 'auth', name: 'Logout' }));
    expectError(await rename('Sign in.feature', 'logout'), 400, WS_MSG.featureRenameExists);
  });

  it('deletes a feature and keeps its folder', async () => {
    expectOk(await ws.call('delete-feature', { parentPath: 'auth', name: 'Logout.feature' }));
    expectOk(await ws.call('delete-feature', { parentPath: 'auth', name: 'Sign in' }));
    expect(ws.git('ls-tree', '-r', '--name-only', 'main', 'features/auth')).toBe('features/auth/.gitkeep');
    expectError(await ws.call('delete-feature', { parentPath: 'auth', name: 'Sign in' }), 404, WS_MSG.featureNotFound);
  });
});

describe('plan and licence', () => {
  const setProject = (patch: { max_scenarios_allowed?: number; expires_at?: Date | null }) =>
    ws.server.ctx.db.updateTable('projects').set(patch).where('id', '=', ws.projectId).execute();
  afterAll(() => setProject({ max_scenarios_allowed: 1_000_000, expires_at: null }));

  it('refuses scenarios past the plan maximum with Upgrade Required, but allows edits', async () => {
    const count = (await ws.call('features-count')).body.scenariosCount;
    await setProject({ max_scenarios_allowed: count });
    const head = ws.git('rev-parse', 'main');
    expectError(await ws.call('push-scenario', { name: 'Checkout', parentPath: '', data: 'Scenario: One more\n  Given x' }), 403, WS_MSG.upgradeRequired);
    expectError(await ws.call('create-feature', { parentPath: '', name: 'Another' }), 403, WS_MSG.upgradeRequired);
    expect(ws.git('rev-parse', 'main')).toBe(head);
    expectOk(await ws.call('push-scenario', { name: 'Checkout', parentPath: '', scenarioIndex: 0, data: '  @regression\n  Scenario Outline: Checkout\n    Given a cart' }));
  });

  it('refuses every write of an expired project with the licence message', async () => {
    await setProject({ expires_at: new Date(Date.now() - 60_000) });
    const head = ws.git('rev-parse', 'main');
    expectError(await ws.call('create-folder', { parentPath: '', name: 'late' }), 403, MSG.licenceExpired);
    expectError(await ws.call('push-scenario', { name: 'Checkout', parentPath: '', scenarioIndex: 0, data: 'Scenario: x' }), 403, MSG.licenceExpired);
    expectError(await ws.call('delete-feature', { parentPath: '', name: 'Checkout' }), 403, MSG.licenceExpired);
    expectError(await ws.call('create-new-branch', { sourceBranch: 'main', newBranch: 'late' }), 403, MSG.licenceExpired);
    expectOk(await ws.call('get-feature-list'));
    expect(ws.git('rev-parse', 'main')).toBe(head);
  });
});
