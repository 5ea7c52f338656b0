import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceStore } from './workspace-store.ts';
import { isValidBranchName } from './git-repo.ts';

const author = { name: 'Tess Ter', email: 'tess@example.com' };
let dir: string;
let store: WorkspaceStore;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-gitrepo-'));
  store = new WorkspaceStore(dir);
  await store.create('p1', 'Shop', author);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('workspace writes', () => {
  it('commits changes as one commit and reads them back', async () => {
    const commit = await store.write('p1', 'main', author, 'Add login', async () => [
      { path: 'features/auth/login.feature', content: 'Feature: Login\n' },
      { path: 'data/.gitkeep', content: null },
    ]);
    const repo = store.repo('p1');
    expect(await repo.branchHead('main')).toBe(commit);
    expect(await repo.readFile(commit, 'features/auth/login.feature')).toBe('Feature: Login\n');
    expect(await repo.readFile(commit, 'data/.gitkeep')).toBeNull();
  });

  it('serialises concurrent writes so that none is lost', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.write('p1', 'main', author, `file ${i}`, async () => [{ path: `features/many/f${i}.feature`, content: `Feature: F${i}\n` }]),
      ),
    );
    const repo = store.repo('p1');
    const head = (await repo.branchHead('main'))!;
    const files = await repo.lsTree(head, 'features/many');
    expect(files).toHaveLength(20);
  });

  it('refuses branch names that could be options or escape refs/heads', () => {
    for (const bad of ['-x', '--upload-pack=evil', '../main', 'a..b', 'a b', 'x.lock', '', 'a//b', '/a', 'a/']) {
      expect(isValidBranchName(bad), bad).toBe(false);
    }
    for (const good of ['main', 'feature/login', 'release-1.2', 'fix_3']) expect(isValidBranchName(good), good).toBe(true);
  });
});
