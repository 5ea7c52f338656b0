import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashObject, readBranchRef } from './git-objects.ts';
import { TreeConflictError, treeWithChanges } from './tree-builder.ts';
import { WorkspaceStore } from './workspace-store.ts';
import type { FileChange } from './git-repo.ts';

let dir: string;
let store: WorkspaceStore;
let gitDir: string;
const author = { name: 'Tree Tester', email: 'tree@example.com' };
const git = (args: string[], opts: { input?: string; env?: Record<string, string> } = {}) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', input: opts.input, env: { ...process.env, ...opts.env } }).trim();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-tree-'));
  store = new WorkspaceStore(dir);
  await store.create('t1', 'Trees', author);
  gitDir = store.repoPath('t1');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The tree git itself writes for the same changes (private index, update-index, write-tree). */
function gitTree(parent: string, changes: FileChange[]): string {
  const env = { GIT_INDEX_FILE: path.join(dir, `index-${Math.random()}`) };
  git(['read-tree', parent], { env });
  const lines = changes.map((c) => {
    if (c.content === null && !c.oid) return `0 ${'0'.repeat(40)}\t${c.path}`;
    const oid = c.oid ?? git(['hash-object', '-w', '--stdin'], { input: c.content! });
    return `${c.mode ?? '100644'} ${oid}\t${c.path}`;
  });
  git(['update-index', '-z', '--index-info'], { env, input: lines.join('\0') + '\0' });
  return git(['write-tree'], { env });
}

describe('treeWithChanges', () => {
  it('writes the same tree as git for adds, edits, deletes and tricky name orders', async () => {
    const head = (await readBranchRef(gitDir, 'main'))!;
    const changes: FileChange[] = [
      { path: 'features/a.feature', content: 'Feature: a\n' },
      { path: 'features/a-b.feature', content: 'Feature: a-b\n' },
      { path: 'features/a/x.feature', content: 'Feature: x\n' },
      { path: 'features/a.b/y.feature', content: 'Feature: y\n' },
      { path: 'features/Ünïcödé/ß.feature', content: 'Feature: ß\n' },
      { path: 'features/with space/z.feature', content: '' },
      { path: 'data/.gitkeep', content: null },
      { path: 'README.md', content: '# changed\n' },
    ];
    const ours = await treeWithChanges(gitDir, head, changes);
    expect(ours).toBe(gitTree(head, changes));
    expect(git(['fsck', '--no-progress', '--no-dangling', '--strict'])).toBe('');
  });

  it('moves blobs by id with their mode, and drops folders left empty', async () => {
    const head = (await readBranchRef(gitDir, 'main'))!;
    const oid = git(['rev-parse', `${head}:steps/user_defined_functions.mjs`]);
    const changes: FileChange[] = [
      { path: 'steps/user_defined_functions.mjs', content: null },
      { path: 'data/code/user.mjs', content: null, oid, mode: '100755' },
      { path: 'environments/.gitkeep', content: null },
    ];
    const ours = await treeWithChanges(gitDir, head, changes);
    expect(ours).toBe(gitTree(head, changes));
    expect(git(['ls-tree', '--name-only', ours])).toBe('README.md\ndata\nfeatures');
  });

  it('refuses a file where a folder is and a folder where a file is', async () => {
    const head = (await readBranchRef(gitDir, 'main'))!;
    await expect(treeWithChanges(gitDir, head, [{ path: 'features', content: 'x' }])).rejects.toBeInstanceOf(TreeConflictError);
    await expect(treeWithChanges(gitDir, head, [{ path: 'README.md/x', content: 'x' }])).rejects.toBeInstanceOf(TreeConflictError);
  });

  it('hashes like git hash-object', () => {
    const text = 'Feature: ü\r\n';
    expect(hashObject('blob', Buffer.from(text))).toBe(git(['hash-object', '--stdin'], { input: text }));
  });

  it('rebuilds a write on the new head when another writer moved the branch meanwhile (compare-and-swap)', async () => {
    const other = new WorkspaceStore(dir);
    let builds = 0;
    const commit = await store.write('t1', 'main', author, 'Mine', async (repo, head) => {
      builds++;
      if (builds === 1) {
        // Another process commits between our read of the head and our ref update.
        await other.repo('t1').commit('main', head, [{ path: 'features/theirs.feature', content: 'Feature: theirs\n' }], author, 'Theirs');
      }
      return [{ path: 'features/mine.feature', content: 'Feature: mine\n' }];
    });
    expect(builds).toBe(2);
    expect(git(['log', '-2', '--format=%s', commit])).toBe('Mine\nTheirs');
    expect(git(['ls-tree', '--name-only', `${commit}:features`]).split('\n')).toEqual(expect.arrayContaining(['mine.feature', 'theirs.feature']));
  });

  it('commits through the store with a well-formed commit object', async () => {
    const commit = await store.write('t1', 'main', { name: 'Eve <evil>\nx', email: 'eve@example.com' }, 'Add a', async () => [{ path: 'features/n.feature', content: 'Feature: n\n' }]);
    expect(git(['log', '-1', '--format=%an|%ae|%s', commit])).toBe('Eve evilx|eve@example.com|Add a');
    expect(git(['fsck', '--no-progress', '--no-dangling', '--strict'])).toBe('');
  });
});
