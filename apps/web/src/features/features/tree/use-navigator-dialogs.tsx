import { featureRenameError, stripFeatureExt } from '@stepwise/shared';
import { type ReactNode, useState } from 'react';
import type { FeatureNode } from '../features.api';
import { EditScenarioDialog } from '../scenario/EditScenarioDialog';
import { childrenAt, parentPathOf, type TreeItem } from '../tree-model';
import { useTreeActions } from '../use-tree-actions';
import { DeleteNodeDialog, type DeleteTarget } from './DeleteNodeDialog';
import { MoveToFolderPopover } from './MoveToFolderPopover';
import { NameDialog } from './NameDialog';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;
type Open =
  | { kind: 'move'; node: FeatureNode; anchor: HTMLElement }
  | { kind: 'delete'; target: DeleteTarget; run: () => Promise<void> }
  | { kind: 'renameFeature'; node: FeatureNode }
  | { kind: 'editScenario'; item: Extract<RowItem, { kind: 'scenario' }> }
  | null;

/** Move, delete, rename and edit-scenario dialogs of the navigator; `onPathChanged` keeps the selection on moved or deleted nodes. */
export function useNavigatorDialogs(tree: FeatureNode[], allTags: string[], onPathChanged: (oldPath: string, newPath: string | null) => void) {
  const actions = useTreeActions();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const newPath = (dest: string, name: string) => (dest ? `${dest}/${name}` : name);

  function startDelete(item: RowItem) {
    if (item.kind === 'folder') {
      setOpen({ kind: 'delete', target: { kind: 'folder', name: item.node.name }, run: () => actions.deleteFolder(item.node).then(() => onPathChanged(item.node.path, null)) });
    } else if (item.kind === 'feature') {
      setOpen({ kind: 'delete', target: { kind: 'feature', name: item.node.name }, run: () => actions.deleteFeature(item.node).then(() => onPathChanged(item.node.path, null)) });
    } else {
      const lastOne = (item.feature.scenarios?.length ?? 0) <= 1;
      setOpen({
        kind: 'delete',
        target: { kind: 'scenario', name: item.scenario.name, featureName: item.feature.name, lastOne },
        run: () => actions.deleteScenario(item.feature, item.index).then((deleted) => {
          if (deleted) onPathChanged(item.feature.path, lastOne ? null : item.feature.path);
        }),
      });
    }
  }

  let dialog: ReactNode = null;
  if (open?.kind === 'move') {
    const node = open.node;
    dialog = (
      <MoveToFolderPopover
        node={node}
        tree={tree}
        anchor={open.anchor}
        onClose={close}
        onMove={async (dest) => {
          await actions.move(node, dest);
          close();
          onPathChanged(node.path, newPath(dest, node.name));
        }}
      />
    );
  } else if (open?.kind === 'delete') {
    dialog = <DeleteNodeDialog target={open.target} onConfirm={open.run} onClose={close} />;
  } else if (open?.kind === 'renameFeature') {
    const node = open.node;
    const siblings = childrenAt(tree, parentPathOf(node.path)).filter((n) => !n.isFolder).map((n) => n.name);
    dialog = (
      <NameDialog
        title="Edit feature"
        label="Feature name"
        initial={stripFeatureExt(node.name)}
        validate={(v) => featureRenameError(node.name, v, siblings)}
        onClose={close}
        onSave={async (v) => {
          await actions.renameFeature(node, v);
          close();
          onPathChanged(node.path, newPath(parentPathOf(node.path), `${v}.feature`));
        }}
      />
    );
  } else if (open?.kind === 'editScenario') {
    dialog = <EditScenarioDialog feature={open.item.feature} index={open.item.index} allTags={allTags} onClose={close} />;
  }

  return {
    dialog,
    startMove: (node: FeatureNode, anchor: HTMLElement) => setOpen({ kind: 'move', node, anchor }),
    startDelete,
    startRenameFeature: (node: FeatureNode) => setOpen({ kind: 'renameFeature', node }),
    startEditScenario: (item: Extract<RowItem, { kind: 'scenario' }>) => setOpen({ kind: 'editScenario', item }),
  };
}
