import { conflict } from '../http/errors.ts';
import type { TreeEntry } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';

/**
 * A write's base: the blob id of the file the client read, null when it read no file, undefined
 * when the client sent none (then nothing is checked, as before versions existed).
 */
export type BaseVersion = string | null | undefined;

/**
 * Refuses (409) a write whose client read `path` at another version than the one at `head`. It runs
 * inside the write's build, in the repository's write queue and under the ref's compare-and-swap, so
 * of two writes from the same base exactly one passes. The file's own blob id is compared, so commits
 * that touched other files do not count. `current` adds what the client needs to show theirs.
 * Returns the entry at `head` (null when there is none).
 */
export async function requireBaseVersion(
  repo: ProjectRepo,
  head: string,
  path: string,
  base: BaseVersion,
  message: string,
  current: (entry: TreeEntry | null) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<TreeEntry | null> {
  const entry = await repo.entryAt(head, path);
  if (base === undefined || base === (entry?.oid ?? null)) return entry;
  throw staleWrite(message, head, entry?.oid ?? null, await current(entry));
}

/** The 409 of a stale write (StaleWriteResponse): the head it was found at and the current version. */
export function staleWrite(message: string, commit: string, version: string | null, current: Record<string, unknown> = {}) {
  return conflict(message, { ...current, commit, version });
}

/** The text of a file entry, or null (no entry, a folder or a symbolic link). */
export async function blobText(repo: ProjectRepo, entry: TreeEntry | null): Promise<string | null> {
  if (!entry || entry.type !== 'blob' || entry.mode === '120000') return null;
  return (await repo.readBlobs([entry.oid])).get(entry.oid) ?? '';
}
