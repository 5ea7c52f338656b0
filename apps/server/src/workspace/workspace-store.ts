import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BRANCH } from '@stepwise/shared';
import { git } from './git.ts';
import { BranchMovedError, GitRepo, RefLockedError, type FileChange } from './git-repo.ts';
import { waitForRefLock } from './ref-lock.ts';
import { KeyedQueue } from './write-queue.ts';
import { initialFiles } from './workspace-layout.ts';

const ID_RE = /^[a-zA-Z0-9-]{1,64}$/;

export interface Author {
  name: string;
  email: string;
}

export class BranchNotFoundError extends Error {}

/** Builds the changes of one write from the branch head it will be committed on. */
export type ChangeBuilder = (repo: GitRepo, head: string) => Promise<FileChange[]>;

/** Owns the projects' bare Git repositories under `<DATA_DIR>/repos`. */
export class WorkspaceStore {
  readonly root: string;
  private readonly queue = new KeyedQueue();
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'repos');
  }

  repo(projectId: string): GitRepo {
    return new GitRepo(this.repoPath(projectId));
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
    return this.queue.run(repo.gitDir, async () => {
      for (let attempt = 0; ; attempt++) {
        const head = await repo.branchHead(branch);
        if (!head) throw new BranchNotFoundError(`Branch ${branch} not found`);
        const changes = await build(repo, head);
        if (changes.length === 0) return head;
        try {
          return await repo.commit(branch, head, changes, author, typeof message === 'function' ? message() : message);
        } catch (err) {
          if (err instanceof RefLockedError && attempt < 4) await waitForRefLock(err.lockPath);
          else if (!(err instanceof BranchMovedError) || attempt >= 2) throw err;
        }
      }
    });
  }

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
