import { git } from './git.ts';
import type { TreeEntry } from './git-repo.ts';
import type { CommitInfo, SizedEntry } from './project-repo.ts';

export type { CommitInfo, SizedEntry } from './project-repo.ts';

/** Direct children of `folder` at `commit` (not recursive), with blob sizes. */
export async function listFolder(gitDir: string, commit: string, folder: string): Promise<SizedEntry[]> {
  const r = await git(['ls-tree', '-z', '-l', '--full-tree', '--end-of-options', commit, '--', `${folder}/`], { gitDir });
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
export async function entryAt(gitDir: string, commit: string, filePath: string): Promise<TreeEntry | null> {
  const r = await git(['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', filePath], { gitDir });
  const line = r.stdout.split('\0').find(Boolean);
  if (!line) return null;
  const tab = line.indexOf('\t');
  const [mode, type, oid] = line.slice(0, tab).split(' ');
  const p = line.slice(tab + 1);
  return p === filePath ? { mode, type: type as TreeEntry['type'], oid, path: p } : null;
}

/** The entries at exactly `paths` (one ls-tree), by path. */
export async function entriesAt(gitDir: string, commit: string, paths: string[]): Promise<Map<string, TreeEntry>> {
  const r = await git(['ls-tree', '-z', '--full-tree', '--end-of-options', commit, '--', ...paths], { gitDir });
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
export async function commitExists(gitDir: string, commit: string): Promise<boolean> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return false;
  const r = await git(['cat-file', '-e', '--end-of-options', `${commit}^{commit}`], { gitDir, allowFailure: true });
  return r.code === 0;
}

/** The last commit of `branch` that touched `filePath`, or null. */
export async function lastCommitTouching(gitDir: string, branch: string, filePath: string): Promise<CommitInfo | null> {
  const r = await git(['log', '-1', '--format=%H%x00%aI%x00%an%x00%ae%x00%s', '--end-of-options', `refs/heads/${branch}`, '--', filePath], { gitDir });
  const out = r.stdout.trim();
  if (!out) return null;
  const [commit, date, author, email, message] = out.split('\0');
  return { commit, date, author, email, message };
}

/**
 * Date of the last commit that changed each file under `folder`, walking back from `head` (at most
 * `limit` commits; files changed only earlier get no date).
 */
export async function lastChangeDates(gitDir: string, head: string, folder: string, limit: number): Promise<Map<string, string>> {
  const { stdout } = await git(['-c', 'core.quotePath=false', 'log', `--max-count=${limit}`, '--format=%x01%cI', '--name-only', '--no-renames', '--end-of-options', head, '--', folder], { gitDir });
  const dates = new Map<string, string>();
  let current = '';
  for (const line of stdout.split('\n')) {
    if (line.startsWith('\x01')) current = new Date(line.slice(1)).toISOString();
    else if (line && !dates.has(line)) dates.set(line, current);
  }
  return dates;
}

/** Creates `branch` at `commit`; false when the branch already exists (git checks atomically). */
export async function createBranchRef(gitDir: string, branch: string, commit: string): Promise<boolean> {
  const r = await git(['update-ref', '-m', 'branch: created', `refs/heads/${branch}`, commit, ''], { gitDir, allowFailure: true });
  return r.code === 0;
}

/** Deletes `branch` if it still points at `commit`. */
export async function deleteBranchRef(gitDir: string, branch: string, commit: string): Promise<boolean> {
  const r = await git(['update-ref', '-d', `refs/heads/${branch}`, commit], { gitDir, allowFailure: true });
  return r.code === 0;
}
