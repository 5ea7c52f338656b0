import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobIdOf } from './blob-id.ts';
import { readBranchRef } from './git-objects.ts';
import { BranchMovedError, TreeConflictError, type FileChange } from './git-repo.ts';
import { GitError } from './git.ts';
import { WorkspaceStore } from './workspace-store.ts';

let dir: string;
let store: WorkspaceStore;
let gitDir: string;
const author = { name: 'Tree Tester', email: 'tree@example.com' };
const git = (args: string[], opts: { input?: string; env?: Record<string, string> } = {}) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', input: opts.input, env: { ...process.env, ...opts.env } }).trim();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-commit-'));
  store = new WorkspaceStore(dir);
  await store.create('t1', 'Trees', author);
  gitDir = store.repoPath('t1');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The tree git writes for the same changes through a private index (update-index, write-tree). */
function indexTree(parent: string, changes: FileChange[]): string {
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

const head = async () => (await readBranchRef(gitDir, 'main'))!;
const commitOn = async (changes: FileChange[], message = 'Change') => store.repo('t1').commit('main', await head(), changes, author, message);

describe('GitRepo.commit (git fast-import + update-ref)', () => {
  it('writes the tree git writes for adds, edits, deletes and tricky names, and moves the branch', async () => {
    const parent = await head();
    const changes: FileChange[] = [
      { path: 'features/a.feature', content: 'Feature: a\n' },
      { path: 'features/a-b.feature', content: 'Feature: a-b\n' },
      { path: 'features/a/x.feature', content: 'Feature: x\n' },
      { path: 'features/a.b/y.feature', content: 'Feature: y\n' },
      { path: 'features/Ünïcödé/ß.feature', content: 'Feature: ß\n' },
      { path: 'features/with space/z.feature', content: '' },
      { path: 'features/"quoted" \\ back\tslash.feature', content: 'Feature: q\n' },
      { path: 'features/"lead', content: 'Feature: l\n' },
      { path: 'data/.gitkeep', content: null },
      { path: 'README.md', content: '# changed\r\n' },
    ];
    const commit = await commitOn(changes);
    expect(commit).not.toBe(parent);
    expect(await head()).toBe(commit);
    expect(git(['rev-parse', `${commit}^{tree}`])).toBe(indexTree(parent, changes));
    expect(git(['rev-parse', `${commit}^`])).toBe(parent);
    expect(git(['show', `${commit}:features/"quoted" \\ back\tslash.feature`])).toBe('Feature: q');
    expect(git(['fsck', '--no-progress', '--no-dangling', '--strict'])).toBe('');
    // fast-import writes no ref of its own; only the branch moved.
    expect(git(['for-each-ref', '--format=%(refname)'])).toBe('refs/heads/main');
  });

  it('moves blobs by id with their mode, and drops folders left empty', async () => {
    const parent = await head();
    const oid = git(['rev-parse', `${parent}:steps/user_defined_functions.mjs`]);
    const changes: FileChange[] = [
      { path: 'steps/user_defined_functions.mjs', content: null },
      { path: 'data/code/user.mjs', content: null, oid, mode: '100755' },
      { path: 'environments/.gitkeep', content: null },
    ];
    const commit = await commitOn(changes);
    expect(git(['rev-parse', `${commit}^{tree}`])).toBe(indexTree(parent, changes));
    expect(git(['ls-tree', '--name-only', commit])).toBe('README.md\ndata\nfeatures');
    expect(git(['ls-tree', `${commit}:data/code`])).toBe(`100755 blob ${oid}\tuser.mjs`);
  });

  it('makes no commit when nothing changes', async () => {
    const parent = await head();
    const readme = git(['show', `${parent}:README.md`]) + '\r\n';
    expect(blobIdOf(readme)).toBe(git(['rev-parse', `${parent}:README.md`]));
    const oid = git(['rev-parse', `${parent}:features/a.feature`]);
    const same: FileChange[] = [
      { path: 'README.md', content: readme },
      { path: 'features/missing.feature', content: null },
      { path: 'features/a.feature', content: null, oid },
    ];
    expect(await commitOn(same)).toBe(parent);
    // The same blob with another mode is a change.
    const commit = await commitOn([{ path: 'features/a.feature', content: null, oid, mode: '100755' }]);
    expect(commit).not.toBe(parent);
    expect(await commitOn([{ path: 'features/a.feature', content: 'Feature: a\n' }])).not.toBe(commit);
  });

  it('refuses a file where a folder is and a folder where a file is, writing nothing', async () => {
    const parent = await head();
    const objects = git(['count-objects']);
    for (const changes of [
      [{ path: 'features', content: 'x' }],
      [{ path: 'features/a', content: null }],
      [{ path: 'README.md/x', content: 'x' }],
      [{ path: 'README.md/x', content: null }],
      [{ path: 'features/new', content: 'x' }, { path: 'features/new/y.feature', content: 'y' }],
    ] as FileChange[][]) {
      const err = await commitOn(changes).catch((e: unknown) => e);
      expect(err, JSON.stringify(changes)).toBeInstanceOf(TreeConflictError);
      expect(err).toBeInstanceOf(GitError);
    }
    expect(await head()).toBe(parent);
    expect(git(['count-objects'])).toBe(objects);
  });

  it('refuses paths fast-import cannot take literally and unknown blobs', async () => {
    for (const p of ['features/a\nM 100644 inline x', 'features/nul\0', '/abs', 'features//x', 'features/../x', 'features/', '']) {
      await expect(commitOn([{ path: p, content: 'x' }]), JSON.stringify(p)).rejects.toThrow(/Invalid path/);
    }
    await expect(commitOn([{ path: 'features/x', content: null, oid: 'not-an-oid' }])).rejects.toThrow(/Invalid object/);
    await expect(commitOn([{ path: 'features/x', content: null, oid: '1'.repeat(40) }])).rejects.toBeInstanceOf(GitError);
    expect(git(['for-each-ref', '--format=%(refname)'])).toBe('refs/heads/main');
    expect(git(['fsck', '--no-progress', '--no-dangling', '--strict'])).toBe('');
    // No crash report or temporary pack of the failed fast-import is left behind.
    expect(fs.readdirSync(gitDir).filter((f) => f.startsWith('fast_import_crash_'))).toEqual([]);
    expect(fs.readdirSync(path.join(gitDir, 'objects', 'pack')).filter((f) => f.startsWith('tmp_'))).toEqual([]);
  });

  it('loses the compare-and-swap with BranchMovedError when the branch moved', async () => {
    const parent = await head();
    const moved = await commitOn([{ path: 'features/theirs.feature', content: 'Feature: theirs\n' }]);
    const err = await store.repo('t1').commit('main', parent, [{ path: 'features/mine.feature', content: 'Feature: mine\n' }], author, 'Mine').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BranchMovedError);
    expect(await head()).toBe(moved);
  });

  it('rebuilds a write on the new head when another writer moved the branch meanwhile (compare-and-swap)', async () => {
    const other = new WorkspaceStore(dir);
    let builds = 0;
    const commit = await store.write('t1', 'main', author, 'Mine', async (repo, head) => {
      builds++;
      if (builds === 1) {
        // Another process commits between our read of the head and our ref update.
        await other.repo('t1').commit('main', head, [{ path: 'features/theirs2.feature', content: 'Feature: theirs\n' }], author, 'Theirs');
      }
      return [{ path: 'features/mine.feature', content: 'Feature: mine\n' }];
    });
    expect(builds).toBe(2);
    expect(git(['log', '-2', '--format=%s', commit])).toBe('Mine\nTheirs');
    expect(git(['ls-tree', '--name-only', `${commit}:features`]).split('\n')).toEqual(expect.arrayContaining(['mine.feature', 'theirs2.feature']));
  });

  it('commits through the store with a well-formed commit object', async () => {
    const commit = await store.write('t1', 'main', { name: 'Eve <evil>\nx', email: 'eve@example.com' }, 'Add n\n\nbody "with" quotes\n', async () => [{ path: 'features/n.feature', content: 'Feature: n\n' }]);
    expect(git(['log', '-1', '--format=%an|%ae|%cn|%ce|%s|%b', commit])).toBe('Eve evilx|eve@example.com|Stepwise|stepwise@localhost|Add n|body "with" quotes');
    expect(git(['fsck', '--no-progress', '--no-dangling', '--strict'])).toBe('');
  });
});
