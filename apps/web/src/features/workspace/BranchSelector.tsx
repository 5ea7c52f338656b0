import AddIcon from '@mui/icons-material/Add';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { DEFAULT_BRANCH } from '@stepwise/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureText } from '../../api/failure-text';
import { useToast } from '../../components/toast/toast-context';
import { CreateBranchDialog } from './CreateBranchDialog';
import { useBranches, useDeleteBranch } from './use-branches';
import { useWorkspace } from './use-workspace';
import { useWriteGuard } from './write-guard';

const NEW_BRANCH = '__new_branch__';

/** Top-bar branch picker with create and delete; the choice is kept per project. */
export function BranchSelector() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const toast = useToast();
  const branches = useBranches().data ?? [ws.branch];
  const remove = useDeleteBranch();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  function select(value: string) {
    if (value !== NEW_BRANCH) return ws.setBranch(value);
    if (guard.canWrite()) setCreating(true);
  }

  return (
    <>
      <FormControl size="small" sx={{ width: 170 }}>
        <InputLabel id="branch-select-label">Branch</InputLabel>
        <Select
          labelId="branch-select-label"
          label="Branch"
          value={branches.includes(ws.branch) ? ws.branch : ''}
          renderValue={(v) => v}
          open={menuOpen}
          onOpen={() => setMenuOpen(true)}
          onClose={() => setMenuOpen(false)}
          onChange={(e) => select(String(e.target.value))}
        >
          {branches.map((b) => (
            <MenuItem key={b} value={b} sx={{ gap: 1 }}>
              <CallSplitIcon fontSize="small" color="action" />
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{b}</span>
              {b !== DEFAULT_BRANCH && (
                <IconButton
                  size="small"
                  aria-label={`Delete branch ${b}`}
                  onMouseDown={(e) => e.stopPropagation()}
                  onClick={(e) => {
                    e.stopPropagation();
                    setMenuOpen(false);
                    if (guard.canWrite()) setDeleting(b);
                  }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              )}
            </MenuItem>
          ))}
          <Divider />
          <MenuItem value={NEW_BRANCH}>
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            Create branch
          </MenuItem>
        </Select>
      </FormControl>
      {creating && (
        <CreateBranchDialog
          branches={branches}
          current={ws.branch}
          onClose={() => setCreating(false)}
          onCreated={(b) => {
            setCreating(false);
            ws.setBranch(b);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete branch"
        message={`Delete the branch ${deleting ?? ''}? Its commits that are not on another branch are lost.`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return true;
          try {
            await remove.mutateAsync(deleting);
          } catch (err) {
            throw new Error(failureText('Failed to delete branch', err), { cause: err });
          }
          if (deleting === ws.branch) ws.setBranch(DEFAULT_BRANCH);
          toast.success(`Branch ${deleting} deleted`);
          return true;
        }}
      />
    </>
  );
}
