import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FeatureNode } from '../features.api';
import { allFolders, depthOfPath, parentPathOf } from '../tree-model';

export interface MoveToFolderPopoverProps {
  node: FeatureNode;
  tree: FeatureNode[];
  anchor: HTMLElement;
  onMove: (destination: string) => Promise<void>;
  onClose: () => void;
}

/** Folder picker for 'Move to folder': 'None' is the root; the destination must differ from the current folder. */
export function MoveToFolderPopover({ node, tree, anchor, onMove, onClose }: MoveToFolderPopoverProps) {
  const current = parentPathOf(node.path);
  const [dest, setDest] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const folders = allFolders(tree).filter((f) => !node.isFolder || (f.path !== node.path && !f.path.startsWith(`${node.path}/`)));
  const options = [{ path: '', label: 'None', depth: 0 }, ...folders.map((f) => ({ path: f.path, label: f.name, depth: depthOfPath(f.path) }))];

  async function move() {
    if (dest === null) return;
    setBusy(true);
    setError(null);
    try {
      await onMove(dest);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <Popover open anchorEl={anchor} onClose={busy ? undefined : onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} slotProps={{ paper: { sx: { width: 552, p: 2 } } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} id="move-title">
        Move {node.isFolder ? 'folder' : 'feature'} {node.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Choose the destination folder.
      </Typography>
      <Box sx={{ maxHeight: 350, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <List dense aria-labelledby="move-title" role="listbox">
          {options.map((o) => (
            <ListItemButton
              key={o.path || '__root__'}
              role="option"
              aria-selected={dest === o.path}
              selected={dest === o.path}
              disabled={o.path === current}
              onClick={() => setDest(o.path)}
              sx={{ pl: 1.5 + Math.max(0, o.depth - 1) * 2 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>{o.path ? <FolderOutlinedIcon fontSize="small" /> : <HomeOutlinedIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={o.label} secondary={o.path === current ? 'Current folder' : undefined} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={move} disabled={busy || dest === null || dest === current}>
          Move
        </Button>
      </Stack>
    </Popover>
  );
}
