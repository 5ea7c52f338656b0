import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeatureNode } from '../features.api';
import { FeaturePicker } from './FeaturePicker';
import type { WizardValues } from './wizard-state';

export interface FeatureStepProps {
  tree: FeatureNode[];
  values: WizardValues;
  onChange: (patch: Partial<WizardValues>) => void;
  touched: boolean;
}

/** Step 0: manual or AI, then an existing feature or a new one (folder and name). */
export function FeatureStep({ tree, values, onChange, touched }: FeatureStepProps) {
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <FormControl>
        <FormLabel id="wizard-mode">How do you want to write the scenario?</FormLabel>
        <RadioGroup row aria-labelledby="wizard-mode" value={values.mode} onChange={(e) => onChange({ mode: e.target.value as WizardValues['mode'] })}>
          <FormControlLabel value="manual" control={<Radio />} label="Manually" />
          <FormControlLabel value="ai" control={<Radio />} label="From AI ideas" />
        </RadioGroup>
      </FormControl>
      {values.mode === 'ai' && (
        <Typography variant="body2" color="text.secondary">
          Describe what to test and pick from scenario ideas built from the pages of your application; each step of the ones you keep gets code
          that works there. Needs an access token of the project.
        </Typography>
      )}
      <FeaturePicker tree={tree} values={values} onChange={onChange} touched={touched} />
    </Stack>
  );
}
