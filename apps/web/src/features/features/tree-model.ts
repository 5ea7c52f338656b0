import type { FeatureNodeDto, ScenarioDto } from '@stepwise/shared';

export type TreeItem =
  | { kind: 'folder'; id: string; depth: number; node: FeatureNodeDto; hasChildren: boolean }
  | { kind: 'feature'; id: string; depth: number; node: FeatureNodeDto; hasChildren: boolean }
  | { kind: 'scenario'; id: string; depth: number; feature: FeatureNodeDto; index: number; scenario: ScenarioDto }
  | { kind: 'input'; id: string; depth: number; parentPath: string; renaming: FeatureNodeDto | null };

/** An inline folder name being typed: a new folder under `parentPath`, or a rename of `renaming`. */
export interface InlineEdit {
  parentPath: string;
  renaming: FeatureNodeDto | null;
}

export const folderId = (path: string) => `d:${path}`;
export const featureId = (path: string) => `f:${path}`;
export const scenarioId = (path: string, index: number) => `s:${path}#${index}`;

export function parentPathOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

/** Number of path levels: '' is 0, 'a' is 1, 'a/b' is 2. */
export const depthOfPath = (path: string) => (path ? path.split('/').length : 0);

export function findNode(nodes: FeatureNodeDto[], path: string): FeatureNodeDto | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    if (n.isFolder && n.children && path.startsWith(`${n.path}/`)) return findNode(n.children, path);
  }
  return undefined;
}

export function childrenAt(nodes: FeatureNodeDto[], folderPath: string): FeatureNodeDto[] {
  if (!folderPath) return nodes;
  return findNode(nodes, folderPath)?.children ?? [];
}

export function allFeatures(nodes: FeatureNodeDto[], out: FeatureNodeDto[] = []): FeatureNodeDto[] {
  for (const n of nodes) {
    if (n.isFolder) allFeatures(n.children ?? [], out);
    else out.push(n);
  }
  return out;
}

export function allFolders(nodes: FeatureNodeDto[], out: FeatureNodeDto[] = []): FeatureNodeDto[] {
  for (const n of nodes) {
    if (!n.isFolder) continue;
    out.push(n);
    allFolders(n.children ?? [], out);
  }
  return out;
}

/** Ids of the folders and feature on the way to `path` (to expand them). */
export function ancestorIds(path: string, isFeature: boolean): string[] {
  const parts = path.split('/');
  const ids: string[] = [];
  for (let i = 1; i < parts.length; i++) ids.push(folderId(parts.slice(0, i).join('/')));
  ids.push(isFeature ? featureId(path) : folderId(path));
  return ids;
}
