import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { startWorkspace, type Workspace } from './workspace-test-kit.ts';
import { workspaceServices } from './workspace-services.ts';
import { localRepos } from '../test/local-repos.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await startWorkspace();
});
afterAll(() => ws.server.close());

const CART = [
  '# shop features',
  '@cart',
  'Feature: Cart',
  '',
  '  Background:',
  '    Given an empty cart',
  '',
  '  @one',
  '  Scenario: Add an item',
  '    When I add "socks"',
  '    Then the cart holds 1 item',
  '',
  '  Rule: Discounts',
  '',
  '    Scenario Outline: Discount <code>',
  '      When I apply "<code>"',
  '      Then I pay <total>',
  '',
  '      Examples:',
  '        | code | total |',
  '        | TEN  | 90    |',
  '',
  '    # trailing comment stays with the last scenario',
  '    Scenario: No code',
  '      Then I pay 100',
  '',
].join('\n');

const push = (body: Record<string, unknown>) => ws.call('push-scenario', { name: 'Cart.feature', parentPath: '', ...body });
const cart = () => ws.show('features/Cart.feature')!;
const scenarios = async () => {
  const res = await ws.call('get-feature-list');
  return res.body.foldersAndFeatures.find((n: { name: string }) => n.name === 'Cart.feature').scenarios as Array<{ name: string; content: string }>;
};

describe('push-scenario', () => {
  beforeAll(async () => expectOk(await push({ data: CART, replaceFile: true })));

  it('replaces one scenario and keeps every other byte of the file', async () => {
    const before = cart();
    const res = await push({ scenarioIndex: 1, data: '    Scenario Outline: Discount <code>\n      When I apply "<code>"\n      Then I pay <total>\n\n      Examples:\n        | code | total |\n        | TEN  | 90    |\n        | TWENTY | 80  |\n' });
    expectOk(res);
    expect(res.body).toMatchObject({ scenarioIndex: 1, scenarioName: 'Discount <code>', path: 'Cart.feature', parseError: null });
    expect(cart()).toBe(before.replace('        | TEN  | 90    |\n', '        | TEN  | 90    |\n        | TWENTY | 80  |\n'));
  });

  it('saves a scenario unchanged as a no-op on the content', async () => {
    const before = cart();
    for (const [i, sc] of (await scenarios()).entries()) expectOk(await push({ scenarioIndex: i, data: sc.content }));
    expect(cart()).toBe(before);
  });

  it('appends when the index is null, -1 or past the end, with unique names', async () => {
    expectOk(await push({ scenarioIndex: null, data: '    Scenario: No code\n      Then I pay 100' }));
    expectOk(await push({ scenarioIndex: -1, data: '    Scenario: No code\n      Then I pay 100' }));
    const res = await push({ scenarioIndex: 99, data: '    Scenario: Fresh\n      Then I pay 1' });
    expect(res.body).toMatchObject({ scenarioIndex: 5, scenarioName: 'Fresh' });
    expect((await scenarios()).map((s) => s.name)).toEqual(['Add an item', 'Discount <code>', 'No code', 'No code 2', 'No code 3', 'Fresh']);
    expect(cart().endsWith('\n\n    Scenario: Fresh\n      Then I pay 1\n')).toBe(true);
  });

  it('refuses a rename that breaks the scenario rules', async () => {
    expectError(await push({ scenarioIndex: 0, data: '  Scenario: No code\n    Given x' }), 400, WS_MSG.scenarioRenameExists);
    expectError(await push({ scenarioIndex: 0, data: '  Scenario: Bad: name\n    Given x' }), 400, WS_MSG.scenarioNameChars);
    expectError(await push({ scenarioIndex: 0, data: `  Scenario: ${'x'.repeat(81)}\n    Given x` }), 400, WS_MSG.scenarioNameTooLong);
    expectError(await push({ scenarioIndex: 0, data: '  @bad!tag\n  Scenario: Add an item\n    Given x' }), 400, WS_MSG.tagChars);
    expectError(await push({ scenarioIndex: 0, data: '   ' }), 400, WS_MSG.fillAllFields);
  });

  it('deletes a scenario with its separating blank lines', async () => {
    const before = cart();
    expectOk(await push({ scenarioIndex: 5, deleteScenario: true, data: '' }));
    expect(cart()).toBe(before.replace('\n    Scenario: Fresh\n      Then I pay 1\n', ''));
    expectOk(await push({ scenarioIndex: 0, deleteScenario: true, data: '' }));
    expect(cart()).not.toContain('Add an item');
    expect(cart()).toContain('  Background:\n    Given an empty cart\n\n  Rule: Discounts');
    expectError(await push({ scenarioIndex: 42, deleteScenario: true, data: '' }), 404, WS_MSG.scenarioNotFound);
    expectError(await push({ scenarioIndex: null, deleteScenario: true, data: '' }), 400, WS_MSG.scenarioNotFound);
  });

  it('deletes the feature with its last scenario', async () => {
    expectOk(await ws.call('push-scenario', { name: 'Solo', parentPath: '', data: 'Scenario: Only\n  Given x' }));
    expect(ws.show('features/Solo.feature')).toBe('Feature: Solo\n\nScenario: Only\n  Given x\n');
    const res = await ws.call('push-scenario', { name: 'Solo', parentPath: '', scenarioIndex: 0, deleteScenario: true, data: '' });
    expectOk(res);
    expect(res.body.path).toBeUndefined();
    expect(ws.show('features/Solo.feature')).toBeNull();
  });

  it('creates a missing feature, checking its name', async () => {
    expectError(await ws.call('push-scenario', { name: 'Bad name!', parentPath: '', data: 'Scenario: x' }), 400, `${WS_MSG.featureNameChars} !`);
    expectError(await ws.call('push-scenario', { name: 'cart', parentPath: '', data: 'Scenario: x', replaceFile: true }), 400, WS_MSG.featureExists);
  });

  it('keeps a whole file that does not parse, and refuses scenario edits on it', async () => {
    const broken = 'Feature: Cart\n  Scenario: A\n    Given a\n    """\n    unterminated\n';
    const res = await push({ data: broken, replaceFile: true });
    expectOk(res);
    expect(res.body.parseError).toMatchObject({ line: 6 });
    expect(cart()).toBe(broken);
    expectError(await push({ scenarioIndex: 0, data: 'Scenario: A\n  Given b' }), 400, WS_MSG.featureUnparsable);
    expectOk(await push({ data: 'Feature: Cart\n\n  Scenario: A\n    Given a\n', replaceFile: true }));
  });

  it('refuses with 409 an edit based on a commit after which the file changed', async () => {
    const base = ws.git('rev-parse', 'main');
    expectOk(await push({ scenarioIndex: 0, data: '  Scenario: A\n    Given b', baseCommit: base }));
    const head = ws.git('rev-parse', 'main');
    expectError(await push({ scenarioIndex: 0, data: '  Scenario: A\n    Given c', baseCommit: base }), 409, WS_MSG.staleEdit);
    expect(ws.git('rev-parse', 'main')).toBe(head);
    expectOk(await ws.call('create-folder', { parentPath: '', name: 'elsewhere' }));
    expectOk(await push({ scenarioIndex: 0, data: '  Scenario: A\n    Given c', baseCommit: head }));
    expectError(await push({ scenarioIndex: 0, data: '  Scenario: A\n    Given d', baseCommit: 'f'.repeat(40) }), 409, WS_MSG.staleEdit);
  });

  it('writes one commit per push naming the user and the change, with the custom message as body', async () => {
    expectOk(await push({ scenarioIndex: 0, data: '  Scenario: A\n    Given e', commitMsg: 'Fix the first step' }));
    expect(ws.git('log', '-1', '--format=%s%n%b')).toBe("Ada Lovelace: edit scenario 'A' in Cart.feature\nFix the first step");
  });

  it('keeps CRLF line endings of a file on scenario edits', async () => {
    const crlf = 'Feature: Win\r\n\r\n  Scenario: A\r\n    Given a\r\n\r\n  Scenario: B\r\n    Given b\r\n';
    expectOk(await ws.call('push-scenario', { name: 'Win', parentPath: '', data: crlf, replaceFile: true }));
    expectOk(await ws.call('push-scenario', { name: 'Win', parentPath: '', scenarioIndex: 0, data: '  Scenario: A\n    Given aa\n' }));
    expectOk(await ws.call('push-scenario', { name: 'Win', parentPath: '', data: '  Scenario: C\n    Given c' }));
    expect(ws.show('features/Win.feature')).toBe('Feature: Win\r\n\r\n  Scenario: A\r\n    Given aa\r\n\r\n  Scenario: B\r\n    Given b\r\n\r\n  Scenario: C\r\n    Given c\r\n');
  });

  it('answers 409 when the branch keeps moving under a write (another writer wins every retry)', async () => {
    const writer = workspaceServices(ws.server.ctx).writer;
    const user = await ws.server.ctx.db.selectFrom('users').selectAll().where('email', '=', ws.admin.email).executeTakeFirstOrThrow();
    const scope = await writer.scope({ user }, ws.projectId);
    const other = localRepos(ws.server.ctx).repo(ws.projectId);
    let n = 0;
    const attempt = writer.commit(scope, 'main', 'lose the race', async (_repo, head) => {
      await other.commit('main', head, [{ path: `data/rival-${n++}.json`, content: '{}' }], { name: 'Rival', email: 'r@example.com' }, 'Rival');
      return [{ path: 'data/mine.json', content: '[]' }];
    });
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: WS_MSG.writeConflict });
    expect(n).toBe(3);
    expect(ws.show('data/mine.json')).toBeNull();
  });

  it('remembers the pushed scenario as the last active selection', async () => {
    expectOk(await ws.call('push-scenario', { name: 'Win', parentPath: '', scenarioIndex: 1, data: '  Scenario: B\r\n    Given bb', lastActiveFolder: '' }));
    const res = await ws.call('get-feature-list');
    expect(res.body).toMatchObject({ lastActiveFeature: 'Win.feature', lastActiveScenarioIndex: 1, lastActiveFolder: '' });
  });
});
