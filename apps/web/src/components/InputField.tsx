import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, useId } from 'react';

interface InputFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field as MUI's TextField draws it, made of its parts: TextField also carries the
 * select variant (Select, Menu, Popover), which the login page's first load has no use for.
 */
export function InputField({ label, value, onChange, type = 'text', autoComplete, autoFocus }: InputFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} type={type} autoComplete={autoComplete} autoFocus={autoFocus} value={value} onChange={onChange} />
    </FormControl>
  );
}
