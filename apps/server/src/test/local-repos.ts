import type { AppContext } from '../context.ts';
import { WorkspaceStore } from '../workspace/workspace-store.ts';

/** The repositories of a test server on its own disk (no WORKSPACE_URL), for tests that look at them with git. */
export function localRepos(ctx: AppContext): WorkspaceStore {
  if (!(ctx.workspaces instanceof WorkspaceStore)) throw new Error('the repositories of this server are on a workspace server');
  return ctx.workspaces;
}
