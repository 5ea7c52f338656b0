import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import { DEFAULT_TAG } from '@stepwise/shared';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { useToast } from '../../../components/toast/toast-context';
import { trackEvent } from '../../../lib/track-event';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { newScenarioText } from '../gherkin-text';
import { useScenarioWrites } from '../use-scenario-writes';
import { FeatureStep } from './FeatureStep';
import { destination, featureStepError, finalScenarioName, initialValues, scenarioStepError, type WizardValues } from './wizard-state';

export interface AddScenarioWizardProps {
  tree: FeatureNode[];
  folder: string;
  feature: string | null;
  onClose: () => void;
  onCreated: (path: string, scenarioIndex: number | null) => void;
}

const CREATE_ERROR = 'An error occurred while trying to create the scenarios, please try again.';

/** Add feature/scenario: choose or add a feature, then name the scenario (the AI path needs an AI provider). */
export function AddScenarioWizard({ tree, folder, feature, onClose, onCreated }: AddScenarioWizardProps) {
  const { projectId } = useWorkspace();
  const guard = useWriteGuard();
  const writes = useScenarioWrites();
  const toast = useToast();
  const [values, setValues] = useState<WizardValues>(() => initialValues(tree, folder, feature));
  const [step, setStep] = useState(0);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = (patch: Partial<WizardValues>) => setValues((v) => ({ ...v, ...patch }));
  const ai = values.mode === 'ai';
  const labels = ai ? ['Select or add a feature', 'Pick ideas', 'Save scenarios'] : ['Select or add a feature', 'Name the scenario'];
  const nameError = values.scenarioName ? scenarioStepError(values) : null;
  const finalName = values.scenarioName.trim() ? finalScenarioName(tree, values) : '';

  function next() {
    setTouched(true);
    if (!featureStepError(tree, values)) {
      setTouched(false);
      setStep(1);
    }
  }

  async function save() {
    setTouched(true);
    if (scenarioStepError(values) || !guard.canAddScenarios(1)) return;
    const { folder: dest, file } = destination(values);
    setBusy(true);
    setError(null);
    try {
      const result = await writes.addScenario(dest, file, newScenarioText(finalName, DEFAULT_TAG, values.target === 'new'));
      trackEvent('create_scenario', projectId);
      toast.success(values.target === 'new' ? 'Feature and scenario created' : 'Scenario created');
      onCreated(result.path ?? (dest ? `${dest}/${file}` : file), result.scenarioIndex ?? null);
    } catch (err) {
      const detail = (err as Error).message.replace(/^Error occurred while updating code:?\s*/, '');
      setError(detail ? `${CREATE_ERROR} ${detail}` : CREATE_ERROR);
      setBusy(false);
    }
  }

  return (
    <AppDialog open onClose={busy ? undefined : onClose} aria-labelledby="wizard-title">
      <DialogTitle id="wizard-title">Add feature or scenario</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {labels.map((l) => (
            <Step key={l}>
              <StepLabel>{l}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <FeatureStep tree={tree} values={values} onChange={change} touched={touched} />}
        {step === 1 && (
          <TextField
            label="Scenario name"
            autoFocus
            value={values.scenarioName}
            onChange={(e) => change({ scenarioName: e.target.value })}
            error={!!nameError || (touched && !values.scenarioName.trim())}
            helperText={nameError ?? (finalName && finalName !== values.scenarioName.trim() ? `Will be saved as "${finalName}"` : 'Tagged @regression; add steps afterwards in the editor')}
            sx={{ mt: 1 }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {step === 1 && (
          <Button onClick={() => setStep(0)} disabled={busy}>
            Back
          </Button>
        )}
        {step === 0 ? (
          <Button variant="contained" onClick={next} disabled={ai}>
            Next
          </Button>
        ) : (
          <Button variant="contained" onClick={save} disabled={busy || !!nameError} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Create scenario
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
