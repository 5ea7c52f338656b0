import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import TerminalOutlinedIcon from '@mui/icons-material/TerminalOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import type { LiveInstance } from '../live/live-store';
import { isFinished } from '../logic/status';

interface Props {
  live: LiveInstance;
  name: string;
  onStop: (live: LiveInstance) => void;
  onConsole: (live: LiveInstance) => void;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** Stop, open report and execution console of one live instance. */
export function ActiveActions({ live, name, onStop, onConsole }: Props) {
  const finished = isFinished(live.status);
  const internal = live.reportLink.startsWith('/');
  const report = internal
    ? { component: RouterLink, to: live.reportLink }
    : { href: live.reportLink, target: '_blank', rel: 'noreferrer' };
  return (
    <Stack direction="row" spacing={0.5} onClick={stop}>
      <Tooltip title="Stop execution">
        <span>
          <IconButton size="small" aria-label={`Stop execution: ${name}`} disabled={finished || live.stopping} onClick={() => onStop(live)}>
            <StopCircleOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Open report">
        <span>
          <IconButton size="small" aria-label={`Open report: ${name}`} disabled={!live.reportLink} {...report}>
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Execution console">
        <IconButton size="small" aria-label={`Execution console: ${name}`} onClick={() => onConsole(live)}>
          <TerminalOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
