import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { NAME_MAX } from '@stepwise/shared';
import { useId } from 'react';
import { SelectDropdown } from '../../../components/SelectDropdown';
import type { FeatureNode } from '../features.api';
import { allFeatures, allFolders } from '../tree-model';
import { featureStepError, type FeatureChoice } from './wizard-state';

export interface FeaturePickerProps {
  tree: FeatureNode[];
  values: FeatureChoice;
  onChange: (patch: Partial<FeatureChoice>) => void;
  touched: boolean;
}

/** An existing feature of the tree, or a new one (folder and name). */
export function FeaturePicker({ tree, values, onChange, touched }: FeaturePickerProps) {
  const labelId = useId();
  const features = allFeatures(tree);
  const folders = [{ value: '', label: 'None (top level)' }, ...allFolders(tree).map((f) => ({ value: f.path, label: f.path }))];
  const error = featureStepError(tree, values);
  const showError = touched || (values.target === 'new' && values.featureName !== '');
  return (
    <>
      <FormControl>
        <FormLabel id={labelId}>Feature</FormLabel>
        <RadioGroup row aria-labelledby={labelId} value={values.target} onChange={(e) => onChange({ target: e.target.value as FeatureChoice['target'] })}>
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
    </>
  );
}
