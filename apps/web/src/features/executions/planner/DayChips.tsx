import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { WEEK_DAYS, type WeekDay } from '@stepwise/shared';
import { toggleDay } from '../logic/schedule';

/** One chip per weekday (Mon..Sun); the selection stays in week order. */
export function DayChips({ days, onChange }: { days: WeekDay[]; onChange: (days: WeekDay[]) => void }) {
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Days">
      {WEEK_DAYS.map((d) => {
        const on = days.includes(d);
        return (
          <Chip
            key={d}
            label={d}
            clickable
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            role="button"
            onClick={() => onChange(toggleDay(days, d))}
            sx={{ minWidth: 52, fontWeight: 600 }}
          />
        );
      })}
    </Stack>
  );
}
