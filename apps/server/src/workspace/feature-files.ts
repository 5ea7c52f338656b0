import { DEFAULT_BRANCH, WS_MSG } from '@stepwise/shared';
import { badRequest, notFound } from '../http/errors.ts';
import { isValidBranchName } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import type { ParsedFeature } from './gherkin-parse.ts';
import { LruCache } from './lru-cache.ts';
import type { ListForm } from './feature-summary.ts';
import { cachedFeature, parseBlob, type CachedFeature } from './parse-cache.ts';
import type { Workspaces } from './project-repo.ts';

export const FEATURES_ROOT = 'features';

/** One .feature file of a branch. */
export class FeatureFile {
  /** Path in the repository: 'features/checkout/pay.feature'. */
  readonly path: string;
  readonly blobId: string;
  /** The cache entry (summary and JSON fragments for the tree). */
  readonly entry: CachedFeature;
  constructor(path: string, blobId: string, entry: CachedFeature) {
    this.path = path;
    this.blobId = blobId;
    this.entry = entry;
  }

  /** Path relative to features/: 'checkout/pay.feature'. */
  get relPath(): string {
    return this.path.slice(FEATURES_ROOT.length + 1);
  }

  get content(): string {
    return this.entry.content;
  }

  /** Scenarios (with steps, tags, lines), examples, background steps, parse error. */
  get parsed(): ParsedFeature {
    return this.entry.parsed;
  }
}

export interface CommitFeatures {
  commit: string;
  /** Every .feature under features/, sorted by path (symbolic links are skipped). */
  features: FeatureFile[];
  /** Folders under features/ relative to it ('checkout', 'checkout/cards'), empty ones (.gitkeep) included. */
  folders: string[];
  scenarioCount: number;
}

export interface BranchFeatures extends CommitFeatures {
  branch: string;
}

const byCommit = new LruCache<string, CommitFeatures>(200_000);

/** Commit of a branch; 400 for a name that is not a branch name, 404 for an unknown branch or repository. */
export async function resolveBranch(store: Workspaces, projectId: string, branch: string): Promise<string> {
  if (!isValidBranchName(branch)) throw badRequest(WS_MSG.branchNameInvalid);
  // The head first: whether the repository exists is asked only when there is none (the tree's hot path).
  const head = await store.repo(projectId).branchHead(branch);
  if (head) return head;
  if (!(await store.exists(projectId))) throw notFound(WS_MSG.workspaceMissing);
  throw notFound(WS_MSG.branchNotFound);
}

/**
 * All features of a branch, parsed: for each file its path, content, parsed scenarios (with their
 * steps, tags, lines and examples), background steps and parse error. Results are cached by commit
 * and each file by blob id, so calling this for every request is cheap when nothing changed.
 *
 *     const { commit, features } = await readBranchFeatures(ctx.workspaces, projectId, branch);
 *     for (const f of features) for (const s of f.parsed.scenarios) s.steps; // { keyword, text, line }
 *
 * Throws HttpError 400 (invalid branch name) or 404 (unknown branch, missing repository).
 */
export async function readBranchFeatures(store: Workspaces, projectId: string, branch: string = DEFAULT_BRANCH): Promise<BranchFeatures> {
  const commit = await resolveBranch(store, projectId, branch);
  return { ...(await featuresAtCommit(store.repo(projectId), commit)), branch };
}

/** All features at one commit (see readBranchFeatures); `listing` when it is read to build a tree. */
export async function featuresAtCommit(repo: ProjectRepo, commit: string, listing?: ListForm): Promise<CommitFeatures> {
  const hit = byCommit.get(commit);
  if (hit) return hit;
  return loadCommitFeatures(repo, commit, listing);
}

async function loadCommitFeatures(repo: ProjectRepo, commit: string, listing?: ListForm): Promise<CommitFeatures> {
  const entries = await repo.lsTree(commit, FEATURES_ROOT, true);
  const folders: string[] = [];
  const blobs: Array<{ path: string; oid: string }> = [];
  for (const e of entries) {
    if (!e.path.startsWith(`${FEATURES_ROOT}/`)) continue;
    if (e.type === 'tree') folders.push(e.path.slice(FEATURES_ROOT.length + 1));
    else if (e.type === 'blob' && e.mode !== '120000' && e.path.endsWith('.feature')) blobs.push({ path: e.path, oid: e.oid });
  }
  const missing = [...new Set(blobs.filter((b) => !cachedFeature(b.oid)).map((b) => b.oid))];
  const fresh = new Map<string, CachedFeature>();
  // Read everything first, then parse: measured faster than parsing as the blobs stream in.
  const texts = missing.length ? await repo.readBlobs(missing) : new Map<string, string>();
  for (const [oid, text] of texts) fresh.set(oid, parseBlob(oid, text, listing));
  let scenarioCount = 0;
  const features = blobs.map((b) => {
    const entry = fresh.get(b.oid) ?? cachedFeature(b.oid) ?? parseBlob(b.oid, '');
    scenarioCount += entry.summary.scenarioCount;
    return new FeatureFile(b.path, b.oid, entry);
  });
  const result = { commit, features, folders, scenarioCount };
  byCommit.set(commit, result, features.length + 1);
  return result;
}

/** Forgets the parsed listings of commits (benchmarks and tests). */
export function clearCommitCache(): void {
  byCommit.clear();
}

/** The features of `commit` if already cached (no git call). */
export const cachedCommitFeatures = (commit: string) => byCommit.get(commit);
