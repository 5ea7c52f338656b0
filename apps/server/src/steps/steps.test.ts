import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, WS_MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { NUL_MESSAGE } from '../http/text-guard.ts';
import { validateCode } from './step-definitions.ts';
import { localRepos } from '../test/local-repos.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let projectId: string;

const CHECKOUT = `@regression
Feature: Checkout

  Background:
    Given I am on the home page

  Scenario: Pay by card
    When I log in as "ada"
    And click on "Cart"
    Then the total is 12.50
    And I see a receipt

  Scenario Outline: Search
    When I search for "<term>" and take <count> items
    Then Verify the text "<term>" can be found in the page

    Examples:
      | term  | count |
      | shoes | 3     |
      | hats  | 10    |

  Rule: Gift cards
    Background:
      Given I have a gift card

    Scenario: Redeem
      When I redeem it
`;
const SHOP_STEPS = `import { Given, When, Then } from '@cucumber/cucumber';

// source: recorder
When('I log in as {string}', async function (name) {
  await this.page.fill('#user', name);
});

// source: api
Then(/^the total is ([\\d.]+)$/, async function (total) {});

// source: ai
Given('I have a gift card', async function () {});

Given('I have a {word} card', async function (kind) {});
`;

const gitIn = (...args: string[]) => execFileSync('git', [`--git-dir=${localRepos(server.ctx).repoPath(projectId)}`, ...args], { encoding: 'utf8' }).trim();
const head = () => gitIn('rev-parse', 'main');
const steps = (user: TestUser = member) => user.api.post(`workspace/store-and-get-steps?projectId=${projectId}`, { branch: 'main', isPrivateRepo: false });
const code = (featureName: string, scenarioName: string, user: TestUser = member) =>
  user.api.post('workspace/get-step-code-by-scenario', { projectId, branch: 'main', featureName, scenarioName });
const upload = (files: Array<{ name: string; content: string }>, extra: Record<string, unknown> = {}, user: TestUser = member) =>
  user.api.post('workspace/upload-mjs', { projectId, branch: 'main', files, ...extra });
const byName = (list: any[], name: string) => list.find((s) => s.stepName === name);

beforeAll(async () => {
  server = await startTestServer();
  [admin, member, outsider] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Shop' });
  await addMemberToProject(admin, member, projectId);
  await server.ctx.workspaces.write(projectId, 'main', { name: 'Seed', email: 'seed@example.com' }, 'Seed features and steps', async () => [
    { path: 'features/shop/checkout.feature', content: CHECKOUT },
    { path: 'steps/shop.mjs', content: SHOP_STEPS },
  ]);
});
afterAll(() => server.close());

describe('POST workspace/store-and-get-steps', () => {
  it('lists every distinct step with its definition, source, file, pattern, line and last change date', async () => {
    const res = await steps();
    expectOk(res);
    const list = res.body.stepInfo;
    const date = new Date(gitIn('log', '-1', '--format=%cI', 'main', '--', 'steps/shop.mjs')).toISOString();
    expect(byName(list, 'I log in as "ada"')).toEqual({
      stepName: 'I log in as "ada"', keyword: 'When', mjsFile: 'shop.mjs', mjsFileContent: SHOP_STEPS, mjsFileVersion: gitIn('rev-parse', 'main:steps/shop.mjs'), implemented: true,
      implemented_at: date, source: 'recorder', pattern: 'I log in as {string}', line: 4,
    });
    expect(byName(list, 'the total is 12.50')).toMatchObject({ implemented: true, source: 'api', pattern: '^the total is ([\\d.]+)$', line: 9 });
    expect(byName(list, 'I am on the home page')).toMatchObject({
      keyword: 'Given', implemented: true, source: 'builtin', mjsFile: 'utils.mjs', implemented_at: null, pattern: 'I am on the home page',
    });
    expect(byName(list, 'click on "Cart"')).toMatchObject({ implemented: true, mjsFile: 'utils.mjs' });
    expect(byName(list, 'click on "Cart"').mjsFileContent).toContain("When('click on {string}'");
    expect(byName(list, 'I see a receipt')).toEqual({
      stepName: 'I see a receipt', keyword: 'And', mjsFile: null, mjsFileContent: null, mjsFileVersion: null, implemented: false, implemented_at: null, source: null, pattern: null, line: null,
    });
    expect(byName(list, 'I search for "<term>" and take <count> items')).toMatchObject({
      implemented: false, resolvedText: 'I search for "shoes" and take 3 items\nI search for "hats" and take 10 items',
    });
    expect(byName(list, 'Verify the text "<term>" can be found in the page')).toMatchObject({ implemented: true, mjsFile: 'utils.mjs' });
    expect(byName(list, 'I have a gift card')).toMatchObject({ implemented: true, ambiguous: true, source: 'ai' });
    expect(list.filter((s: any) => s.stepName === 'I am on the home page')).toHaveLength(1);
    expect(list).toHaveLength(9);
  });

  it('takes projectId from the query or the body, and checks it', async () => {
    expectOk(await member.api.post('workspace/store-and-get-steps', { projectId, branch: 'main' }));
    expectError(await member.api.post('workspace/store-and-get-steps', { branch: 'main' }), 400, 'projectId is required');
    expectError(await steps(outsider), 403, MSG.forbidden);
    expectError(await member.api.withToken(null).post(`workspace/store-and-get-steps?projectId=${projectId}`, {}), 401);
    expectError(await member.api.post('workspace/store-and-get-steps?projectId=missing', {}), 404, MSG.projectNotFound);
    expectError(await member.api.post(`workspace/store-and-get-steps?projectId=${projectId}`, { branch: 'ghost' }), 404, WS_MSG.branchNotFound);
  });
});

describe('POST workspace/get-step-code-by-scenario', () => {
  it('gives the scenario steps, background first, with their code', async () => {
    const res = await code('shop/checkout.feature', 'Pay by card');
    expectOk(res);
    const list = res.body.stepInfo;
    expect(list.map((s: any) => [s.keyword, s.stepName, s.implemented])).toEqual([
      ['Given', 'I am on the home page', true], ['When', 'I log in as "ada"', true], ['And', 'click on "Cart"', true],
      ['Then', 'the total is 12.50', true], ['And', 'I see a receipt', false],
    ]);
    expect(list[1]).toMatchObject({ mjsFile: 'shop.mjs', mjsFileContent: SHOP_STEPS, line: 4, source: 'recorder' });
  });

  it('gives an unimplemented step a stub in user_defined_functions.mjs, returned but not written', async () => {
    const before = head();
    const stub = (await code('shop/checkout.feature', 'Pay by card')).body.stepInfo[4];
    expect(stub).toMatchObject({ implemented: false, isStub: true, mjsFile: 'user_defined_functions.mjs', source: 'user', pattern: 'I see a receipt' });
    expect(stub.stubCode).toBe([
      "import { Then, setDefaultTimeout } from '@cucumber/cucumber';",
      '',
      'setDefaultTimeout(60 * 1000);',
      '',
      '// source: user',
      "Then('I see a receipt', { timeout: 120000 }, async function () {",
      '  // TODO: implement the step "I see a receipt" with this.page (Playwright) and this.env.baseUrl',
      "  return 'pending';",
      '});',
      '',
    ].join('\n'));
    const file: string = stub.mjsFileContent;
    expect(file).toContain("import { Given, When, Then, setDefaultTimeout } from '@cucumber/cucumber';");
    expect(file.match(/setDefaultTimeout\(60 \* 1000\);/g)).toHaveLength(1);
    expect(file.split('\n')[stub.line - 1]).toBe("Then('I see a receipt', { timeout: 120000 }, async function () {");
    expect(validateCode(file)).toBeNull();
    expect(head()).toBe(before);

    expectOk(await upload([{ name: 'user_defined_functions.mjs', content: file }]));
    const after = (await code('shop/checkout.feature', 'Pay by card')).body.stepInfo[4];
    expect(after).toMatchObject({ implemented: true, mjsFile: 'user_defined_functions.mjs', source: 'user' });
    expect(after.isStub).toBeUndefined();
    const next = (await code('Checkout', 'Redeem')).body.stepInfo;
    expect(next.map((s: any) => s.stepName)).toEqual(['I am on the home page', 'I have a gift card', 'I redeem it']);
    const content: string = next[2].mjsFileContent;
    expect(content.match(/setDefaultTimeout\(60 \* 1000\);/g)).toHaveLength(1);
    expect(content).toContain("When('I redeem it', { timeout: 120000 }");
    expect(content).toContain("Then('I see a receipt'");
    expect(validateCode(content)).toBeNull();
  });

  it('makes the stub of a Scenario Outline step fit every example row: {string} for quoted text, {int} for numbers', async () => {
    const list = (await code('checkout', 'Search')).body.stepInfo;
    const search = list.find((s: any) => s.stepName.startsWith('I search for'));
    expect(search.pattern).toBe('I search for {string} and take {int} items');
    expect(search.stubCode).toContain("When('I search for {string} and take {int} items', { timeout: 120000 }, async function (string, int) {");
    expect(list.find((s: any) => s.stepName.startsWith('Verify'))).toMatchObject({ implemented: true, mjsFile: 'utils.mjs' });
  });

  it('finds the feature by path, file name or title; unknown ones are 404', async () => {
    for (const name of ['shop/checkout.feature', 'features/shop/checkout.feature', 'shop/checkout', 'checkout.feature', 'Checkout']) {
      expectOk(await code(name, 'Redeem'));
    }
    expectError(await code('shop/nothing.feature', 'Redeem'), 404, 'Feature not found');
    expectError(await code('shop/checkout.feature', 'Nope'), 404, 'Scenario not found');
    expectError(await code('shop/checkout.feature', 'Redeem', outsider), 403, MSG.forbidden);
  });
});

describe('POST workspace/upload-mjs and validate-step-code', () => {
  it('saves several files in one commit naming the user', async () => {
    const before = Number(gitIn('rev-list', '--count', 'main'));
    const res = await upload([
      { name: 'cart.mjs', content: "import { When } from '@cucumber/cucumber';\nWhen('I empty the cart', async function () {});\n" },
      { name: 'admin/users.mjs', content: 'export const x = 1;\n' },
    ]);
    expectOk(res);
    expect(res.body.files).toEqual(['steps/cart.mjs', 'steps/admin/users.mjs']);
    expect(Number(gitIn('rev-list', '--count', 'main'))).toBe(before + 1);
    expect(gitIn('log', '-1', '--format=%s', 'main')).toMatch(/^Test User\d+: save step code \(steps\/cart\.mjs, steps\/admin\/users\.mjs\)$/);
    expect(gitIn('show', 'main:steps/admin/users.mjs')).toBe('export const x = 1;');
  });

  it('refuses code that does not parse with the line, column and message, unless saved anyway', async () => {
    const before = head();
    const bad = "import { When } from '@cucumber/cucumber';\nWhen('x', async function () {\n  await this.page.click(;\n});\n";
    const res = await upload([{ name: 'ok.mjs', content: 'export {};\n' }, { name: 'bad.mjs', content: bad }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', error: WS_MSG.codeValidationError, file: 'steps/bad.mjs', line: 3, column: 25, message: 'Unexpected token' });
    expect(head()).toBe(before);
    expectOk(await upload([{ name: 'bad.mjs', content: bad }], { force: true }));
    expect(gitIn('show', 'main:steps/bad.mjs')).toBe(bad.trim());
    const check = await member.api.post('workspace/validate-step-code', { code: bad });
    expect(check.body).toEqual({ status: 'success', valid: false, line: 3, column: 25, message: 'Unexpected token' });
    const good = await member.api.post('workspace/validate-step-code', { code: 'export const a = 1;' });
    expect(good.body).toEqual({ status: 'success', valid: true, line: null, column: null, message: null });
    expectError(await member.api.withToken(null).post('workspace/validate-step-code', { code: '' }), 401);
  });

  it('confines file names to steps/*.mjs and never writes the utils file', async () => {
    const before = head();
    const cases: Array<[string, string]> = [
      ['../x.mjs', WS_MSG.invalidPath], ['../../features/x.mjs', WS_MSG.invalidPath], ['/etc/x.mjs', WS_MSG.invalidPath],
      ['-rf.mjs', WS_MSG.invalidPath], ['a/-x.mjs', WS_MSG.invalidPath], ['a//b.mjs', WS_MSG.invalidPath], ['a\\b.mjs', WS_MSG.invalidPath],
      ['./x.mjs', WS_MSG.invalidPath], ['x.js', WS_MSG.stepFileName], ['x.mjs/', WS_MSG.stepFileName], ['utils.mjs', WS_MSG.utilsNotEditable],
      ['x\u0000.mjs', NUL_MESSAGE],
    ];
    for (const [name, message] of cases) expectError(await upload([{ name, content: 'export {};' }]), 400, message);
    expectError(await upload([{ name: 'fine.mjs', content: 'export {};' }, { name: '../evil.mjs', content: 'x' }]), 400, WS_MSG.invalidPath);
    expect(head()).toBe(before);
  });

  it('checks the membership, and refuses writes on an expired project', async () => {
    expectError(await upload([{ name: 'x.mjs', content: '' }], {}, outsider), 403, MSG.forbidden);
    await server.ctx.db.updateTable('projects').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', projectId).execute();
    try {
      expectError(await upload([{ name: 'x.mjs', content: '' }]), 403, MSG.licenceExpired);
    } finally {
      await server.ctx.db.updateTable('projects').set({ expires_at: null }).where('id', '=', projectId).execute();
    }
  });

  it('shows the built-in library as the read-only utils file', async () => {
    const res = await member.api.get('workspace/step-library');
    expectOk(res);
    expect(res.body.file).toBe('utils.mjs');
    expect(res.body.content).toContain('Verify the text {string} can be found in the page');
    expect(res.body.stepDefinitions.length).toBeGreaterThanOrEqual(20);
  });
});
