import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DASHBOARD_PERIODS, isDashboardPeriod, type DashboardPeriod } from './periods';

interface Props {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}

/** Last 7 days, Last 14 days, Last month, Last year, Current year. */
export function PeriodSelect({ value, onChange }: Props) {
  return (
    <TextField
      select
      size="small"
      label="Period"
      value={value}
      onChange={(e) => isDashboardPeriod(e.target.value) && onChange(e.target.value)}
      sx={{ width: 170, flexShrink: 0 }}
    >
      {DASHBOARD_PERIODS.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
