import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FeatureNode } from '../features.api';
import { FeaturePicker } from '../wizard/FeaturePicker';
import { finalScenarioName } from '../wizard/wizard-state';
import { EnvironmentField } from './EnvironmentField';
import { formErrors, TEXT_PLACEHOLDER, type PlainEnglishValues } from './plain-english-state';

export interface PlainEnglishFormProps {
  tree: FeatureNode[];
  values: PlainEnglishValues;
  onChange: (patch: Partial<PlainEnglishValues>) => void;
  env: string | null;
  touched: boolean;
}

/** Feature, scenario name, the English description and the environment it is tried at. */
export function PlainEnglishForm({ tree, values, onChange, env, touched }: PlainEnglishFormProps) {
  const errors = formErrors(tree, values);
  const nameError = values.scenarioName || touched ? errors.scenario : null;
  const finalName = values.scenarioName.trim() ? finalScenarioName(tree, values) : '';
  const renamed = finalName && finalName !== values.scenarioName.trim() ? `Will be saved as "${finalName}"` : null;
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <FeaturePicker tree={tree} values={values} onChange={onChange} touched={touched} />
      <TextField
        label="Scenario name"
        value={values.scenarioName}
        onChange={(e) => onChange({ scenarioName: e.target.value })}
        error={!!nameError}
        helperText={nameError ?? renamed ?? ' '}
      />
      <TextField
        label="Describe the scenario in plain English"
        value={values.text}
        onChange={(e) => onChange({ text: e.target.value })}
        placeholder={TEXT_PLACEHOLDER}
        multiline
        minRows={6}
        maxRows={14}
        error={touched && !!errors.text}
        helperText={
          (touched && errors.text) ||
          'One step per line, or a few sentences; Given, When and Then are optional. Quote the texts as the page shows them.'
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <EnvironmentField env={env} touched={touched} />
    </Stack>
  );
}
