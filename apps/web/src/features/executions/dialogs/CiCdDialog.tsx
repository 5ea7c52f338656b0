import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_SCREENSHOTS, SCREENSHOT_MODES, type ScreenshotMode } from '@stepwise/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppDialog } from '../../../components/AppDialog';
import { CopyButton } from '../../../components/CopyButton';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { ciCommand } from '../logic/commands';
import { envDisplayName } from '../logic/features';
import { TagPicker } from '../planner/TagPicker';
import { useBranchScenarios } from '../planner/use-branch-scenarios';
import { usePlannerSources } from '../planner/use-planner-sources';

interface Props {
  projectId: string;
  isPrivateRepo: boolean;
  branch: string;
  env: string | null;
  onClose: () => void;
}

/** "Execute in CI/CD": the CLI command that runs tagged scenarios of a branch and reports them as one run. */
export function CiCdDialog({ projectId, isPrivateRepo, branch: initialBranch, env: initialEnv, onClose }: Props) {
  const [branch, setBranch] = useState(initialBranch);
  const [env, setEnv] = useState(initialEnv ?? '');
  const [tags, setTags] = useState<string[]>([]);
  const [runName, setRunName] = useState('CI run');
  const [screenshots, setScreenshots] = useState<ScreenshotMode>(DEFAULT_SCREENSHOTS);
  const sources = usePlannerSources(projectId, isPrivateRepo, branch);
  const features = useBranchScenarios({ projectId, isPrivateRepo, branch, env, tags });
  const command = ciCommand({ projectId, branch, env, tags, runName, screenshots });
  return (
    <AppDialog open onClose={onClose} maxWidth="md" aria-labelledby="cicd-title">
      <DialogTitle id="cicd-title">Execute in CI/CD</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Run scenarios locally or in your pipeline with the Stepwise CLI. The results are uploaded as one run and appear under
          Reports.
        </Typography>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={2}>
            <SelectDropdown
              label="Branch"
              value={branch}
              options={sources.branches.map((b) => ({ value: b, label: b }))}
              onChange={(b) => {
                setBranch(b);
                setTags([]);
              }}
            />
            <SelectDropdown label="Environment" value={env} options={sources.environments.map((e) => ({ value: e, label: envDisplayName(e) }))} onChange={setEnv} />
            <TextField size="small" label="Run name" value={runName} onChange={(e) => setRunName(e.target.value)} sx={{ flex: 1 }} />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1 }}>
              <TagPicker options={features.tagOptions} value={tags} loading={features.query.isLoading} onChange={setTags} />
            </Box>
            <SelectDropdown label="Screenshots" value={screenshots} options={SCREENSHOT_MODES} onChange={(v) => setScreenshots(v as ScreenshotMode)} />
          </Stack>
          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2">Command</Typography>
              <CopyButton text={command} ariaLabel="Copy command" />
            </Stack>
            <Box
              component="pre"
              data-testid="cicd-command"
              sx={{ m: 0, p: 2, bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            >
              {command}
            </Box>
          </Box>
          <Alert severity="info">
            Set the environment variable <code>STEPWISE_TOKEN</code> to an access key of this project before running the command (create one
            under{' '}
            <Link component={RouterLink} to={`/${projectId}/settings/access-tokens`} onClick={onClose}>
              Settings › Access tokens
            </Link>
            ; in CI, store it as a secret), and <code>STEPWISE_SERVER</code> to <code>{window.location.origin}</code>.
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
