import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MSG } from '@stepwise/shared';
import { expectError, expectOk } from '../test/assertions.ts';
import { startWorkspace, treePaths, type Workspace } from './workspace-test-kit.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await startWorkspace();
});
afterAll(() => ws.server.close());

const files = (prefix = 'features') => ws.git('ls-tree', '-r', '--name-only', 'main', prefix).split('\n').filter(Boolean);
const folder = (parentPath: string, name: string) => ws.call('create-folder', { parentPath, name });
const edit = (body: Record<string, unknown>) => ws.call('edit-folder', { branch: 'main', parentPath: '', destinationPath: '', ...body });

describe('create-folder', () => {
  it('creates folders kept in Git with a .gitkeep, up to four levels', async () => {
    expectOk(await folder('', 'Shop (EU)'));
    expectOk(await folder('Shop (EU)', 'cart'));
    expectOk(await folder('Shop (EU)/cart', 'items'));
    expectOk(await folder('Shop (EU)/cart/items', 'deep_4'));
    expect(files()).toEqual(expect.arrayContaining(['features/Shop (EU)/cart/items/deep_4/.gitkeep']));
    expect(ws.log()[0]).toBe('Ada Lovelace: create folder Shop (EU)/cart/items/deep_4');
    expectError(await folder('Shop (EU)/cart/items/deep_4', 'five'), 400, WS_MSG.folderTooDeep);
    const res = await ws.call('get-feature-list');
    expect(treePaths(res.body.foldersAndFeatures)).toEqual(['Shop (EU)/', 'Shop (EU)/cart/', 'Shop (EU)/cart/items/', 'Shop (EU)/cart/items/deep_4/']);
  });

  it('refuses invalid, empty and duplicate names, and unknown parents', async () => {
    expectError(await folder('', 'bad.name'), 400, WS_MSG.folderNameChars);
    expectError(await folder('', 'x'.repeat(81)), 400, WS_MSG.folderNameChars);
    expectError(await folder('', '   '), 400, WS_MSG.folderNameEmpty);
    expectError(await folder('', 'shop (eu)'), 400, WS_MSG.folderExists);
    expectError(await folder('nowhere', 'x'), 404, WS_MSG.folderNotFound);
  });
});

describe('edit-folder', () => {
  beforeAll(async () => {
    expectOk(await folder('', 'billing'));
    expectOk(await ws.call('push-scenario', { parentPath: 'Shop (EU)/cart', name: 'Pay', data: 'Scenario: Pay\n  Given a card' }));
  });

  it('renames a folder with everything in it', async () => {
    const oid = ws.git('rev-parse', 'main:features/Shop (EU)/cart/Pay.feature');
    expectOk(await edit({ action: 'Renamed', parentPath: 'Shop (EU)', oldName: 'cart', newName: 'basket' }));
    expect(files('features/Shop (EU)')).toEqual([
      'features/Shop (EU)/.gitkeep', 'features/Shop (EU)/basket/.gitkeep', 'features/Shop (EU)/basket/Pay.feature',
      'features/Shop (EU)/basket/items/.gitkeep', 'features/Shop (EU)/basket/items/deep_4/.gitkeep',
    ]);
    expect(ws.git('rev-parse', 'main:features/Shop (EU)/basket/Pay.feature')).toBe(oid);
    expect(ws.log()[0]).toBe('Ada Lovelace: rename folder Shop (EU)/cart to Shop (EU)/basket');
  });

  it('refuses renames that break the folder rules', async () => {
    expectError(await edit({ action: 'Renamed', oldName: 'billing', newName: 'bad/name' }), 400, WS_MSG.folderNameChars);
    expectError(await edit({ action: 'Renamed', oldName: 'billing', newName: 'billing' }), 400, WS_MSG.featureRenameSame);
    expectError(await edit({ action: 'Renamed', oldName: 'billing', newName: 'SHOP (EU)' }), 400, WS_MSG.folderExists);
    expectError(await edit({ action: 'Renamed', oldName: 'ghost', newName: 'spirit' }), 404, WS_MSG.folderNotFound);
  });

  it('moves a feature into another folder and keeps the emptied folder', async () => {
    const res = await edit({ action: 'Moved', parentPath: 'Shop (EU)/basket', destinationPath: 'billing', oldName: 'Pay.feature' });
    expectOk(res);
    expect(res.body.path).toBe('billing/Pay.feature');
    expect(ws.show('features/billing/Pay.feature')).toBe('Feature: Pay\n\nScenario: Pay\n  Given a card\n');
    expect(ws.show('features/Shop (EU)/basket/Pay.feature')).toBeNull();
    expect(ws.log()[0]).toBe('Ada Lovelace: move feature Shop (EU)/basket/Pay.feature to billing/Pay.feature');
  });

  it('moves a folder, refusing the same destination, itself, an existing name and too deep a result', async () => {
    expectError(await edit({ action: 'Moved', parentPath: '', destinationPath: '', oldName: 'billing' }), 400, WS_MSG.moveSameDestination);
    expectError(await edit({ action: 'Moved', parentPath: '', destinationPath: 'billing', oldName: 'billing' }), 400, WS_MSG.moveIntoItself);
    expectError(await edit({ action: 'Moved', parentPath: 'Shop (EU)', destinationPath: 'Shop (EU)/basket/items', oldName: 'basket' }), 400, WS_MSG.moveIntoItself);
    expectError(await edit({ action: 'Moved', parentPath: '', destinationPath: 'billing', oldName: 'Shop (EU)' }), 400, WS_MSG.folderTooDeep);
    expectOk(await folder('billing', 'basket'));
    expectError(await edit({ action: 'Moved', parentPath: 'Shop (EU)', destinationPath: 'billing', oldName: 'basket' }), 400, WS_MSG.folderExists);
    expectError(await edit({ action: 'Moved', parentPath: 'Shop (EU)/basket', destinationPath: 'nowhere', oldName: 'items' }), 404, WS_MSG.folderNotFound);
    expectOk(await edit({ action: 'Moved', parentPath: 'Shop (EU)/basket/items', destinationPath: 'billing/basket', oldName: 'deep_4' }));
    expect(files('features/billing/basket')).toEqual(['features/billing/basket/.gitkeep', 'features/billing/basket/deep_4/.gitkeep']);
    expectOk(await edit({ action: 'Moved', parentPath: 'billing', destinationPath: '', oldName: 'Pay.feature' }));
    expect(ws.show('features/Pay.feature')).not.toBeNull();
  });
});

describe('delete-folder', () => {
  it('deletes a folder and everything in it, by its path or its parent', async () => {
    expectOk(await ws.call('delete-folder', { name: 'basket', deletePath: 'billing/basket' }));
    expect(files('features/billing')).not.toContain('features/billing/basket/.gitkeep');
    expectOk(await ws.call('delete-folder', { name: 'Shop (EU)', deletePath: '' }));
    expect(files().some((f) => f.startsWith('features/Shop (EU)'))).toBe(false);
    expect(ws.log()[0]).toBe('Ada Lovelace: delete folder Shop (EU)');
    expectError(await ws.call('delete-folder', { name: 'ghost', deletePath: '' }), 404, WS_MSG.folderNotFound);
  });
});
