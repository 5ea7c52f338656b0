import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEMO_PROJECT, isOnlyProtocolPrefix, isValidProjectUrl, MSG, projectNameFromUrl } from '@stepwise/shared';

export interface ProjectFormValues {
  name: string;
  url: string;
  demo: boolean;
  description: string;
  /** True once the user typed a name: it is no longer derived from the URL. */
  nameTouched: boolean;
}

export const emptyProjectForm: ProjectFormValues = { name: '', url: '', demo: false, description: '', nameTouched: false };

export function projectFormValid(v: ProjectFormValues): boolean {
  return v.name.trim().length > 0 && isValidProjectUrl(v.url);
}

interface Props {
  values: ProjectFormValues;
  onChange: (values: ProjectFormValues) => void;
  demoUrl: string;
  error: string | null;
  disabled?: boolean;
}

export function CreateProjectForm({ values, onChange, demoUrl, error, disabled }: Props) {
  const urlError = !values.demo && !isOnlyProtocolPrefix(values.url) && !isValidProjectUrl(values.url);

  function setUrl(url: string) {
    onChange({ ...values, url, name: values.nameTouched ? values.name : projectNameFromUrl(url) });
  }

  function setDemo(demo: boolean) {
    if (demo) onChange({ ...values, demo, url: demoUrl, name: DEMO_PROJECT.name, nameTouched: false });
    else onChange({ ...values, demo, url: '', name: '', nameTouched: false });
  }

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label="Project name"
        value={values.name}
        disabled={disabled}
        autoFocus
        onChange={(e) => onChange({ ...values, name: e.target.value, nameTouched: true })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="Application URL"
        placeholder="https://www.example.com"
        value={values.url}
        disabled={disabled || values.demo}
        error={urlError}
        helperText={urlError ? MSG.invalidUrl : 'The address of the web application you want to test'}
        onChange={(e) => setUrl(e.target.value)}
      />
      <FormControlLabel
        control={<Checkbox checked={values.demo} disabled={disabled} onChange={(e) => setDemo(e.target.checked)} />}
        label="Use the demo app"
      />
      <TextField
        label="Description"
        value={values.description}
        disabled={disabled}
        multiline
        minRows={2}
        onChange={(e) => onChange({ ...values, description: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
