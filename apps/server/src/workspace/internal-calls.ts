import type { RepoCall } from './internal-protocol.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** Runs one call of an API server on the workspace server's own repositories; the answer is JSON. */
export async function runRepoCall(store: WorkspaceStore, projectId: string, call: RepoCall): Promise<unknown> {
  const repo = store.repo(projectId);
  switch (call.op) {
    case 'branchHead':
      return repo.branchHead(call.branch);
    case 'branches':
      return repo.branches();
    case 'lsTree':
      return repo.lsTree(call.commit, call.prefix, call.trees);
    case 'readBlobs':
      return [...(await repo.readBlobs(call.oids))];
    case 'readFile':
      return repo.readFile(call.commit, call.path);
    case 'listFolder':
      return repo.listFolder(call.commit, call.folder);
    case 'entryAt':
      return repo.entryAt(call.commit, call.path);
    case 'entriesAt':
      return [...(await repo.entriesAt(call.commit, call.paths)).values()];
    case 'commitExists':
      return repo.commitExists(call.commit);
    case 'lastCommitTouching':
      return repo.lastCommitTouching(call.branch, call.path);
    case 'lastChangeDates':
      return [...(await repo.lastChangeDates(call.head, call.folder, call.limit))];
    case 'createBranch':
      return repo.createBranch(call.branch, call.commit);
    case 'deleteBranch':
      return repo.deleteBranch(call.branch, call.commit);
    case 'syncRemote':
      return repo.syncRemote(call.creds, { remoteWins: call.remoteWins, push: call.push });
    case 'pushRemote':
      return repo.pushRemote(call.creds, call.branches);
    case 'deleteRemote':
      return repo.deleteRemote(call.creds, call.branch);
    case 'exists':
      return store.exists(projectId);
    case 'create':
      await store.create(projectId, call.name, call.author);
      return null;
    case 'remove':
      await store.remove(projectId);
      return null;
    case 'listFiles':
      return store.listFiles(projectId, call.branch);
    case 'commit':
      return store.commitOn(projectId, call.branch, call.parent, call.changes, call.author, call.message);
  }
}
