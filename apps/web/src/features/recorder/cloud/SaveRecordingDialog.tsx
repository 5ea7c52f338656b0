import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { scenarioNameError } from '@stepwise/shared';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import type { FeatureNode } from '../../features/features.api';
import { allFeatures, findNode } from '../../features/tree-model';
import { FeaturePicker } from '../../features/wizard/FeaturePicker';
import { featureStepError, type FeatureChoice } from '../../features/wizard/wizard-state';

export interface SaveTarget {
  scenarioName: string;
  feature: FeatureChoice;
}

export interface SaveRecordingDialogProps {
  tree: FeatureNode[];
  /** The feature the recorder was opened for (preselected when it exists). */
  featurePath: string | null;
  stepCount: number;
  saving: boolean;
  error: string | null;
  onSave: (target: SaveTarget) => void;
  onClose: () => void;
}

function initialChoice(tree: FeatureNode[], featurePath: string | null): FeatureChoice {
  if (featurePath && findNode(tree, featurePath)) return { target: 'existing', featurePath, folder: '', featureName: '' };
  return { target: allFeatures(tree).length > 0 ? 'existing' : 'new', featurePath: '', folder: '', featureName: '' };
}

/** Stop & Save: the scenario's name and its feature (an existing one, or a new one in a folder). */
export function SaveRecordingDialog({ tree, featurePath, stepCount, saving, error, onSave, onClose }: SaveRecordingDialogProps) {
  const [name, setName] = useState('');
  const [feature, setFeature] = useState<FeatureChoice>(() => initialChoice(tree, featurePath));
  const [touched, setTouched] = useState(false);
  const nameError = scenarioNameError(name.trim());
  const featureError = featureStepError(tree, feature);

  const submit = () => {
    setTouched(true);
    if (nameError || featureError || saving) return;
    onSave({ scenarioName: name.trim(), feature });
  };

  return (
    <AppDialog open onClose={saving ? undefined : onClose} aria-labelledby="save-recording-title">
      <DialogTitle id="save-recording-title">Save the recorded scenario</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            label="Scenario name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
            error={touched && !!nameError}
            helperText={(touched && nameError) || `${stepCount} recorded step${stepCount === 1 ? '' : 's'}`}
          />
          <FeaturePicker tree={tree} values={feature} onChange={(patch) => setFeature((f) => ({ ...f, ...patch }))} touched={touched} />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {saving ? 'Saving...' : 'Save scenario'}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
