import { featuresAtCommit, FEATURES_ROOT, resolveBranch } from './feature-files.ts';
import type { ListForm } from './feature-summary.ts';
import { collectTags, featureTreeJson } from './feature-tree.ts';
import { LruCache } from './lru-cache.ts';
import type { TreeIndex } from './tree-index.ts';
import type { LastActiveSelection } from './workspace-state.repository.ts';
import type { ProjectRepo, Workspaces } from './project-repo.ts';

/**
 * Encoded trees by the Git tree id of `features/` (by commit when there is no such folder): the
 * folder's content fixes the tree, so `allTags` and `foldersAndFeatures` are serialised once per
 * tree (and form) and reused for every user, branch and commit; only the selection differs.
 */
const trees = new LruCache<string, Buffer>(Number(process.env.STEPWISE_TREE_CACHE_BYTES ?? 256_000_000));
/** The tree id of `features/` by commit ('' when the commit has none). */
const treeIds = new LruCache<string, string>(100_000);

async function featuresTreeId(repo: ProjectRepo, commit: string): Promise<string> {
  let id = treeIds.get(commit);
  if (id === undefined) {
    const entry = await repo.entryAt(commit, FEATURES_ROOT);
    id = entry?.type === 'tree' ? entry.oid : '';
    treeIds.set(commit, id);
  }
  return id;
}

/** The encoded tree of `commit`: from memory, else from the persisted index, else parsed (and then stored). */
async function treeBody(repo: ProjectRepo, commit: string, form: ListForm, index: TreeIndex | null): Promise<Buffer> {
  const treeId = await featuresTreeId(repo, commit);
  const key = `${treeId || commit}:${form}`;
  const cached = trees.get(key);
  if (cached) return cached;
  let body = treeId && index ? await index.read(treeId, form) : null;
  if (!body) {
    const data = await featuresAtCommit(repo, commit, form);
    body = Buffer.concat([
      Buffer.from(`"allTags":${JSON.stringify(collectTags(data))},"foldersAndFeatures":`),
      Buffer.from(featureTreeJson(data, form === 'compact')),
      Buffer.from('}'),
    ]);
    if (treeId && index) index.save(treeId, form, body);
  }
  trees.set(key, body, body.length);
  return body;
}

/**
 * The FeatureListResponse of a branch as JSON, in two parts to send one after the other: the
 * caller's own fields, then the cached tree (not copied; see FeatureListBody for `compact`).
 * `index`: where encoded trees are persisted across restarts (tree-index.ts).
 */
export async function featureListJson(
  store: Workspaces,
  projectId: string,
  branch: string,
  selection: LastActiveSelection,
  compact = false,
  index: TreeIndex | null = null,
  knownCommit?: string,
): Promise<[Buffer, Buffer]> {
  const commit = await resolveBranch(store, projectId, branch);
  // The caller holds this commit's tree: the answer without it (FeatureListUnchangedResponse).
  const body = commit === knownCommit ? UNCHANGED : await treeBody(store.repo(projectId), commit, compact ? 'compact' : 'full', index);
  const head =
    `{"status":"success","error":null,"branch":${JSON.stringify(branch)},"commit":"${commit}"` +
    `,"lastActiveFolder":${JSON.stringify(selection.lastActiveFolder)}` +
    `,"lastActiveScenarioIndex":${JSON.stringify(selection.scenarioIndex)}` +
    `,"lastActiveFeature":${JSON.stringify(selection.lastActiveFeature)},`;
  return [Buffer.from(head), body];
}

const UNCHANGED = Buffer.from('"unchanged":true}');

/** The answer of featureListJson is FeatureListUnchangedResponse (the caller's knownCommit is the branch's). */
export const isUnchanged = (parts: readonly Buffer[]): boolean => parts[1] === UNCHANGED;

/** Empties the tree caches in memory (benchmarks and tests). */
export function clearTreeCache(): void {
  trees.clear();
  treeIds.clear();
}
