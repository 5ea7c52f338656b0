import { MAX_FOLDER_DEPTH, WS_MSG } from '@stepwise/shared';
import { badRequest, notFound } from '../http/errors.ts';
import { childrenOf, depthOf, filesUnder, keepFolder, relToFeatures, requireFolder } from './feature-paths.ts';
import type { FileChange } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';

export interface Move {
  /** Repository paths: 'features/a/b' -> 'features/c/b'. */
  from: string;
  to: string;
  isFeature: boolean;
  /** A rename keeps the parent folder; a move takes the item out of it. */
  renaming: boolean;
  oldName: string;
}

const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/'));
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The changes that move a folder (all its files, blobs reused) or a feature, refusing to overwrite. */
export async function moveChanges(repo: ProjectRepo, head: string, move: Move): Promise<FileChange[]> {
  const source = await repo.entryAt(head, move.from);
  if (move.isFeature ? source?.type !== 'blob' : source?.type !== 'tree') {
    throw notFound(move.isFeature ? WS_MSG.featureNotFound : WS_MSG.folderNotFound);
  }
  const destParent = parentOf(move.to);
  await requireFolder(repo, head, destParent);
  const wanted = baseOf(move.to).toLowerCase();
  const clash = (await childrenOf(repo, head, destParent)).some((e) => e.path.toLowerCase() === wanted && `${destParent}/${e.path}` !== move.from);
  if (clash) throw badRequest(move.isFeature ? WS_MSG.featureExists : WS_MSG.folderExists);
  const files = move.isFeature ? [source!] : await filesUnder(repo, head, move.from);
  if (!move.isFeature) {
    const deepest = Math.max(0, ...files.map((f) => f.path.slice(move.from.length + 1).split('/').length - 1));
    if (depthOf(relToFeatures(move.to)) + deepest > MAX_FOLDER_DEPTH) throw badRequest(WS_MSG.folderTooDeep);
  }
  const changes: FileChange[] = [];
  for (const f of files) {
    changes.push({ path: f.path, content: null });
    changes.push({ path: move.to + f.path.slice(move.from.length), content: null, oid: f.oid, mode: f.mode });
  }
  if (!move.renaming) changes.push(...(await keepFolder(repo, head, parentOf(move.from), files.map((f) => f.path))));
  return changes;
}
