import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EXECUTION_MESSAGES, type ScreenshotMode } from '@stepwise/shared';
import { Link as RouterLink } from 'react-router';
import { SelectDropdown } from '../../../components/SelectDropdown';
import { envDisplayName } from '../logic/features';
import { AI_RECOVERY_HELP, AI_RECOVERY_LABEL } from '../planner/AiRecoverySwitch';
import { ScreenshotsChip } from './ScreenshotsChip';

interface Props {
  listPath: string;
  name: string;
  schedule: string;
  branch: string;
  env: string;
  environments: string[];
  canRun: boolean;
  running: boolean;
  saving: boolean;
  dirty: boolean;
  aiRecovery: boolean;
  onAiRecovery: (on: boolean) => void;
  screenshots: ScreenshotMode;
  onScreenshots: (mode: ScreenshotMode) => void;
  onEnv: (env: string) => void;
  onEditSchedule: () => void;
  onRun: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/** Back link, name, schedule label (click to edit), branch, AI recovery, screenshots, environment, Run now, Cancel and Save. */
export function DetailHeader(p: Props) {
  const envs = p.environments.includes(p.env) || !p.env ? p.environments : [p.env, ...p.environments];
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Link component={RouterLink} to={p.listPath} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, width: 'fit-content' }}>
        <ArrowBackIcon fontSize="small" /> Executions
      </Link>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Stack spacing={1}>
          <Typography variant="h4" component="h1">
            {p.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Tooltip title="Edit schedule">
              <Chip icon={<EventRepeatOutlinedIcon />} label={p.schedule} onClick={p.onEditSchedule} variant="outlined" aria-label={`Schedule: ${p.schedule}`} />
            </Tooltip>
            <Chip icon={<CallSplitIcon />} label={p.branch} variant="outlined" aria-label={`Branch: ${p.branch}`} />
            <ScreenshotsChip value={p.screenshots} onChange={p.onScreenshots} />
            <Tooltip title={AI_RECOVERY_HELP} describeChild>
              <FormControlLabel
                control={<Switch size="small" checked={p.aiRecovery} onChange={(e) => p.onAiRecovery(e.target.checked)} />}
                label={`${AI_RECOVERY_LABEL} ${p.aiRecovery ? 'on' : 'off'}`}
                data-testid="ai-recovery-state"
                sx={{ ml: 0.5, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
              />
            </Tooltip>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <SelectDropdown label="Environment" value={p.env} options={envs.map((e) => ({ value: e, label: envDisplayName(e) }))} onChange={p.onEnv} minWidth={180} />
          <Tooltip title={p.canRun ? (p.running ? 'Running' : 'Run now') : EXECUTION_MESSAGES.allocateThreads}>
            <span>
              <Button variant="outlined" startIcon={<PlayArrowIcon />} disabled={!p.canRun || p.running || p.saving} onClick={p.onRun}>
                Run now
              </Button>
            </span>
          </Tooltip>
          <Button color="inherit" onClick={p.onCancel} disabled={p.saving}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={p.onSave}
            disabled={p.saving || !p.dirty}
            startIcon={p.saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {p.saving ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
