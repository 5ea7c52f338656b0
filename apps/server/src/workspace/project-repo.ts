import type { Readable } from 'node:stream';
import type { RemoteCredentials } from '../private-repo/remote-git.ts';
import type { FileChange, TreeEntry } from './git-repo.ts';

export interface SizedEntry extends TreeEntry {
  size: number;
}

export interface CommitInfo {
  commit: string;
  date: string;
  author: string;
  email: string;
  message: string;
}

export interface Author {
  name: string;
  email: string;
}

export interface SyncResult {
  /** Local branches created or moved to the remote's commit. */
  updated: string[];
  /** Branches whose local and remote histories diverged (left as they were, unless `remoteWins`). */
  diverged: string[];
  /** Local branches pushed because the remote lacked them or was behind. */
  pushed: string[];
}

export interface SyncOptions {
  remoteWins?: boolean;
  push?: boolean;
}

/**
 * What the server needs of one project's Git repository. `GitRepo` (git-repo.ts) is the repository
 * on this machine's disk; `RemoteRepo` (remote-repo.ts) asks the workspace server for the same
 * answers over HTTP. Nothing outside workspace/ sees where the repository is.
 */
export interface ProjectRepo {
  /** Commit id of a branch, or null when it does not exist. */
  branchHead(branch: string): Promise<string | null>;
  branches(): Promise<string[]>;
  /** Every entry under `prefix` (recursively, blobs only unless `trees`). */
  lsTree(commit: string, prefix?: string, trees?: boolean): Promise<TreeEntry[]>;
  /** Contents of blobs (UTF-8), by id. */
  readBlobs(oids: string[]): Promise<Map<string, string>>;
  /** File content at a commit, or null when absent (or not a regular file). */
  readFile(commit: string, filePath: string): Promise<string | null>;
  /** Direct children of `folder` at `commit` (not recursive), with blob sizes. */
  listFolder(commit: string, folder: string): Promise<SizedEntry[]>;
  /** The entry at exactly `filePath` (blob, tree or link), or null. */
  entryAt(commit: string, filePath: string): Promise<TreeEntry | null>;
  /** The entries at exactly `paths`, by path. */
  entriesAt(commit: string, paths: string[]): Promise<Map<string, TreeEntry>>;
  /** Whether `commit` names a commit object of this repository. */
  commitExists(commit: string): Promise<boolean>;
  /** The last commit of `branch` that touched `filePath`, or null. */
  lastCommitTouching(branch: string, filePath: string): Promise<CommitInfo | null>;
  /** Date of the last commit (from `head`, at most `limit` back) that changed each file under `folder`. */
  lastChangeDates(head: string, folder: string, limit: number): Promise<Map<string, string>>;
  /** Creates `branch` at `commit`; false when the branch already exists. */
  createBranch(branch: string, commit: string): Promise<boolean>;
  /** Deletes `branch` if it still points at `commit`. */
  deleteBranch(branch: string, commit: string): Promise<boolean>;
  /** The files of `commit` (a commit id) as a tar stream. */
  archive(commit: string): Promise<Readable>;
  /** Writes the files of `commit` into the folder `dest` (created when missing). */
  materialise(commit: string, dest: string): Promise<void>;
  /** Git smart HTTP (read-only): the ref advertisement of upload-pack, pkt-line service header included. */
  advertiseUploadPack(): Promise<Readable>;
  /** Git smart HTTP (read-only): upload-pack's answer to a fetch request `body` (gzip when `gzip`). */
  uploadPack(body: Readable, gzip: boolean): Promise<Readable>;
  /** Fetches the private remote and brings branches together (remote-sync.ts `syncBranches`). */
  syncRemote(creds: RemoteCredentials, opts: SyncOptions): Promise<SyncResult>;
  /** Pushes branches to the private remote (fast-forward only); returns those it rejected. */
  pushRemote(creds: RemoteCredentials, branches: string[]): Promise<string[]>;
  /** Deletes `branch` on the private remote if it is still at the commit fetched. */
  deleteRemote(creds: RemoteCredentials, branch: string): Promise<'deleted' | 'rejected' | 'absent'>;
}

/** Builds the changes of one write from the branch head it will be committed on. */
export type ChangeBuilder = (repo: ProjectRepo, head: string) => Promise<FileChange[]>;

/**
 * The projects' repositories: `WorkspaceStore` on this machine's disk (one machine, or the
 * workspace server itself), `RemoteWorkspaces` on the workspace server (WORKSPACE_URL).
 */
export interface Workspaces {
  repo(projectId: string): ProjectRepo;
  /**
   * One write = one commit on `branch`, built by `build` from the head it will be committed on and
   * rebuilt when the branch moved meanwhile. Returns the new commit, or the unchanged head when
   * there was nothing to change. A `message` function is called after `build`.
   */
  write(projectId: string, branch: string, author: Author, message: string | (() => string), build: ChangeBuilder): Promise<string>;
  exists(projectId: string): Promise<boolean>;
  /** Creates the bare repository with its first commit on `main`; does nothing if it exists. */
  create(projectId: string, projectName: string, author: Author): Promise<void>;
  remove(projectId: string): Promise<void>;
  listFiles(projectId: string, branch?: string): Promise<string[]>;
  close(): Promise<void>;
}

export class BranchNotFoundError extends Error {}
