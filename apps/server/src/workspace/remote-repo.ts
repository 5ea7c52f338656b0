import type { Readable } from 'node:stream';
import { extractTarStream } from '../execution-runs/checkout.ts';
import type { RemoteCredentials } from '../private-repo/remote-git.ts';
import type { TreeEntry } from './git-repo.ts';
import type { CommitInfo, ProjectRepo, SizedEntry, SyncOptions, SyncResult } from './project-repo.ts';
import type { WorkspaceClient } from './workspace-client.ts';

const COMMIT_RE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A project's repository on the workspace server: every read and operation is one call to it. */
export class RemoteRepo implements ProjectRepo {
  private readonly client: WorkspaceClient;
  readonly projectId: string;

  constructor(client: WorkspaceClient, projectId: string) {
    this.client = client;
    this.projectId = projectId;
  }

  branchHead(branch: string): Promise<string | null> {
    return this.client.call(this.projectId, { op: 'branchHead', branch });
  }

  branches(): Promise<string[]> {
    return this.client.call(this.projectId, { op: 'branches' });
  }

  lsTree(commit: string, prefix = '', trees = false): Promise<TreeEntry[]> {
    return this.client.call(this.projectId, { op: 'lsTree', commit, prefix, trees });
  }

  async readBlobs(oids: string[]): Promise<Map<string, string>> {
    if (oids.length === 0) return new Map();
    return new Map(await this.client.call<Array<[string, string]>>(this.projectId, { op: 'readBlobs', oids: [...new Set(oids)] }));
  }

  readFile(commit: string, path: string): Promise<string | null> {
    return this.client.call(this.projectId, { op: 'readFile', commit, path });
  }

  listFolder(commit: string, folder: string): Promise<SizedEntry[]> {
    return this.client.call(this.projectId, { op: 'listFolder', commit, folder });
  }

  entryAt(commit: string, path: string): Promise<TreeEntry | null> {
    return this.client.call(this.projectId, { op: 'entryAt', commit, path });
  }

  async entriesAt(commit: string, paths: string[]): Promise<Map<string, TreeEntry>> {
    const entries = await this.client.call<TreeEntry[]>(this.projectId, { op: 'entriesAt', commit, paths });
    return new Map(entries.map((e) => [e.path, e]));
  }

  commitExists(commit: string): Promise<boolean> {
    return this.client.call(this.projectId, { op: 'commitExists', commit });
  }

  lastCommitTouching(branch: string, path: string): Promise<CommitInfo | null> {
    return this.client.call(this.projectId, { op: 'lastCommitTouching', branch, path });
  }

  async lastChangeDates(head: string, folder: string, limit: number): Promise<Map<string, string>> {
    return new Map(await this.client.call<Array<[string, string]>>(this.projectId, { op: 'lastChangeDates', head, folder, limit }));
  }

  createBranch(branch: string, commit: string): Promise<boolean> {
    return this.client.call(this.projectId, { op: 'createBranch', branch, commit });
  }

  deleteBranch(branch: string, commit: string): Promise<boolean> {
    return this.client.call(this.projectId, { op: 'deleteBranch', branch, commit });
  }

  async archive(commit: string): Promise<Readable> {
    if (!COMMIT_RE.test(commit)) throw new Error('Invalid commit id');
    return this.client.stream(this.projectId, 'GET', `archive/${commit}`);
  }

  /** The archive streamed from the workspace server straight into `tar -x`. */
  async materialise(commit: string, dest: string): Promise<void> {
    await extractTarStream(await this.archive(commit), dest);
  }

  advertiseUploadPack(): Promise<Readable> {
    return this.client.stream(this.projectId, 'GET', 'upload-pack');
  }

  uploadPack(body: Readable, gzip: boolean): Promise<Readable> {
    return this.client.stream(this.projectId, 'POST', `upload-pack?gzip=${gzip ? 1 : 0}`, body, 'application/x-git-upload-pack-request');
  }

  syncRemote(creds: RemoteCredentials, opts: SyncOptions): Promise<SyncResult> {
    return this.client.call(this.projectId, { op: 'syncRemote', creds, remoteWins: opts.remoteWins, push: opts.push });
  }

  pushRemote(creds: RemoteCredentials, branches: string[]): Promise<string[]> {
    return this.client.call(this.projectId, { op: 'pushRemote', creds, branches });
  }

  deleteRemote(creds: RemoteCredentials, branch: string): Promise<'deleted' | 'rejected' | 'absent'> {
    return this.client.call(this.projectId, { op: 'deleteRemote', creds, branch });
  }
}
