import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { flattenTree } from '../tree-flatten';
import { childrenAt, folderId, type InlineEdit, type TreeItem } from '../tree-model';
import { useTreeActions } from '../use-tree-actions';
import { FeatureTree } from './FeatureTree';
import { type NodeAction, NodeMenu } from './NodeMenu';
import { TreeInputRow } from './TreeInputRow';
import { useNavigatorDialogs } from './use-navigator-dialogs';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;

export interface NavigatorProps {
  tree: FeatureNode[];
  /** Every tag of the branch (offered in the edit-scenario dialog). */
  allTags: string[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string, open?: boolean) => void;
  filter: string;
  selectedId: string | null;
  onSelect: (item: RowItem) => void;
  onAddScenario: (target: { folder: string; feature: string | null }) => void;
  onPathChanged: (oldPath: string, newPath: string | null) => void;
}

/** Left panel of the Features page: folders, features and scenarios with their actions. */
export function Navigator({ tree, allTags, expanded, onToggle, filter, selectedId, onSelect, onAddScenario, onPathChanged }: NavigatorProps) {
  const guard = useWriteGuard();
  const actions = useTreeActions();
  const dialogs = useNavigatorDialogs(tree, allTags, onPathChanged);
  const [inline, setInline] = useState<InlineEdit | null>(null);
  const [menu, setMenu] = useState<{ item: RowItem; anchor: HTMLElement; open: boolean } | null>(null);
  const items = useMemo(() => flattenTree(tree, expanded, filter, inline), [tree, expanded, filter, inline]);
  const filtering = filter.trim() !== '';

  function startFolder(parentPath: string) {
    if (!guard.canWrite()) return;
    if (parentPath) onToggle(folderId(parentPath), true);
    setInline({ parentPath, renaming: null });
  }

  function act(action: NodeAction, item: RowItem) {
    if (action === 'addScenario') {
      if (item.kind === 'folder') return onAddScenario({ folder: item.node.path, feature: null });
      if (item.kind === 'feature') return onAddScenario({ folder: item.node.parents.join('/'), feature: item.node.path });
      return;
    }
    if (!guard.canWrite()) return;
    if (action === 'subfolder' && item.kind === 'folder') startFolder(item.node.path);
    else if (action === 'delete') dialogs.startDelete(item);
    else if (action === 'move' && item.kind !== 'scenario') dialogs.startMove(item.node, menu?.anchor ?? document.body);
    else if (action === 'rename' && item.kind === 'folder') setInline({ parentPath: item.node.parents.join('/'), renaming: item.node });
    else if (action === 'rename' && item.kind === 'feature') dialogs.startRenameFeature(item.node);
    else if (action === 'rename' && item.kind === 'scenario') dialogs.startEditScenario(item);
  }

  const renderInput = (item: Extract<TreeItem, { kind: 'input' }>) => {
    const siblings = childrenAt(tree, item.parentPath).filter((n) => n.isFolder).map((n) => n.name);
    const renaming = item.renaming;
    return (
      <TreeInputRow
        key={item.id}
        depth={item.depth}
        initial={renaming?.name ?? ''}
        siblings={siblings}
        renaming={!!renaming}
        onCancel={() => setInline(null)}
        onSave={async (name) => {
          if (renaming) {
            await actions.renameFolder(renaming, name);
            onPathChanged(renaming.path, item.parentPath ? `${item.parentPath}/${name}` : name);
          } else {
            await actions.createFolder(item.parentPath, name);
          }
          setInline(null);
        }}
      />
    );
  };

  return (
    <Box component="section" aria-label="Navigator" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Features
        </Typography>
        <Tooltip title="Add folder">
          <IconButton aria-label="Add folder" onClick={() => startFolder('')} >
            <CreateNewFolderOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Add scenario">
          <IconButton aria-label="Add scenario" onClick={() => onAddScenario({ folder: '', feature: null })} data-tour="add-scenario">
            <NoteAddOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {!filtering && items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          No folders or features yet.
        </Typography>
      ) : filtering && items.length === 0 ? (
        <Stack role="status" spacing={1} sx={{ alignItems: 'center', py: 6, color: 'text.secondary' }}>
          <SearchOffIcon />
          <Typography>No results found</Typography>
        </Stack>
      ) : (
        <FeatureTree
          items={items}
          expanded={expanded}
          selectedId={selectedId}
          filtering={filtering}
          renderInput={renderInput}
          onActivate={onSelect}
          onToggle={(item) => onToggle(item.id)}
          onMenu={(item, anchor) => setMenu({ item, anchor, open: true })}
        />
      )}
      <NodeMenu item={menu?.open ? menu.item : null} anchor={menu?.anchor ?? null} onClose={() => setMenu((m) => (m ? { ...m, open: false } : null))} onAction={act} />
      {dialogs.dialog}
    </Box>
  );
}
