import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { readStepFile } from './step-definitions.ts';
import { localRepos } from '../test/local-repos.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;

const FEATURE = `Feature: Login
  Scenario: Sign in
    Given I am on the home page
    When I log in as "ada"
    Then I see the "Welcome" banner
`;
const BROKEN = `Feature: Half written
  Scenario: Typo
    Given I open the admin panel
  Examples without outline
`;
const STEPS = `import { Given, When, Then } from '@cucumber/cucumber';

// source: recorder
When('I log in as {string}', async function (name) {});

// source: ai
// Generated on Monday.
Then('I do nothing at all', async function () {});

Then(/^I see the "([^"]*)" banner$/, async function (text) {});

Given(/^a forgotten regexp step (\\d+)$/, async function () {});

Given('I open the admin panel', async function () {});

const registered = [Given('a registered step', async function () {})];
`;

const gitIn = (...args: string[]) => execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(projectId)}`, ...args], { encoding: 'utf8' }).trim();
const unused = (user: TestUser = member, branch = 'main') => user.api.post(`workspace/get-unused-step-definitions?branch=${branch}`, { projectId, isPrivateRepo: false });
const remove = (input: unknown[], branch = 'main', user: TestUser = member) => user.api.post(`workspace/remove-unused-steps?branch=${branch}`, { projectId, input });

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin);
  await addMemberToProject(admin, member, projectId);
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Seed', email: 'seed@example.com' }, 'Seed', async () => [
    { path: 'features/login.feature', content: FEATURE },
    { path: 'features/wip/broken.feature', content: BROKEN },
    { path: 'steps/login.mjs', content: STEPS },
    { path: 'steps/broken.mjs', content: 'Given("x", () => {\n' },
  ]);
});
afterAll(() => server.close());

describe('POST workspace/get-unused-step-definitions', () => {
  it('lists the project definitions that no step of any feature matches, never the built-in ones', async () => {
    const res = await unused();
    expectOk(res);
    expect(res.body.unusedStepDefinitions).toEqual([
      { uri: 'steps/login.mjs', keyword: 'Then', pattern: 'I do nothing at all', line: 8 },
      { uri: 'steps/login.mjs', keyword: 'Given', pattern: '^a forgotten regexp step (\\d+)$', line: 12 },
      { uri: 'steps/login.mjs', keyword: 'Given', pattern: 'a registered step', line: 16 },
    ]);
    expect(res.body.errors).toEqual([{ uri: 'steps/broken.mjs', line: 2, column: 1, message: 'Unexpected token' }]);
  });

  it('checks the session, the membership and the branch', async () => {
    expectError(await member.api.withToken(null).post('workspace/get-unused-step-definitions', { projectId }), 401);
    expectError(await unused(outsider), 403, MSG.forbidden);
    expectError(await member.api.post('workspace/get-unused-step-definitions', { projectId: 'missing' }), 404, MSG.projectNotFound);
    expectError(await unused(member, 'ghost'), 404, WS_MSG.branchNotFound);
  });
});

describe('POST workspace/remove-unused-steps', () => {
  it('refuses paths outside steps/*.mjs and the utils file, writing nothing', async () => {
    const before = gitIn('rev-parse', 'main');
    const defs = [{ keyword: 'Then', pattern: 'I do nothing at all' }];
    for (const [filePath, message] of [['../login.mjs', WS_MSG.invalidPath], ['steps/../../x.mjs', WS_MSG.invalidPath], ['login.feature', WS_MSG.stepFileName], ['utils.mjs', WS_MSG.utilsNotEditable]]) {
      expectError(await remove([{ filePath, stepDefinitions: defs }]), 400, message);
    }
    expectError(await remove([{ filePath: 'login.mjs', stepDefinitions: defs }], 'main', outsider), 403, MSG.forbidden);
    expect(gitIn('rev-parse', 'main')).toBe(before);
  });

  it('works on the branch of the query, leaving main as it was', async () => {
    gitIn('branch', 'cleanup', 'main');
    const main = gitIn('rev-parse', 'main');
    const res = await remove([{ filePath: 'steps/login.mjs', stepDefinitions: [{ keyword: 'Given', pattern: '^a forgotten regexp step (\\d+)$' }] }], 'cleanup');
    expectOk(res);
    expect(res.body.removed).toBe(1);
    expect(gitIn('rev-parse', 'main')).toBe(main);
    expect(gitIn('show', 'cleanup:steps/login.mjs')).not.toContain('forgotten');
  });

  it('cuts the definitions with their source comments in one commit, and keeps used or unremovable ones', async () => {
    const before = Number(gitIn('rev-list', '--count', 'main'));
    const res = await remove([
      { filePath: 'steps/login.mjs', stepDefinitions: [{ keyword: 'Then', pattern: 'I do nothing at all' }, { keyword: 'When', pattern: 'I log in as {string}' }] },
      { filePath: 'login.mjs', stepDefinitions: [{ keyword: 'Given', pattern: '^a forgotten regexp step (\\d+)$' }, { keyword: 'Given', pattern: 'a registered step' }] },
    ]);
    expectOk(res);
    expect(res.body.removed).toBe(2);
    expect(Number(gitIn('rev-list', '--count', 'main'))).toBe(before + 1);
    expect(gitIn('log', '-1', '--format=%s', 'main')).toMatch(/^Test User\d+: remove unused step definitions$/);
    const content = gitIn('show', 'main:steps/login.mjs');
    expect(content).not.toContain('I do nothing at all');
    expect(content).not.toContain('source: ai');
    expect(content).not.toContain('Generated on Monday');
    expect(content).not.toContain('forgotten');
    expect(content).toContain("// source: recorder\nWhen('I log in as {string}'");
    expect(content).toContain("Given('a registered step'");
    expect(readStepFile(content).definitions.map((d) => d.pattern)).toEqual([
      'I log in as {string}', '^I see the "([^"]*)" banner$', 'I open the admin panel', 'a registered step',
    ]);
    const again = await unused();
    expect(again.body.unusedStepDefinitions).toEqual([{ uri: 'steps/login.mjs', keyword: 'Given', pattern: 'a registered step', line: 10 }]);
  });

  it('removes nothing, without a commit, when nothing asked for is unused', async () => {
    const before = gitIn('rev-parse', 'main');
    const res = await remove([{ filePath: 'steps/login.mjs', stepDefinitions: [{ keyword: 'When', pattern: 'I log in as {string}' }] }]);
    expectOk(res);
    expect(res.body.removed).toBe(0);
    expect(gitIn('rev-parse', 'main')).toBe(before);
  });
});
