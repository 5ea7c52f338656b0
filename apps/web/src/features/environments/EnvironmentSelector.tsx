import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { failureText } from '../../api/failure-text';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/toast-context';
import { useWorkspace } from '../workspace/use-workspace';
import { useWriteGuard } from '../workspace/write-guard';
import { openEnvironmentDialog } from './env-dialog-store';
import type { Environment } from './environments.api';
import { useEnvironmentMutations, useEnvironments, useSelectEnvironment } from './use-environments';

const NEW_ENV = '__new_env__';

/** Top-bar environment picker with create, edit and delete. */
export function EnvironmentSelector() {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const toast = useToast();
  const envs = useEnvironments().data?.allEnv ?? [];
  const select = useSelectEnvironment();
  const { remove } = useEnvironmentMutations();
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const value = envs.some((e) => e.name === ws.env) ? ws.env! : '';

  const action = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    setMenuOpen(false);
    if (guard.canWrite()) fn();
  };

  return (
    <>
      <FormControl size="small" sx={{ width: 190 }} data-tour="environment">
        <InputLabel id="env-select-label">Environment</InputLabel>
        <Select
          labelId="env-select-label"
          label="Environment"
          value={value}
          open={menuOpen}
          onOpen={() => setMenuOpen(true)}
          onClose={() => setMenuOpen(false)}
          renderValue={(v) => v}
          onChange={(e) => {
            const v = String(e.target.value);
            if (v !== NEW_ENV) return select(v);
            if (guard.canWrite()) openEnvironmentDialog();
          }}
        >
          {envs.map((env) => (
            <MenuItem key={env.name} value={env.name} sx={{ gap: 0.5 }} title={env.baseUrl}>
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{env.name}</span>
              <IconButton size="small" aria-label={`Edit environment ${env.name}`} onMouseDown={(e) => e.stopPropagation()} onClick={action(() => openEnvironmentDialog({ editing: env }))}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Delete environment ${env.name}`} onMouseDown={(e) => e.stopPropagation()} onClick={action(() => setDeleting(env))}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </MenuItem>
          ))}
          {envs.length > 0 && <Divider />}
          <MenuItem value={NEW_ENV}>
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            Create environment
          </MenuItem>
        </Select>
      </FormControl>
      <ConfirmDialog
        open={!!deleting}
        title="Delete environment"
        message={`Delete the environment ${deleting?.name ?? ''} (${deleting?.baseUrl ?? ''})? Its test data rows stay but no longer apply.`}
        confirmText="Delete"
        retryText="Retry"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return true;
          try {
            await remove.mutateAsync(deleting.name);
          } catch (err) {
            throw new Error(failureText('Failed to delete environment', err), { cause: err });
          }
          if (deleting.name === ws.env) select(envs.find((e) => e.name !== deleting.name)?.name ?? null);
          toast.success('Environment deleted');
          return true;
        }}
      />
    </>
  );
}
