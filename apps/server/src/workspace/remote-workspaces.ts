import type { Logger } from 'pino';
import { DEFAULT_BRANCH } from '@stepwise/shared';
import { BranchMovedError } from './git-repo.ts';
import { BranchNotFoundError, type Author, type ChangeBuilder, type Workspaces } from './project-repo.ts';
import { RemoteRepo } from './remote-repo.ts';
import { WorkspaceClient } from './workspace-client.ts';
import { KeyedQueue } from './write-queue.ts';

/** Tries of one write before it fails with BranchMovedError (a write conflict for the user). */
const WRITE_TRIES = 8;

/**
 * The projects' repositories on the workspace server (WORKSPACE_URL). A write is built here, reading
 * through the workspace server, and sent with the head it was built on; the workspace server commits
 * it only if the branch is still there (compare-and-swap), else the write is built again on the new
 * head. Writes of this server to one branch run one at a time, so only writes of other servers can
 * make it try again.
 */
export class RemoteWorkspaces implements Workspaces {
  private readonly client: WorkspaceClient;
  private readonly queue = new KeyedQueue();

  constructor(url: string, token: string, log: Logger) {
    this.client = new WorkspaceClient(url, token, log);
  }

  repo(projectId: string): RemoteRepo {
    return new RemoteRepo(this.client, projectId);
  }

  write(projectId: string, branch: string, author: Author, message: string | (() => string), build: ChangeBuilder): Promise<string> {
    const repo = this.repo(projectId);
    return this.queue.run(`${projectId}\0${branch}`, async () => {
      let known: string | undefined;
      for (let attempt = 1; ; attempt++) {
        const head = known ?? (await repo.branchHead(branch));
        if (!head) throw new BranchNotFoundError(`Branch ${branch} not found`);
        const changes = await build(repo, head);
        if (changes.length === 0) return head;
        const text = typeof message === 'function' ? message() : message;
        try {
          return await this.client.call<string>(projectId, { op: 'commit', branch, parent: head, changes, author, message: text });
        } catch (err) {
          if (!(err instanceof BranchMovedError) || attempt >= WRITE_TRIES) throw err;
          // Another server's write won: build again at once on the head the conflict names, a round
          // trip ahead of that server's next write (which reads the head first), so no server starves.
          known = err.head;
        }
      }
    });
  }

  exists(projectId: string): Promise<boolean> {
    return this.client.call(projectId, { op: 'exists' });
  }

  async create(projectId: string, projectName: string, author: Author): Promise<void> {
    await this.client.call(projectId, { op: 'create', name: projectName, author });
  }

  async remove(projectId: string): Promise<void> {
    await this.client.call(projectId, { op: 'remove' });
  }

  listFiles(projectId: string, branch = DEFAULT_BRANCH): Promise<string[]> {
    return this.client.call(projectId, { op: 'listFiles', branch });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
