import { stripFeatureExt, WS_MSG } from '@stepwise/shared';
import { badRequest, notFound } from '../http/errors.ts';
import type { FileChange, TreeEntry } from './git-repo.ts';
import type { ProjectRepo } from './project-repo.ts';
import { safeRelativePath, workspacePath } from './safe-path.ts';

export const KEEP_FILE = '.gitkeep';

/** features/<parentPath>, with the parent path checked (400 for '..', absolute paths, NUL...). */
export const featureFolder = (parentPath: string) => workspacePath('features', parentPath);

/** One path segment (a file or folder name): 400 when it holds '/', '..' or other unsafe text. */
export function segment(name: string): string {
  const safe = safeRelativePath(name.trim());
  if (safe.includes('/')) throw badRequest(WS_MSG.invalidPath);
  return safe;
}

/** 'Login' or 'Login.feature' -> 'Login.feature'. */
export const featureFileName = (name: string) => `${segment(stripFeatureExt(name.trim()))}.feature`;

/** 'features/a/b.feature' -> 'a/b.feature'. */
export const relToFeatures = (p: string) => (p === 'features' ? '' : p.replace(/^features\//, ''));

export const depthOf = (relPath: string) => (relPath ? relPath.split('/').length : 0);

/** Direct children of a folder (files and folders). */
export async function childrenOf(repo: ProjectRepo, head: string, folder: string): Promise<TreeEntry[]> {
  return (await repo.listFolder(head, folder)).map((e) => ({ ...e, path: e.path.slice(folder.length + 1) }));
}

/** 404 unless `folder` is a folder at `head` (the features root always counts). */
export async function requireFolder(repo: ProjectRepo, head: string, folder: string): Promise<void> {
  if (folder === 'features') return;
  const entry = await repo.entryAt(head, folder);
  if (!entry || entry.type !== 'tree') throw notFound(WS_MSG.folderNotFound);
}

/** 400 when an entry on the way to `filePath` is a file or a symbolic link (a folder cannot be one). */
export async function requireFolderChain(repo: ProjectRepo, head: string, filePath: string): Promise<void> {
  const parts = filePath.split('/');
  for (let i = 1; i < parts.length; i++) {
    const entry = await repo.entryAt(head, parts.slice(0, i).join('/'));
    if (!entry) return;
    if (entry.mode === '120000') throw badRequest(WS_MSG.symlinkRefused);
    if (entry.type !== 'tree') throw badRequest(WS_MSG.invalidPath);
  }
}

/** Every blob under `folder`, recursively. */
export async function filesUnder(repo: ProjectRepo, head: string, folder: string): Promise<TreeEntry[]> {
  return (await repo.lsTree(head, folder)).filter((e) => e.path.startsWith(`${folder}/`));
}

/**
 * A .gitkeep for `folder` when `removed` empties it, so that deleting or moving out its last file
 * leaves the folder in the tree.
 */
export async function keepFolder(repo: ProjectRepo, head: string, folder: string, removed: string[]): Promise<FileChange[]> {
  const gone = new Set(removed);
  const left = (await filesUnder(repo, head, folder)).filter((e) => !gone.has(e.path));
  return left.length === 0 ? [{ path: `${folder}/${KEEP_FILE}`, content: '' }] : [];
}
