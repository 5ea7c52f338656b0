import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MAX_FOLDER_DEPTH } from '@stepwise/shared';
import type { ReactNode } from 'react';
import { depthOfPath, type TreeItem } from '../tree-model';

export type NodeAction = 'subfolder' | 'addScenario' | 'rename' | 'move' | 'delete';
type RowItem = Exclude<TreeItem, { kind: 'input' }>;

const ENTRIES: Array<{ action: NodeAction; label: string; icon: ReactNode; kinds: RowItem['kind'][] }> = [
  { action: 'subfolder', label: 'Create sub-folder', icon: <CreateNewFolderOutlinedIcon fontSize="small" />, kinds: ['folder'] },
  { action: 'addScenario', label: 'Add scenario', icon: <AddIcon fontSize="small" />, kinds: ['folder', 'feature'] },
  { action: 'rename', label: 'Rename', icon: <EditOutlinedIcon fontSize="small" />, kinds: ['folder', 'feature', 'scenario'] },
  { action: 'move', label: 'Move to folder', icon: <DriveFileMoveOutlinedIcon fontSize="small" />, kinds: ['folder', 'feature'] },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, kinds: ['folder', 'feature', 'scenario'] },
];

export interface NodeMenuProps {
  item: RowItem | null;
  anchor: HTMLElement | null;
  onClose: () => void;
  onAction: (action: NodeAction, item: RowItem) => void;
}

/** Context menu of a tree row; 'Create sub-folder' is hidden at the deepest folder level. */
export function NodeMenu({ item, anchor, onClose, onAction }: NodeMenuProps) {
  const entries = item
    ? ENTRIES.filter((e) => e.kinds.includes(item.kind)).filter((e) => !(e.action === 'subfolder' && item.kind === 'folder' && depthOfPath(item.node.path) >= MAX_FOLDER_DEPTH))
    : [];
  return (
    <Menu open={!!item && !!anchor} anchorEl={anchor} onClose={onClose} slotProps={{ list: { 'aria-label': 'Tree actions', dense: true } }}>
      {entries.map((e) => (
        <MenuItem
          key={e.action}
          onClick={() => {
            onClose();
            if (item) onAction(e.action, item);
          }}
          sx={e.action === 'delete' ? { color: 'error.main' } : undefined}
        >
          <ListItemIcon sx={e.action === 'delete' ? { color: 'error.main' } : undefined}>{e.icon}</ListItemIcon>
          <ListItemText>{e.action === 'rename' && item?.kind === 'scenario' ? 'Edit scenario' : e.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
