import TextField from '@mui/material/TextField';
import type { FeatureNode } from '../features.api';
import { finalScenarioName, scenarioStepError, type WizardValues } from './wizard-state';

export interface ManualStepProps {
  tree: FeatureNode[];
  values: WizardValues;
  onChange: (patch: Partial<WizardValues>) => void;
  touched: boolean;
}

/** Step 1 of the manual type: the new scenario's name (made unique in the feature with a numeric suffix). */
export function ManualStep({ tree, values, onChange, touched }: ManualStepProps) {
  const nameError = values.scenarioName ? scenarioStepError(values) : null;
  const finalName = values.scenarioName.trim() ? finalScenarioName(tree, values) : '';
  return (
    <TextField
      label="Scenario name"
      autoFocus
      fullWidth
      value={values.scenarioName}
      onChange={(e) => onChange({ scenarioName: e.target.value })}
      error={!!nameError || (touched && !values.scenarioName.trim())}
      helperText={nameError ?? (finalName && finalName !== values.scenarioName.trim() ? `Will be saved as "${finalName}"` : 'Tagged @regression; add steps afterwards in the editor')}
      sx={{ mt: 1 }}
    />
  );
}
