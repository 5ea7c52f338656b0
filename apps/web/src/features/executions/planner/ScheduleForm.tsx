import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXECUTION_MESSAGES, type Schedule } from '@stepwise/shared';
import { useId } from 'react';
import { applyRepeat, REPEAT_OPTIONS, repeatOf, scheduleLabel, TIME_OPTIONS, type RepeatOption } from '../logic/schedule';
import { DayChips } from './DayChips';
import { TimeZoneSelect } from './TimeZoneSelect';

const MENU_200 = { slotProps: { paper: { sx: { maxHeight: 200 } } } };

/** Days, repeat, time (15-minute steps) and time zone of a schedule. */
export function ScheduleForm({ schedule, onChange }: { schedule: Schedule; onChange: (s: Schedule) => void }) {
  const id = useId();
  const noDays = schedule.days.length === 0;
  return (
    <Stack spacing={2.5}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">Days</Typography>
        <DayChips days={schedule.days} onChange={(days) => onChange({ ...schedule, days })} />
        {noDays && (
          <Typography variant="caption" color="error">
            {EXECUTION_MESSAGES.atLeastOneDay}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={`${id}-repeat`}>Repeat</InputLabel>
          <Select
            labelId={`${id}-repeat`}
            label="Repeat"
            value={repeatOf(schedule)}
            onChange={(e) => onChange(applyRepeat(schedule, e.target.value as RepeatOption))}
            MenuProps={MENU_200}
          >
            {REPEAT_OPTIONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id={`${id}-time`}>Time</InputLabel>
          <Select labelId={`${id}-time`} label="Time" value={schedule.time} onChange={(e) => onChange({ ...schedule, time: e.target.value })} MenuProps={MENU_200}>
            {TIME_OPTIONS.map((t) => (
              <MenuItem key={t.value} value={t.value}>
                {t.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TimeZoneSelect value={schedule.timeZone} onChange={(timeZone) => onChange({ ...schedule, timeZone })} />
      </Stack>
      {!noDays && (
        <Typography variant="body2" color="text.secondary" data-testid="schedule-summary">
          {scheduleLabel(schedule)}
        </Typography>
      )}
    </Stack>
  );
}
