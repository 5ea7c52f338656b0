import path from 'node:path';
import { git, GitError } from './git.ts';
import { readBranchRef, readObjects, writeObject } from './git-objects.ts';
import { TreeConflictError, treeChange } from './tree-builder.ts';

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  path: string;
}

/**
 * A change to a branch: write `content` at `path`, or delete the file when `content` is null. With
 * `oid` an existing blob is placed at `path` as is (moves), keeping `mode` (default 100644).
 */
export interface FileChange {
  path: string;
  content: string | null;
  oid?: string;
  mode?: string;
}

export interface Author {
  name: string;
  email: string;
}

const REF_RE = /^(?!.*\.\.)(?!.*\/\/)(?!.*@\{)(?!\/)(?!.*\/$)(?!.*\.lock$)(?!-)[A-Za-z0-9._\-/]{1,200}$/;

/** Branch names git accepts and that can never be read as an option. */
export function isValidBranchName(name: string): boolean {
  return REF_RE.test(name) && !name.startsWith('.') && !name.includes('/.');
}

export class BranchMovedError extends Error {}

/** The branch's ref lock file exists: another writer holds it, or a crashed one left it behind. */
export class RefLockedError extends Error {
  readonly lockPath: string;
  constructor(lockPath: string) {
    super(`Ref lock ${lockPath} exists`);
    this.lockPath = lockPath;
  }
}

/** Plumbing on one bare repository: reads by commit, writes by compare-and-swap on a branch. */
export class GitRepo {
  readonly gitDir: string;
  constructor(gitDir: string) {
    this.gitDir = gitDir;
  }

  /** Commit id of a branch, or null when it does not exist. */
  async branchHead(branch: string): Promise<string | null> {
    if (!isValidBranchName(branch)) return null;
    return readBranchRef(this.gitDir, branch);
  }

  async branches(): Promise<string[]> {
    const r = await git(['for-each-ref', '--format=%(refname:strip=2)', 'refs/heads/'], { gitDir: this.gitDir });
    return r.stdout.split('\n').filter(Boolean);
  }

  /** Every entry under `prefix` (recursively, blobs only unless `trees`). */
  async lsTree(commit: string, prefix = '', trees = false): Promise<TreeEntry[]> {
    const args = ['ls-tree', '-r', '-z', ...(trees ? ['-t'] : []), '--full-tree', '--end-of-options', commit];
    if (prefix) args.push('--', prefix);
    const r = await git(args, { gitDir: this.gitDir });
    return r.stdout
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode, type, oid] = line.slice(0, tab).split(' ');
        return { mode, type: type as TreeEntry['type'], oid, path: line.slice(tab + 1) };
      });
  }

  /** Contents of many blobs through one `cat-file --batch` process. */
  async readBlobs(oids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(oids)];
    const objects = await readObjects(this.gitDir, unique);
    const result = new Map<string, string>();
    for (const object of objects) if (object) result.set(object.oid, object.data.toString('utf8'));
    return result;
  }

  /** File content at a commit, or null when absent (or not a regular file). */
  async readFile(commit: string, filePath: string): Promise<string | null> {
    const entries = await this.lsTree(commit, filePath);
    const entry = entries.find((e) => e.path === filePath);
    if (!entry || entry.type !== 'blob' || entry.mode === '120000') return null;
    return (await this.readBlobs([entry.oid])).get(entry.oid) ?? null;
  }

  /**
   * Writes a commit with `changes` on top of `parent` and moves `branch` to it only if the branch
   * still points at `parent` (git's own compare-and-swap). Objects written before the ref moves are
   * unreachable until it does, so a crash leaves the branch at its old commit. Blobs, trees and the
   * commit are written as loose objects (git-objects.ts); only `update-ref` starts git. Changes
   * that leave the tree as it was make no commit: `parent` is returned.
   */
  async commit(branch: string, parent: string, changes: FileChange[], author: Author, message: string): Promise<string> {
    let tree: string;
    try {
      const change = await treeChange(this.gitDir, parent, changes);
      if (change.unchanged) return parent;
      tree = change.tree;
    } catch (err) {
      if (err instanceof TreeConflictError) throw new GitError(['write-tree'], { stdout: '', stderr: err.message, code: 1 });
      throw err;
    }
    const when = `${Math.floor(Date.now() / 1000)} +0000`;
    const body = [
      `tree ${tree}`,
      `parent ${parent}`,
      `author ${ident(author.name, 'Stepwise user')} <${ident(author.email, 'user@stepwise.local')}> ${when}`,
      `committer Stepwise <stepwise@localhost> ${when}`,
      '',
      message.endsWith('\n') ? message : `${message}\n`,
    ].join('\n');
    const id = await writeObject(this.gitDir, 'commit', Buffer.from(body, 'utf8'));
    try {
      await git(['update-ref', '-m', message.split('\n')[0].slice(0, 200), `refs/heads/${branch}`, id, parent], { gitDir: this.gitDir });
    } catch (err) {
      if (err instanceof GitError && /\.lock'?: File exists/.test(err.result.stderr)) {
        throw new RefLockedError(path.join(this.gitDir, 'refs', 'heads', `${branch}.lock`));
      }
      if (err instanceof GitError) throw new BranchMovedError(`Branch ${branch} moved while writing`);
      throw err;
    }
    return id;
  }
}

/** A name or e-mail as git writes it in a commit: no angle brackets or line breaks. */
function ident(value: string, fallback: string): string {
  const clean = value.replace(/[<>\r\n\0]/g, '').trim();
  return clean || fallback;
}
