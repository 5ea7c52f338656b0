import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotesIcon from '@mui/icons-material/Notes';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { stripFeatureExt } from '@stepwise/shared';
import { type KeyboardEvent, memo, type MouseEvent } from 'react';
import type { TreeItem } from '../tree-model';

type RowItem = Exclude<TreeItem, { kind: 'input' }>;

export interface TreeRowProps {
  item: RowItem;
  expanded: boolean;
  selected: boolean;
  /** Reachable with Tab when nothing is selected. */
  focusable?: boolean;
  onActivate: (item: RowItem) => void;
  onToggle: (item: RowItem) => void;
  onMenu: (item: RowItem, anchor: HTMLElement) => void;
}

export function rowLabel(item: RowItem): string {
  if (item.kind === 'scenario') return item.scenario.name || 'Untitled scenario';
  return item.kind === 'feature' ? stripFeatureExt(item.node.name) : item.node.name;
}

const ICONS = { folder: FolderOutlinedIcon, feature: DescriptionOutlinedIcon, scenario: NotesIcon };

/**
 * One row of the navigator tree (folder, feature or scenario). Memoised: while the tree scrolls, the
 * rows already in view are not drawn again, only the ones scrolled in (bench:web).
 */
export const TreeRow = memo(function TreeRow({ item, expanded, selected, focusable, onActivate, onToggle, onMenu }: TreeRowProps) {
  const label = rowLabel(item);
  const expandable = item.kind !== 'scenario' && item.hasChildren;
  const Icon = ICONS[item.kind];
  const parseError = item.kind === 'feature' && item.node.parseError;

  function keyDown(e: KeyboardEvent<HTMLDivElement>) {
    const row = e.currentTarget;
    if (e.key === 'Enter' || e.key === ' ') onActivate(item);
    else if (e.key === 'ArrowRight' && expandable && !expanded) onToggle(item);
    else if (e.key === 'ArrowLeft' && expandable && expanded) onToggle(item);
    else if (e.key === 'ArrowDown') (row.parentElement?.nextElementSibling?.firstElementChild as HTMLElement | null)?.focus();
    else if (e.key === 'ArrowUp') (row.parentElement?.previousElementSibling?.firstElementChild as HTMLElement | null)?.focus();
    else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) onMenu(item, row);
    else return;
    e.preventDefault();
  }

  return (
    <Box
      role="treeitem"
      aria-level={item.depth + 1}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected}
      aria-label={label}
      tabIndex={selected || focusable ? 0 : -1}
      data-kind={item.kind}
      onClick={() => onActivate(item)}
      onKeyDown={keyDown}
      onContextMenu={(e: MouseEvent<HTMLDivElement>) => {
        e.preventDefault();
        onMenu(item, e.currentTarget);
      }}
      sx={{
        height: 32,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1 + item.depth * 2,
        pr: 0.5,
        cursor: 'pointer',
        borderRadius: 1,
        bgcolor: selected ? 'rgba(47,93,138,0.12)' : 'transparent',
        '&:hover': { bgcolor: selected ? 'rgba(47,93,138,0.16)' : 'action.hover' },
        '&:hover .row-actions, &:focus-within .row-actions': { visibility: 'visible' },
        outlineOffset: -2,
      }}
    >
      <Box
        sx={{ width: 20, display: 'flex', color: 'text.secondary' }}
        onClick={(e) => {
          if (!expandable) return;
          e.stopPropagation();
          onToggle(item);
        }}
      >
        {expandable && (expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />)}
      </Box>
      <Icon fontSize="small" sx={{ color: item.kind === 'folder' ? 'primary.main' : 'text.secondary' }} />
      <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: item.kind === 'scenario' ? 400 : 500 }} title={label}>
        {label}
      </Typography>
      {parseError && <ErrorOutlinedIcon fontSize="small" color="error" titleAccess="This feature does not parse" />}
      <IconButton
        className="row-actions"
        size="small"
        aria-label={`Actions for ${label}`}
        sx={{ visibility: selected ? 'visible' : 'hidden' }}
        onClick={(e) => {
          e.stopPropagation();
          onMenu(item, e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    </Box>
  );
});
