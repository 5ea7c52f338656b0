import { execFileSync } from 'node:child_process';
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

  it('reads a branch head again whenever its ref changes, however soon and however the ref was written', async () => {
    const repo = store.repo('p1');
    const gitDir = repo.gitDir;
    const refFile = path.join(gitDir, 'refs', 'heads', 'main');
    const first = (await repo.branchHead('main'))!;
    // A ref that has not changed for a while is known by its file's identity (settled in the past).
    const past = new Date(Date.now() - 60_000);
    await fs.utimes(refFile, past, past);
    expect(await repo.branchHead('main')).toBe(first);
    expect(await repo.branchHead('main')).toBe(first);
    // Written by git itself (a lock file renamed over the ref), twice in a row.
    const second = await store.write('p1', 'main', author, 'Second', async () => [{ path: 'features/b.feature', content: 'Feature: B\n' }]);
    expect(await repo.branchHead('main')).toBe(second);
    execFileSync('git', [`--git-dir=${gitDir}`, 'update-ref', 'refs/heads/main', first]);
    expect(await repo.branchHead('main')).toBe(first);
    // Rewritten in place (same inode, same size).
    await fs.utimes(refFile, past, past);
    expect(await repo.branchHead('main')).toBe(first);
    await fs.writeFile(refFile, `${second}\n`);
    expect(await repo.branchHead('main')).toBe(second);
    // Packed away: the loose file is gone, packed-refs answers.
    execFileSync('git', [`--git-dir=${gitDir}`, 'pack-refs', '--all']);
    expect(await fs.stat(refFile).catch(() => null)).toBeNull();
    expect(await repo.branchHead('main')).toBe(second);
    expect(await repo.branchHead('no-such-branch')).toBeNull();
  });

  it('refuses branch names that could be options or escape refs/heads', () => {
    for (const bad of ['-x', '--upload-pack=evil', '../main', 'a..b', 'a b', 'x.lock', '', 'a//b', '/a', 'a/']) {
      expect(isValidBranchName(bad), bad).toBe(false);
    }
    for (const good of ['main', 'feature/login', 'release-1.2', 'fix_3']) expect(isValidBranchName(good), good).toBe(true);
  });
});
