import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NAME_MAX } from '@stepwise/shared';
import { SelectDropdown } from '../../../components/SelectDropdown';
import type { FeatureNode } from '../features.api';
import { AiUnavailable } from '../scenario/AiUnavailable';
import { allFeatures, allFolders } from '../tree-model';
import { featureStepError, type WizardValues } from './wizard-state';

export interface FeatureStepProps {
  tree: FeatureNode[];
  values: WizardValues;
  onChange: (patch: Partial<WizardValues>) => void;
  touched: boolean;
}

/** Step 0: manual or AI, then an existing feature or a new one (folder and name). */
export function FeatureStep({ tree, values, onChange, touched }: FeatureStepProps) {
  const features = allFeatures(tree);
  const folders = [{ value: '', label: 'None (top level)' }, ...allFolders(tree).map((f) => ({ value: f.path, label: f.path }))];
  const error = featureStepError(tree, values);
  const showError = touched || (values.target === 'new' && values.featureName !== '');
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <FormControl>
        <FormLabel id="wizard-mode">How do you want to write the scenario?</FormLabel>
        <RadioGroup row aria-labelledby="wizard-mode" value={values.mode} onChange={(e) => onChange({ mode: e.target.value as WizardValues['mode'] })}>
          <FormControlLabel value="manual" control={<Radio />} label="Manually" />
          <FormControlLabel value="ai" control={<Radio />} label="From AI ideas" />
        </RadioGroup>
      </FormControl>
      {values.mode === 'ai' && <AiUnavailable what="Scenario ideas" />}
      <FormControl>
        <FormLabel id="wizard-target">Feature</FormLabel>
        <RadioGroup row aria-labelledby="wizard-target" value={values.target} onChange={(e) => onChange({ target: e.target.value as WizardValues['target'] })}>
          <FormControlLabel value="existing" control={<Radio />} label="Existing feature" disabled={features.length === 0} />
          <FormControlLabel value="new" control={<Radio />} label="New feature" />
        </RadioGroup>
      </FormControl>
      {values.target === 'existing' ? (
        <Autocomplete
          options={features.map((f) => f.path)}
          value={values.featurePath || null}
          onChange={(_e, v) => onChange({ featurePath: v ?? '' })}
          renderInput={(params) => <TextField {...params} label="Select a feature" error={showError && !!error} helperText={showError ? error : ' '} />}
        />
      ) : (
        <>
          <SelectDropdown label="Folder" value={values.folder} options={folders} onChange={(folder) => onChange({ folder })} size="medium" placeholder="None (top level)" />
          <TextField
            label="Feature name"
            value={values.featureName}
            onChange={(e) => onChange({ featureName: e.target.value })}
            error={showError && !!error}
            helperText={(showError && error) || `Letters, digits, spaces, _ and -; at most ${NAME_MAX} characters`}
          />
        </>
      )}
    </Stack>
  );
}
