import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectDropdownProps {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  size?: 'small' | 'medium';
  minWidth?: number;
}

export function SelectDropdown({ label, value, options, onChange, placeholder = 'Select from list', size = 'small', minWidth = 200 }: SelectDropdownProps) {
  const id = useId();
  return (
    <FormControl size={size} sx={{ minWidth }}>
      {/* The placeholder always shows (displayEmpty), so the label always sits above it. */}
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        notched
        value={value}
        displayEmpty
        onChange={(e) => onChange(String(e.target.value))}
        renderValue={(selected) => options.find((o) => o.value === selected)?.label ?? placeholder}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
