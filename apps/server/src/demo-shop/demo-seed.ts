import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BRANCH } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { envFileContent, envFilePath } from '../environments/environment-files.ts';
import type { FileChange } from '../workspace/git-repo.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import type { Author } from '../workspace/workspace-store.ts';

/** The demo feature set, laid out as in a project's repository (features/...). */
export const DEMO_WORKSPACE_DIR = fileURLToPath(new URL('./workspace/', import.meta.url));
/** The environment of a demo project: environments/demo.json, whose base URL is the served shop. */
export const DEMO_ENV_NAME = 'demo';
export const DEMO_COMMIT_MESSAGE = 'Add the demo shop features';

/** The files of the demo feature set and the demo environment pointing at `baseUrl`. */
export async function demoWorkspaceFiles(baseUrl: string): Promise<FileChange[]> {
  const entries = await fs.readdir(DEMO_WORKSPACE_DIR, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const changes: FileChange[] = [];
  for (const file of files.sort()) {
    const repoPath = path.relative(DEMO_WORKSPACE_DIR, file).split(path.sep).join('/');
    changes.push({ path: repoPath, content: await fs.readFile(file, 'utf8') });
  }
  changes.push({ path: envFilePath(DEMO_ENV_NAME), content: envFileContent(DEMO_ENV_NAME, baseUrl) });
  return changes;
}

/**
 * Seeds a new demo project's main branch with the demo feature set and environment in one commit
 * (existing files of the same paths are replaced), then brings projects.scenario_count up to date.
 */
export async function seedDemoWorkspace(ctx: AppContext, projectId: string, author: Author, baseUrl: string): Promise<string> {
  const changes = await demoWorkspaceFiles(baseUrl);
  const commit = await ctx.workspaces.write(projectId, DEFAULT_BRANCH, author, DEMO_COMMIT_MESSAGE, async () => changes);
  await workspaceServices(ctx).writer.refreshScenarioCount(projectId);
  return commit;
}
