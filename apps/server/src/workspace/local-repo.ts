import type { Readable } from 'node:stream';
import { materialiseCommit } from '../execution-runs/checkout.ts';
import { spawnProgram } from '../processes/spawn-helper.ts';
import type { RemoteCredentials } from '../private-repo/remote-git.ts';
import { pushBranches } from '../private-repo/remote-git.ts';
import { deleteBranchOnRemote, syncBranches } from '../private-repo/remote-sync.ts';
import { advertiseRefsStream, uploadPackStream } from '../workers/git-http.ts';
import { gitEnv } from './git.ts';
import { GitRepo, type TreeEntry } from './git-repo.ts';
import * as q from './git-queries.ts';
import type { CommitInfo, ProjectRepo, SizedEntry, SyncOptions, SyncResult } from './project-repo.ts';

const COMMIT_RE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A project's repository on this machine's disk: `GitRepo`'s plumbing plus the queries and whole-repository operations. */
export class LocalRepo extends GitRepo implements ProjectRepo {
  listFolder(commit: string, folder: string): Promise<SizedEntry[]> {
    return q.listFolder(this.gitDir, commit, folder);
  }

  entryAt(commit: string, filePath: string): Promise<TreeEntry | null> {
    return q.entryAt(this.gitDir, commit, filePath);
  }

  entriesAt(commit: string, paths: string[]): Promise<Map<string, TreeEntry>> {
    return q.entriesAt(this.gitDir, commit, paths);
  }

  commitExists(commit: string): Promise<boolean> {
    return q.commitExists(this.gitDir, commit);
  }

  lastCommitTouching(branch: string, filePath: string): Promise<CommitInfo | null> {
    return q.lastCommitTouching(this.gitDir, branch, filePath);
  }

  lastChangeDates(head: string, folder: string, limit: number): Promise<Map<string, string>> {
    return q.lastChangeDates(this.gitDir, head, folder, limit);
  }

  createBranch(branch: string, commit: string): Promise<boolean> {
    return q.createBranchRef(this.gitDir, branch, commit);
  }

  deleteBranch(branch: string, commit: string): Promise<boolean> {
    return q.deleteBranchRef(this.gitDir, branch, commit);
  }

  /** `git archive` of `commit`, streamed as git writes it; the stream fails when git does. */
  async archive(commit: string): Promise<Readable> {
    if (!COMMIT_RE.test(commit)) throw new Error('Invalid commit id');
    const child = spawnProgram('git', ['archive', '--format=tar', commit], { env: gitEnv({ GIT_DIR: this.gitDir }) });
    child.stderr.resume();
    child.on('error', (err: Error) => child.stdout.destroy(err));
    child.on('close', (code: number | null) => {
      if (code !== 0) child.stdout.destroy(new Error(`git archive exited with ${code}`));
    });
    return child.stdout;
  }

  materialise(commit: string, dest: string): Promise<void> {
    return materialiseCommit(this.gitDir, commit, dest);
  }

  async advertiseUploadPack(): Promise<Readable> {
    return advertiseRefsStream(this.gitDir);
  }

  async uploadPack(body: Readable, gzip: boolean): Promise<Readable> {
    return uploadPackStream(this.gitDir, body, gzip);
  }

  syncRemote(creds: RemoteCredentials, opts: SyncOptions): Promise<SyncResult> {
    return syncBranches(this.gitDir, creds, opts);
  }

  pushRemote(creds: RemoteCredentials, branches: string[]): Promise<string[]> {
    return pushBranches(this.gitDir, creds, branches);
  }

  deleteRemote(creds: RemoteCredentials, branch: string): Promise<'deleted' | 'rejected' | 'absent'> {
    return deleteBranchOnRemote(this.gitDir, creds, branch);
  }
}

