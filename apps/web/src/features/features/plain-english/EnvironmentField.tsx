import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { openEnvironmentDialog } from '../../environments/env-dialog-store';
import { useEnvironments, useSelectEnvironment } from '../../environments/use-environments';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';

/** The environment the steps are tried at: the top bar's selection, changed here for both. */
export function EnvironmentField({ env, touched }: { env: string | null; touched: boolean }) {
  const { branch } = useWorkspace();
  const guard = useWriteGuard();
  const envs = useEnvironments();
  const select = useSelectEnvironment();
  const all = envs.data?.allEnv ?? [];
  const create = () => guard.canWrite() && openEnvironmentDialog({ editing: null });

  if (envs.isSuccess && all.length === 0) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" startIcon={<AddIcon />} onClick={create}>
            Create environment
          </Button>
        }
      >
        The steps are tried in your application, and this branch has no environment yet: create one with its address first.
      </Alert>
    );
  }
  const current = all.find((e) => e.name === env);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <SelectDropdown
        label="Environment"
        value={current?.name ?? ''}
        options={all.map((e) => ({ value: e.name, label: e.name }))}
        onChange={(name) => select(name)}
        placeholder="Choose an environment"
        size="medium"
        minWidth={220}
      />
      <Typography variant="body2" color={!current && touched ? 'error' : 'text.secondary'} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {current ? `Tried at ${current.baseUrl}, saved on branch ${branch}` : 'Choose an environment first'}
      </Typography>
    </Stack>
  );
}
