import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParamWriter } from '../../lib/use-search-param-writer';
import { useWorkspace } from '../workspace/use-workspace';
import { updateLastActiveWorkspace, type FeatureList, type FeatureNode } from './features.api';
import { featurePathOf, readSelection, scenarioIndexOf, selectionParams } from './feature-selection';
import { ancestorIds, featureId, findNode, folderId, scenarioId } from './tree-model';

/** The selected folder, feature and scenario, kept in the URL; tree expansion follows it. */
export function useFeatureSelection(list: FeatureList | undefined) {
  const { ref } = useWorkspace();
  const [params, setParam, updateParams] = useSearchParamWriter();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const tree = useMemo(() => list?.foldersAndFeatures ?? [], [list]);
  const sel = readSelection(params);
  const path = featurePathOf(sel);
  const node = path ? findNode(tree, path) : undefined;
  const feature: FeatureNode | undefined = node && !node.isFolder ? node : undefined;
  const scenarioIndex = feature ? scenarioIndexOf(sel, (feature.scenarios ?? []).map((s) => s.name)) : null;
  const selectedId = feature ? (scenarioIndex !== null ? scenarioId(feature.path, scenarioIndex) : featureId(feature.path)) : sel.folder ? folderId(sel.folder) : null;

  const expand = useCallback((ids: string[]) => setExpanded((prev) => (ids.every((id) => prev.has(id)) ? prev : new Set([...prev, ...ids]))), []);
  const toggle = useCallback((id: string, open?: boolean) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !prev.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const select = useCallback(
    (newPath: string | null, scenario: number | null, folderOnly?: string) => updateParams((p) => selectionParams(p, newPath, scenario, folderOnly), { replace: false }),
    [updateParams],
  );

  // No selection in the link: open the last active one of this branch.
  const restored = useRef(false);
  useEffect(() => {
    if (!list || restored.current) return;
    restored.current = true;
    if (!path && !sel.folder && list.lastActiveFeature && findNode(tree, list.lastActiveFeature)) {
      updateParams((p) => selectionParams(p, list.lastActiveFeature, list.lastActiveScenarioIndex), { replace: true });
    }
  }, [list, tree, path, sel.folder, updateParams]);

  useEffect(() => {
    if (path && feature) expand(ancestorIds(path, true));
    else if (sel.folder && findNode(tree, sel.folder)) expand(ancestorIds(sel.folder, false));
  }, [path, feature, sel.folder, tree, expand]);

  const folder = feature ? feature.parents.join('/') : sel.folder;
  useEffect(() => {
    if (!list) return;
    updateLastActiveWorkspace(ref, { featureIndex: null, scenarioIndex, lastActiveFolder: folder || null, lastActiveFeature: feature?.path ?? null }).catch(() => {});
  }, [ref, list, scenarioIndex, folder, feature?.path]);

  /** Keeps the selection on a renamed or moved node, or clears it when the node was deleted. */
  const onPathChanged = useCallback(
    (oldPath: string, newPath: string | null) => {
      const current = path ?? sel.folder;
      if (!current || (current !== oldPath && !current.startsWith(`${oldPath}/`))) return;
      if (newPath === null) return updateParams((p) => selectionParams(p, null, null), { replace: true });
      const moved = newPath + current.slice(oldPath.length);
      updateParams((p) => (path ? selectionParams(p, moved, scenarioIndex) : selectionParams(p, null, null, moved)), { replace: true });
    },
    [path, sel.folder, scenarioIndex, updateParams],
  );

  return { params, setParam, tree, feature, scenarioIndex, selectedId, folder, expanded, toggle, select, onPathChanged };
}
