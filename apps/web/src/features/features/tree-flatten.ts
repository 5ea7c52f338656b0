import type { FeatureNode } from './features.api';
import { featureId, folderId, type InlineEdit, scenarioId, type TreeItem } from './tree-model';

const matches = (text: string, filter: string) => text.toLowerCase().includes(filter);

/** Whether a node, or anything under it, matches the filter. */
function hasMatch(node: FeatureNode, filter: string): boolean {
  if (matches(node.name, filter) || (node.featureName && matches(node.featureName, filter))) return true;
  if (node.isFolder) return (node.children ?? []).some((c) => hasMatch(c, filter));
  return (node.scenarios ?? []).some((s) => matches(s.name, filter));
}

/**
 * The visible rows of the tree, in order. With a filter, only matching nodes and their ancestors
 * show, expanded; a matching folder or feature shows all it holds.
 */
export function flattenTree(nodes: FeatureNode[], expanded: ReadonlySet<string>, rawFilter: string, inline: InlineEdit | null): TreeItem[] {
  const filter = rawFilter.trim().toLowerCase();
  const out: TreeItem[] = [];
  const input = (parentPath: string, depth: number): TreeItem => ({ kind: 'input', id: `input:${parentPath}`, depth, parentPath, renaming: null });
  if (inline && !inline.renaming && inline.parentPath === '') out.push(input('', 0));

  const walk = (list: FeatureNode[], depth: number, showAll: boolean) => {
    for (const node of list) {
      const selfMatch = !!filter && (matches(node.name, filter) || (!!node.featureName && matches(node.featureName, filter)));
      if (filter && !showAll && !hasMatch(node, filter)) continue;
      const open = filter ? true : expanded.has(node.isFolder ? folderId(node.path) : featureId(node.path));
      if (node.isFolder) {
        if (inline?.renaming?.path === node.path) {
          out.push({ kind: 'input', id: `rename:${node.path}`, depth, parentPath: inline.parentPath, renaming: node });
        } else {
          out.push({ kind: 'folder', id: folderId(node.path), depth, node, hasChildren: (node.children?.length ?? 0) > 0 });
        }
        const creatingHere = inline && !inline.renaming && inline.parentPath === node.path;
        if (creatingHere) out.push(input(node.path, depth + 1));
        if (open || creatingHere) walk(node.children ?? [], depth + 1, showAll || selfMatch);
        continue;
      }
      const scenarios = node.scenarios ?? [];
      out.push({ kind: 'feature', id: featureId(node.path), depth, node, hasChildren: scenarios.length > 0 });
      if (!open) continue;
      scenarios.forEach((scenario, index) => {
        if (filter && !showAll && !selfMatch && !matches(scenario.name, filter)) return;
        out.push({ kind: 'scenario', id: scenarioId(node.path, index), depth: depth + 1, feature: node, index, scenario });
      });
    }
  };
  walk(nodes, 0, false);
  return out;
}
