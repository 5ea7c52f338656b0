import { featuresAtCommit, resolveBranch } from './feature-files.ts';
import { collectTags, featureTreeJson } from './feature-tree.ts';
import { LruCache } from './lru-cache.ts';
import type { LastActiveSelection } from './workspace-state.repository.ts';
import type { Workspaces } from './project-repo.ts';

/**
 * Encoded trees by commit id: a commit fixes the tree, so `allTags` and `foldersAndFeatures` are
 * serialised once per commit (and form) and reused for every user; only the selection differs.
 */
const trees = new LruCache<string, Buffer>(Number(process.env.STEPWISE_TREE_CACHE_BYTES ?? 256_000_000));

/**
 * The FeatureListResponse of a branch as JSON, in two parts to send one after the other: the
 * caller's own fields, then the cached tree (not copied; see FeatureListBody for `compact`).
 */
export async function featureListJson(
  store: Workspaces,
  projectId: string,
  branch: string,
  selection: LastActiveSelection,
  compact = false,
): Promise<[Buffer, Buffer]> {
  const commit = await resolveBranch(store, projectId, branch);
  const key = `${commit}:${compact ? 'compact' : 'full'}`;
  let body = trees.get(key);
  if (!body) {
    const data = await featuresAtCommit(store.repo(projectId), commit, compact ? 'compact' : 'full');
    body = Buffer.concat([
      Buffer.from(`"allTags":${JSON.stringify(collectTags(data))},"foldersAndFeatures":`),
      Buffer.from(featureTreeJson(data, compact)),
      Buffer.from('}'),
    ]);
    trees.set(key, body, body.length);
  }
  const head =
    `{"status":"success","error":null,"branch":${JSON.stringify(branch)},"commit":"${commit}"` +
    `,"lastActiveFolder":${JSON.stringify(selection.lastActiveFolder)}` +
    `,"lastActiveScenarioIndex":${JSON.stringify(selection.scenarioIndex)}` +
    `,"lastActiveFeature":${JSON.stringify(selection.lastActiveFeature)},`;
  return [Buffer.from(head), body];
}

/** Empties the tree cache (benchmarks and tests). */
export function clearTreeCache(): void {
  trees.clear();
}
