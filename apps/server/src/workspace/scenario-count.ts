import { cachedCommitFeatures, featuresAtCommit } from './feature-files.ts';
import type { FileChange } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import { LruCache } from './lru-cache.ts';
import { cachedFeature, parseBlob } from './parse-cache.ts';
import { blobIdOf } from './blob-id.ts';

/** Scenario counts of recent commits, learnt from the writes that made them (no tree listing needed). */
const counts = new LruCache<string, number>(10_000);

export function rememberCount(commit: string, count: number): void {
  counts.set(commit, count);
}

/** The scenario count of `commit` when known without calling git. */
export const knownCount = (commit: string): number | undefined => counts.get(commit) ?? cachedCommitFeatures(commit)?.scenarioCount;

/** Scenarios under features/ at `commit`. */
export async function scenarioCountAt(repo: ProjectRepo, commit: string): Promise<number> {
  return knownCount(commit) ?? (await featuresAtCommit(repo, commit)).scenarioCount;
}

const isFeaturePath = (p: string) => p.startsWith('features/') && p.endsWith('.feature');

async function scenariosOfBlob(repo: ProjectRepo, oid: string): Promise<number> {
  const hit = cachedFeature(oid);
  if (hit) return hit.summary.scenarioCount;
  return parseBlob(oid, (await repo.readBlobs([oid])).get(oid) ?? '').summary.scenarioCount;
}

export interface CountChange {
  /** Scenarios in the changed .feature files before and after. */
  before: number;
  after: number;
}

/** How `changes` change the number of scenarios (only .feature files under features/ count). */
export async function countChange(repo: ProjectRepo, head: string, changes: FileChange[]): Promise<CountChange> {
  const touched = changes.filter((c) => isFeaturePath(c.path));
  if (touched.length === 0) return { before: 0, after: 0 };
  let after = 0;
  for (const c of touched) {
    if (c.oid) after += await scenariosOfBlob(repo, c.oid);
    else if (c.content !== null) after += parseBlob(blobIdOf(c.content), c.content).summary.scenarioCount;
  }
  let before = 0;
  const old = await repo.entriesAt(head, [...new Set(touched.map((c) => c.path))]);
  for (const e of old.values()) if (e.type === 'blob' && e.mode !== '120000') before += await scenariosOfBlob(repo, e.oid);
  return { before, after };
}
