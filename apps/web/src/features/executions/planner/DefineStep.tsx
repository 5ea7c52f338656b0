import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SCREENSHOT_MODES, VIEWPORTS, type ScreenshotMode } from '@stepwise/shared';
import { useId } from 'react';
import { envDisplayName } from '../logic/features';
import { AiRecoverySwitch } from './AiRecoverySwitch';
import type { PlannerValues } from './wizard-state';

interface Props {
  values: PlannerValues;
  environments: string[];
  branches: string[];
  onChange: (patch: Partial<PlannerValues>) => void;
}

const MENU = { slotProps: { paper: { sx: { maxHeight: 200 } } } };

function Picker({ label, value, options, disabled, onChange }: { label: string; value: string; options: { value: string; label: string }[]; disabled?: boolean; onChange?: (v: string) => void }) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth disabled={disabled} required={!disabled}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(e) => onChange?.(String(e.target.value))} MenuProps={MENU}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** Define an execution: name, environment and branch (required); the viewport is shown, fixed to the default; which steps keep a screenshot; AI recovery on or off. */
export function DefineStep({ values, environments, branches, onChange }: Props) {
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label="Execution name"
        required
        autoFocus
        size="small"
        value={values.name}
        onChange={(e) => onChange({ name: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Stack direction="row" spacing={2}>
        <Picker label="Environment" value={values.env} options={environments.map((e) => ({ value: e, label: envDisplayName(e) }))} onChange={(env) => onChange({ env })} />
        <Picker label="Branch" value={values.branch} options={branches.map((b) => ({ value: b, label: b }))} onChange={(branch) => onChange({ branch, tags: [], threads: null })} />
      </Stack>
      <Stack direction="row" spacing={2}>
        <Picker label="Viewport" value={values.viewport} options={VIEWPORTS.map((v) => ({ value: v.label, label: v.label }))} disabled />
        <Picker label="Screenshots" value={values.screenshots} options={SCREENSHOT_MODES} onChange={(v) => onChange({ screenshots: v as ScreenshotMode })} />
      </Stack>
      <AiRecoverySwitch checked={values.aiRecovery} onChange={(aiRecovery) => onChange({ aiRecovery })} />
    </Stack>
  );
}
