import type { CompactScenarioDto } from '@stepwise/shared';
import type { FeatureNode } from './features.api';

export type TreeItem =
  | { kind: 'folder'; id: string; depth: number; node: FeatureNode; hasChildren: boolean }
  | { kind: 'feature'; id: string; depth: number; node: FeatureNode; hasChildren: boolean }
  | { kind: 'scenario'; id: string; depth: number; feature: FeatureNode; index: number; scenario: CompactScenarioDto }
  | { kind: 'input'; id: string; depth: number; parentPath: string; renaming: FeatureNode | null };

/** An inline folder name being typed: a new folder under `parentPath`, or a rename of `renaming`. */
export interface InlineEdit {
  parentPath: string;
  renaming: FeatureNode | null;
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

export function findNode(nodes: FeatureNode[], path: string): FeatureNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    if (n.isFolder && n.children && path.startsWith(`${n.path}/`)) return findNode(n.children, path);
  }
  return undefined;
}

export function childrenAt(nodes: FeatureNode[], folderPath: string): FeatureNode[] {
  if (!folderPath) return nodes;
  return findNode(nodes, folderPath)?.children ?? [];
}

export function allFeatures(nodes: FeatureNode[], out: FeatureNode[] = []): FeatureNode[] {
  for (const n of nodes) {
    if (n.isFolder) allFeatures(n.children ?? [], out);
    else out.push(n);
  }
  return out;
}

export function allFolders(nodes: FeatureNode[], out: FeatureNode[] = []): FeatureNode[] {
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
