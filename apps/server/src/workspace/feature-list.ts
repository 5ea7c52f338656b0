import { compressShared, type Compressed, type Encoding } from '../cache/shared-compression.ts';
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

/** What an encoded tree in memory came from, for its compressed forms (each made once, on first demand). */
interface TreeSource {
  treeId: string;
  form: ListForm;
  index: TreeIndex | null;
  compressed: Map<Encoding, Promise<Compressed>>;
}
/** By encoded tree: dropped with the tree when the cache lets it go. */
const sources = new WeakMap<Buffer, TreeSource>();

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
      Buffer.from(`{"allTags":${JSON.stringify(collectTags(data))},"foldersAndFeatures":`),
      Buffer.from(featureTreeJson(data, form === 'compact')),
      Buffer.from(','),
    ]);
    if (treeId && index) index.save(treeId, form, body);
  }
  sources.set(body, { treeId, form, index, compressed: new Map() });
  trees.set(key, body, body.length);
  return body;
}

/** A compressed form of an encoded tree: from the index when stored there, else made (and stored). */
function compressedTree(body: Buffer, source: TreeSource, encoding: Encoding): Promise<Compressed> {
  let done = source.compressed.get(encoding);
  if (!done) {
    done = (async () => {
      const { treeId, form, index } = source;
      const stored = treeId && index ? await index.readCompressed(treeId, form, encoding) : null;
      if (stored && stored.size === body.length) return stored;
      const made = await compressShared(body, encoding);
      if (treeId && index) index.saveCompressed(treeId, form, made);
      return made;
    })();
    source.compressed.set(encoding, done);
    done.catch(() => source.compressed.delete(encoding));
  }
  return done;
}

/** A FeatureListResponse as JSON in two parts, sent one after the other without being joined. */
export interface FeatureListParts {
  parts: [Buffer, Buffer];
  /** FeatureListUnchangedResponse: the caller holds the branch's commit; no tree in it. */
  unchanged: boolean;
  /** The caller's own fields (branch, commit, selection): with the form, all the answer depends on. */
  own: Buffer;
  /** The tree's compressed forms, each made once per tree (shared-compression.ts); absent without a tree. */
  shared?: (encoding: Encoding) => Promise<Compressed>;
}

/**
 * The FeatureListResponse of a branch: the cached tree (not copied; see FeatureListBody for
 * `compact`), then the caller's own fields. `index`: where encoded trees are persisted across
 * restarts (tree-index.ts).
 */
export async function featureListJson(
  store: Workspaces,
  projectId: string,
  branch: string,
  selection: LastActiveSelection,
  compact = false,
  index: TreeIndex | null = null,
  knownCommit?: string,
): Promise<FeatureListParts> {
  const commit = await resolveBranch(store, projectId, branch);
  const own =
    `"status":"success","error":null,"branch":${JSON.stringify(branch)},"commit":"${commit}"` +
    `,"lastActiveFolder":${JSON.stringify(selection.lastActiveFolder)}` +
    `,"lastActiveScenarioIndex":${JSON.stringify(selection.scenarioIndex)}` +
    `,"lastActiveFeature":${JSON.stringify(selection.lastActiveFeature)}`;
  // The caller holds this commit's tree: the answer without it (FeatureListUnchangedResponse).
  if (commit === knownCommit) {
    const head = Buffer.from(`{${own},`);
    return { parts: [head, UNCHANGED], unchanged: true, own: head };
  }
  const body = await treeBody(store.repo(projectId), commit, compact ? 'compact' : 'full', index);
  const tail = Buffer.from(`${own}}`);
  const source = sources.get(body);
  return { parts: [body, tail], unchanged: false, own: tail, shared: source && ((encoding) => compressedTree(body, source, encoding)) };
}

const UNCHANGED = Buffer.from('"unchanged":true}');

/** Empties the tree caches in memory (benchmarks and tests). */
export function clearTreeCache(): void {
  trees.clear();
  treeIds.clear();
}
