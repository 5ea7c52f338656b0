import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { EXECUTION_MESSAGES, type ExecutionDto } from '@stepwise/shared';

interface Props {
  execution: ExecutionDto;
  busy: boolean;
  onChange: (enabled: boolean) => void;
}

/** On: schedule; off: deschedule. Disabled without a schedule ("Schedule is required") and while updating. */
export function EnabledToggle({ execution, busy, onChange }: Props) {
  const noSchedule = !execution.schedule;
  const toggle = (
    <Switch
      checked={execution.enabled}
      disabled={noSchedule || busy}
      onChange={(e) => onChange(e.target.checked)}
      onClick={(e) => e.stopPropagation()}
      slotProps={{ input: { 'aria-label': `Enabled: ${execution.name}` } }}
    />
  );
  if (!noSchedule) return toggle;
  return (
    <Tooltip title={EXECUTION_MESSAGES.scheduleRequired}>
      <span onClick={(e) => e.stopPropagation()}>{toggle}</span>
    </Tooltip>
  );
}
