import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { blobIdOf } from './blob-id.ts';
import { dataCommand, FastImport, quotePath } from './fast-import.ts';
import { git, GitError } from './git.ts';
import { readBranchRef, readObjects } from './git-objects.ts';

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

export class BranchMovedError extends Error {
  /** Where the branch is now, when known. */
  readonly head: string | undefined;
  constructor(message: string, head?: string) {
    super(message);
    this.head = head;
  }
}

/** A change needs a file where a folder is, or a folder where a file is. */
export class TreeConflictError extends GitError {
  constructor(message: string) {
    super(['fast-import'], { stdout: '', stderr: message, code: 1 });
  }
}

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
   * still points at `parent` (git's own compare-and-swap). One `git fast-import` first looks up the
   * changed paths in `parent` (`ls`), then writes the blobs, trees and commit (`get-mark` names it;
   * no ref is written), then `update-ref <branch> <new> <parent>` moves the branch. Objects written
   * before the ref moves are unreachable until it does, so a crash leaves the branch at its old
   * commit. Changes that leave the tree as it was make no commit: `parent` is returned. A change
   * that needs a file where a folder is (or the other way round) throws TreeConflictError.
   */
  async commit(branch: string, parent: string, changes: FileChange[], author: Author, message: string): Promise<string> {
    if (!isValidBranchName(branch)) throw new Error('Invalid branch name');
    if (!OID_RE.test(parent)) throw new Error('Invalid parent commit');
    const byPath = new Map<string, FileChange>();
    for (const c of changes) {
      quotePath(c.path);
      if (c.oid && (!OID_RE.test(c.oid) || !FILE_MODES.has(c.mode ?? '100644'))) throw new Error(`Invalid object for ${c.path}`);
      byPath.delete(c.path);
      byPath.set(c.path, c);
    }
    const importer = new FastImport(this.gitDir);
    let id: string;
    try {
      const probes = [...new Set([...byPath.keys()].flatMap(selfAndParents))];
      const answers = await importer.ask(probes.map((p) => `ls ${parent} ${quotePath(p)}\n`).join(''), probes.length);
      const before = new Map(probes.map((p, i) => [p, parseLs(answers[i])]));
      if (!changesTree(byPath, before)) {
        await importer.close();
        return parent;
      }
      const when = `${Math.floor(Date.now() / 1000)} +0000`;
      const ref = `refs/stepwise/import-${randomBytes(8).toString('hex')}`;
      const stream: Buffer[] = [
        Buffer.from(
          `commit ${ref}\nmark :1\n` +
            `author ${ident(author.name, 'Stepwise user')} <${ident(author.email, 'user@stepwise.local')}> ${when}\n` +
            `committer Stepwise <stepwise@localhost> ${when}\n`,
        ),
        dataCommand(message.endsWith('\n') ? message : `${message}\n`),
        Buffer.from(`from ${parent}\n`),
      ];
      // Deletions first: a later `M` may put a file under a path that was deleted (never a folder).
      for (const [p, c] of byPath) if (!c.oid && c.content === null) stream.push(Buffer.from(`D ${quotePath(p)}\n`));
      for (const [p, c] of byPath) {
        if (c.oid) stream.push(Buffer.from(`M ${c.mode ?? '100644'} ${c.oid} ${quotePath(p)}\n`));
        else if (c.content !== null) stream.push(Buffer.from(`M 100644 inline ${quotePath(p)}\n`), dataCommand(c.content));
      }
      // The commit ends at the blank line; `reset` without `from` leaves its ref unwritten.
      stream.push(Buffer.from(`\nget-mark :1\nreset ${ref}\n`));
      [id] = await importer.ask(Buffer.concat(stream), 1);
      if (!OID_RE.test(id)) throw new GitError(['fast-import'], { stdout: id, stderr: 'unexpected get-mark answer', code: 0 });
      await importer.finish();
    } catch (err) {
      await importer.close();
      throw err;
    }
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

const OID_RE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Modes a moved entry may keep: file, executable, symbolic link, gitlink (a submodule's commit). */
const FILE_MODES = new Set(['100644', '100755', '120000', '160000']);

interface LsEntry {
  mode: string;
  type: string;
  oid: string;
}

/** 'features/a/b.feature' -> ['features', 'features/a', 'features/a/b.feature']. */
function selfAndParents(p: string): string[] {
  const parts = p.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** An answer of fast-import's `ls`: '<mode> <type> <oid>\t<path>' or 'missing <path>'. */
function parseLs(line: string): LsEntry | null {
  if (line.startsWith('missing ')) return null;
  const found = /^([0-7]{6}) (blob|tree|commit) ([0-9a-f]{40,64})\t/.exec(line);
  if (!found) throw new GitError(['fast-import'], { stdout: line, stderr: 'unexpected ls answer', code: 0 });
  return { mode: found[1], type: found[2], oid: found[3] };
}

/**
 * Whether `changes` alter the tree whose entries at the changed paths (and their parents) are
 * `before`; throws TreeConflictError when a change needs a file where a folder is or the other way
 * round: a parent that is a file, a changed path that is a folder, or a file written at a path
 * another change puts a folder at.
 */
function changesTree(changes: Map<string, FileChange>, before: Map<string, LsEntry | null>): boolean {
  let changed = false;
  for (const [p, c] of changes) {
    const parents = selfAndParents(p).slice(0, -1);
    for (const dir of parents) {
      const entry = before.get(dir);
      if (entry && entry.type !== 'tree') throw new TreeConflictError(`${dir} is a file`);
      const other = changes.get(dir);
      if (other && (other.oid || other.content !== null)) throw new TreeConflictError(`${dir} is a file`);
    }
    const current = before.get(p) ?? null;
    if (current?.type === 'tree') throw new TreeConflictError(`${p} is a folder`);
    if (c.oid) changed ||= current?.oid !== c.oid || current.mode !== (c.mode ?? '100644');
    else if (c.content === null) changed ||= current !== null;
    else changed ||= current?.oid !== blobIdOf(c.content) || current.mode !== '100644';
  }
  return changed;
}

/** A name or e-mail as git writes it in a commit: no angle brackets or line breaks. */
function ident(value: string, fallback: string): string {
  const clean = value.replace(/[<>\r\n\0]/g, '').trim();
  return clean || fallback;
}
