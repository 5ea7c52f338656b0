import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import type { ApiResult } from '../test/api-client.ts';

/** Runs the git CLI against a bare repository, as an outside observer. */
export const gitIn = (gitDir: string, ...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' }).trim();

export interface Workspace {
  server: TestServer;
  admin: TestUser;
  projectId: string;
  gitDir: string;
  git(...args: string[]): string;
  /** POST /api/workspace/<call> as `user` (default admin) with projectId filled in. */
  call(call: string, body?: Record<string, unknown>, user?: TestUser): Promise<ApiResult>;
  /** The file at `branch` (default main), or null. */
  show(file: string, branch?: string): string | null;
  /** Subjects of the commits of a branch, newest first. */
  log(branch?: string): string[];
}

export async function startWorkspace(projectName = 'Shop', env: Record<string, string> = {}): Promise<Workspace> {
  const server = await startTestServer(env);
  const admin = await signUpUser(server.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' });
  const projectId = await createProject(admin, { name: projectName });
  return workspaceOf(server, admin, projectId);
}

/** `reposOn`: the server whose DATA_DIR holds the repositories (the workspace server of one with WORKSPACE_URL). */
export function workspaceOf(server: TestServer, admin: TestUser, projectId: string, reposOn: TestServer = server): Workspace {
  const gitDir = path.join(reposOn.ctx.config.dataDir, 'repos', `${projectId}.git`);
  const git = (...args: string[]) => gitIn(gitDir, ...args);
  return {
    server,
    admin,
    projectId,
    gitDir,
    git,
    call: (call, body = {}, user = admin) => user.api.post(`workspace/${call}`, { projectId, ...body }),
    show(file, branch = 'main') {
      try {
        return execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${branch}:${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        return null;
      }
    },
    log: (branch = 'main') => git('log', '--format=%s', branch).split('\n'),
  };
}

/** A flat list of the tree's paths, folders marked with a trailing '/'. */
export function treePaths(nodes: Array<{ path: string; isFolder: boolean; children?: unknown[] }>): string[] {
  return nodes.flatMap((n) => [n.isFolder ? `${n.path}/` : n.path, ...(n.children ? treePaths(n.children as typeof nodes) : [])]);
}
