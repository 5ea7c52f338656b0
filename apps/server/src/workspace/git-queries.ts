import { git } from './git.ts';
import type { GitRepo, TreeEntry } from './git-repo.ts';

export interface SizedEntry extends TreeEntry {
  size: number;
}

/** Direct children of `folder` at `commit` (not recursive), with blob sizes. */
export async function listFolder(repo: GitRepo, commit: string, folder: string): Promise<SizedEntry[]> {
  const r = await git(['ls-tree', '-z', '-l', '--full-tree', '--end-of-options', commit, '--', `${folder}/`], { gitDir: repo.gitDir });
  return r.stdout
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, oid, size] = line.slice(0, tab).split(/ +/);
      return { mode, type: type as TreeEntry['type'], oid, size: size === '-' ? 0 : Number(size), path: line.slice(tab + 1) };
    });
}

/** The entry at exactly `filePath` (blob, tree or link), or null. */
export async function entryAt(repo: GitRepo, commit: string, filePath: string): Promise<TreeEntry | null> {
  const r = await git(['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', filePath], { gitDir: repo.gitDir });
  const line = r.stdout.split('\0').find(Boolean);
  if (!line) return null;
  const tab = line.indexOf('\t');
  const [mode, type, oid] = line.slice(0, tab).split(' ');
  const p = line.slice(tab + 1);
  return p === filePath ? { mode, type: type as TreeEntry['type'], oid, path: p } : null;
}

/** The entries at exactly `paths` (one ls-tree), by path. */
export async function entriesAt(repo: GitRepo, commit: string, paths: string[]): Promise<Map<string, TreeEntry>> {
  const r = await git(['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', ...paths], { gitDir: repo.gitDir });
  const wanted = new Set(paths);
  const map = new Map<string, TreeEntry>();
  for (const line of r.stdout.split('\0').filter(Boolean)) {
    const tab = line.indexOf('\t');
    const [mode, type, oid] = line.slice(0, tab).split(' ');
    const p = line.slice(tab + 1);
    if (wanted.has(p)) map.set(p, { mode, type: type as TreeEntry['type'], oid, path: p });
  }
  return map;
}

/** Whether `commit` names a commit object of this repository. */
export async function commitExists(repo: GitRepo, commit: string): Promise<boolean> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return false;
  const r = await git(['cat-file', '-e', '--end-of-options', `${commit}^{commit}`], { gitDir: repo.gitDir, allowFailure: true });
  return r.code === 0;
}

export interface CommitInfo {
  commit: string;
  date: string;
  author: string;
  email: string;
  message: string;
}

/** The last commit of `branch` that touched `filePath`, or null. */
export async function lastCommitTouching(repo: GitRepo, branch: string, filePath: string): Promise<CommitInfo | null> {
  const r = await git(
    ['log', '-1', '--format=%H%x00%aI%x00%an%x00%ae%x00%s', '--end-of-options', `refs/heads/${branch}`, '--', filePath],
    { gitDir: repo.gitDir },
  );
  const out = r.stdout.trim();
  if (!out) return null;
  const [commit, date, author, email, message] = out.split('\0');
  return { commit, date, author, email, message };
}

/** Creates `branch` at `commit`; false when the branch already exists (git checks atomically). */
export async function createBranchRef(repo: GitRepo, branch: string, commit: string): Promise<boolean> {
  const r = await git(['update-ref', '-m', 'branch: created', `refs/heads/${branch}`, commit, ''], { gitDir: repo.gitDir, allowFailure: true });
  return r.code === 0;
}

/** Deletes `branch` if it still points at `commit`. */
export async function deleteBranchRef(repo: GitRepo, branch: string, commit: string): Promise<boolean> {
  const r = await git(['update-ref', '-d', `refs/heads/${branch}`, commit], { gitDir: repo.gitDir, allowFailure: true });
  return r.code === 0;
}
