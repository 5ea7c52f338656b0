import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId, useState } from 'react';
import { formatGmtOffset, localOffset, timeZoneList } from '../logic/time-zones';

/** "GMT +hh:mm" offsets, three pinned above a divider; the menu is at most 300 px high. */
export function TimeZoneSelect({ value, onChange }: { value: number; onChange: (offset: number) => void }) {
  const id = useId();
  // Pinned entries are computed once, from the value the form opened with: the list does not jump while choosing.
  const [list] = useState(() => timeZoneList(localOffset(), value));
  const items = [
    ...list.pinned.map((o) => ({ o, pinned: true })),
    ...list.rest.filter((o) => !list.pinned.includes(o)).map((o) => ({ o, pinned: false })),
  ];
  const hasValue = items.some((i) => i.o === value);
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id={`${id}-label`}>Time zone</InputLabel>
      <Select
        labelId={`${id}-label`}
        label="Time zone"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 300 } } } }}
      >
        {!hasValue && <MenuItem value={String(value)}>{formatGmtOffset(value)}</MenuItem>}
        {items.flatMap(({ o, pinned }, i) => {
          const item = (
            <MenuItem key={o} value={String(o)}>
              {formatGmtOffset(o)}
            </MenuItem>
          );
          return pinned && i === list.pinned.length - 1 ? [item, <Divider key="divider" />] : [item];
        })}
      </Select>
    </FormControl>
  );
}
