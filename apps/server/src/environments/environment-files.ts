import type { ProjectRepo } from '../workspace/project-repo.ts';
import { workspacePath } from '../workspace/safe-path.ts';

export const ENV_DIR = 'environments';

/** An environment as stored: environments/{name}.json holding { name, baseUrl }. */
export interface Environment {
  name: string;
  baseUrl: string;
  /** Path in the repository. */
  file: string;
  /** Blob id of the file: what an edit names as its base. */
  version: string;
}

/** Path of an environment's file; the name is confined like any path segment (no '..', '/', leading '-'). */
export function envFilePath(name: string): string {
  return workspacePath(ENV_DIR, `${name}.json`);
}

export function envFileContent(name: string, baseUrl: string): string {
  return `${JSON.stringify({ name, baseUrl }, null, 2)}\n`;
}

/** The environments of a commit, sorted by name; a file that is not valid JSON is listed with an empty URL. */
export async function readEnvironments(repo: ProjectRepo, head: string): Promise<Environment[]> {
  const entries = (await repo.lsTree(head, ENV_DIR)).filter(
    (e) => e.type === 'blob' && e.mode !== '120000' && /^environments\/[^/]+\.json$/.test(e.path),
  );
  const blobs = await repo.readBlobs(entries.map((e) => e.oid));
  return entries
    .map((e) => {
      const name = e.path.slice(ENV_DIR.length + 1, -'.json'.length);
      let baseUrl = '';
      try {
        const json = JSON.parse(blobs.get(e.oid) ?? '');
        if (typeof json?.baseUrl === 'string') baseUrl = json.baseUrl;
      } catch {
        // Listed anyway, so that it can be fixed or deleted.
      }
      return { name, baseUrl, file: e.path, version: e.oid };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
