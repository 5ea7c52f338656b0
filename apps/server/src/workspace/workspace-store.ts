import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BRANCH } from '@stepwise/shared';
import { git } from './git.ts';
import { BranchMovedError, RefLockedError, type FileChange } from './git-repo.ts';
import { LocalRepo } from './local-repo.ts';
import { BranchNotFoundError, type Author, type ChangeBuilder, type Workspaces } from './project-repo.ts';
import { waitForRefLock } from './ref-lock.ts';
import { KeyedQueue } from './write-queue.ts';
import { initialFiles } from './workspace-layout.ts';

const ID_RE = /^[a-zA-Z0-9-]{1,64}$/;

export { BranchNotFoundError, type Author, type ChangeBuilder } from './project-repo.ts';

/** Owns the projects' bare Git repositories under `<DATA_DIR>/repos`, on this machine's disk. */
export class WorkspaceStore implements Workspaces {
  readonly root: string;
  private readonly queue = new KeyedQueue();
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'repos');
  }

  repo(projectId: string): LocalRepo {
    return new LocalRepo(this.repoPath(projectId));
  }

  /**
   * One write = one commit on `branch`. Writes to a repository run one at a time; if another
   * process moved the branch meanwhile, the changes are built again on the new head (3 tries); a
   * ref lock left by a crashed writer is cleared (see ref-lock.ts).
   * Returns the new commit, or the unchanged head when there was nothing to change. A `message`
   * function is called after `build`, so the message can describe what the build found.
   */
  async write(projectId: string, branch: string, author: Author, message: string | (() => string), build: ChangeBuilder): Promise<string> {
    const repo = this.repo(projectId);
    return this.queue.run(queueKey(repo.gitDir, branch), async () => {
      for (let attempt = 0; ; attempt++) {
        const head = await repo.branchHead(branch);
        if (!head) throw new BranchNotFoundError(`Branch ${branch} not found`);
        const changes = await build(repo, head);
        if (changes.length === 0) return head;
        try {
          return await commitClearingLocks(repo, branch, head, changes, author, typeof message === 'function' ? message() : message);
        } catch (err) {
          if (!(err instanceof BranchMovedError) || attempt >= 2) throw err;
        }
      }
    });
  }

  /**
   * The workspace server's half of a write made on another API server: commits `changes` (built
   * there on `parent`) in the branch's queue, only if the branch is still at `parent`; otherwise
   * BranchMovedError, and the caller builds them again on the new head.
   */
  async commitOn(projectId: string, branch: string, parent: string, changes: FileChange[], author: Author, message: string): Promise<string> {
    const repo = this.repo(projectId);
    return this.queue.run(queueKey(repo.gitDir, branch), async () => {
      const head = await repo.branchHead(branch);
      if (!head) throw new BranchNotFoundError(`Branch ${branch} not found`);
      if (head !== parent) throw new BranchMovedError(`Branch ${branch} moved while writing`, head);
      return commitClearingLocks(repo, branch, head, changes, author, message);
    });
  }

  async close(): Promise<void> {}

  repoPath(projectId: string): string {
    if (!ID_RE.test(projectId)) throw new Error('Invalid project id');
    return path.join(this.root, `${projectId}.git`);
  }

  async exists(projectId: string): Promise<boolean> {
    try {
      await fs.access(path.join(this.repoPath(projectId), 'HEAD'));
      return true;
    } catch {
      return false;
    }
  }

  /** Creates the bare repository with its first commit on `main`; does nothing if it exists. */
  async create(projectId: string, projectName: string, author: Author): Promise<void> {
    const gitDir = this.repoPath(projectId);
    if (await this.exists(projectId)) return;
    await fs.mkdir(this.root, { recursive: true });
    const tmp = await fs.mkdtemp(path.join(this.root, `.new-${projectId}-`));
    try {
      await git(['init', '--bare', '--quiet', `--initial-branch=${DEFAULT_BRANCH}`, tmp]);
      const commit = await commitFiles(tmp, initialFiles(projectName), author, 'Create project workspace');
      await git(['update-ref', `refs/heads/${DEFAULT_BRANCH}`, commit], { gitDir: tmp });
      await fs.rename(tmp, gitDir);
    } catch (err) {
      await fs.rm(tmp, { recursive: true, force: true });
      if (await this.exists(projectId)) return;
      throw err;
    }
  }

  async remove(projectId: string): Promise<void> {
    const gitDir = this.repoPath(projectId);
    const trash = path.join(this.root, `.deleted-${projectId}-${Date.now()}`);
    try {
      await fs.rename(gitDir, trash);
    } catch {
      return;
    }
    await fs.rm(trash, { recursive: true, force: true });
  }

  async listFiles(projectId: string, branch = DEFAULT_BRANCH): Promise<string[]> {
    const { stdout } = await git(['ls-tree', '-r', '--name-only', '--end-of-options', `refs/heads/${branch}`], {
      gitDir: this.repoPath(projectId),
    });
    return stdout.split('\n').filter(Boolean);
  }
}

const queueKey = (gitDir: string, branch: string) => `${gitDir}\0${branch}`;

/** `repo.commit`, waiting out (or clearing, when stale) a ref lock left on the branch: 5 tries. */
async function commitClearingLocks(repo: LocalRepo, branch: string, head: string, changes: FileChange[], author: Author, message: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await repo.commit(branch, head, changes, author, message);
    } catch (err) {
      if (!(err instanceof RefLockedError) || attempt >= 4) throw err;
      await waitForRefLock(err.lockPath);
    }
  }
}

/** Writes a commit of the given files (a whole tree) with a private index; returns its id. */
async function commitFiles(gitDir: string, files: Record<string, string>, author: Author, message: string): Promise<string> {
  const indexFile = path.join(os.tmpdir(), `stepwise-index-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const env = {
    GIT_INDEX_FILE: indexFile,
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: 'Stepwise',
    GIT_COMMITTER_EMAIL: 'stepwise@localhost',
  };
  try {
    for (const [file, content] of Object.entries(files)) {
      const { stdout: blob } = await git(['hash-object', '-w', '--stdin'], { gitDir, input: content });
      await git(['update-index', '--add', '--cacheinfo', `100644,${blob.trim()},${file}`], { gitDir, env });
    }
    const { stdout: tree } = await git(['write-tree'], { gitDir, env });
    const { stdout: commit } = await git(['commit-tree', tree.trim(), '-F', '-'], { gitDir, env, input: message });
    return commit.trim();
  } finally {
    await fs.rm(indexFile, { force: true });
  }
}
