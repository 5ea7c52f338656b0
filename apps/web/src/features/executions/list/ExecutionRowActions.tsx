import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { EXECUTION_MESSAGES, type ExecutionDto } from '@stepwise/shared';
import type { MouseEvent, ReactNode } from 'react';
import { canRunNow } from '../logic/threads';

interface Props {
  execution: ExecutionDto;
  onRun: (e: ExecutionDto) => void;
  onEditSchedule: (e: ExecutionDto) => void;
  onDelete: (e: ExecutionDto) => void;
}

function Action({ label, title, disabled, onClick, children }: { label: string; title: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  const click = (ev: MouseEvent) => {
    ev.stopPropagation();
    onClick();
  };
  return (
    <Tooltip title={title}>
      <span onClick={(ev) => ev.stopPropagation()}>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={click}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Run now, edit schedule and delete of one execution in the All view. */
export function ExecutionRowActions({ execution, onRun, onEditSchedule, onDelete }: Props) {
  const runnable = canRunNow(execution.flows) && !execution.running;
  const runTitle = execution.running ? 'Running' : runnable ? 'Run now' : EXECUTION_MESSAGES.allocateThreads;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
      <Action label={`Run now: ${execution.name}`} title={runTitle} disabled={!runnable} onClick={() => onRun(execution)}>
        <PlayArrowOutlinedIcon fontSize="small" />
      </Action>
      <Action label={`Edit schedule: ${execution.name}`} title="Edit schedule" onClick={() => onEditSchedule(execution)}>
        <EventRepeatOutlinedIcon fontSize="small" />
      </Action>
      <Action label={`Delete: ${execution.name}`} title="Delete" onClick={() => onDelete(execution)}>
        <DeleteOutlineIcon fontSize="small" />
      </Action>
    </Stack>
  );
}
