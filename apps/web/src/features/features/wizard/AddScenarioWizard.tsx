import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { DEFAULT_TAG } from '@stepwise/shared';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { useToast } from '../../../components/toast/toast-context';
import { trackEvent } from '../../../lib/track-event';
import { useAccessKeys } from '../../access-tokens/use-access-tokens';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { newScenarioText } from '../gherkin-text';
import { useScenarioWrites } from '../use-scenario-writes';
import { AccessTokenRequiredDialog } from './AccessTokenRequiredDialog';
import { FeatureStep } from './FeatureStep';
import { IdeasStep } from './IdeasStep';
import { ManualStep } from './ManualStep';
import { ReviewStep } from './ReviewStep';
import { useIdeasWizard } from './use-ideas-wizard';
import { destination, featureStepError, finalScenarioName, initialValues, scenarioStepError, type WizardValues } from './wizard-state';

export interface AddScenarioWizardProps {
  tree: FeatureNode[];
  folder: string;
  feature: string | null;
  onClose: () => void;
  onCreated: (path: string, scenarioIndex: number | null) => void;
}

const CREATE_ERROR = 'An error occurred while trying to create the scenarios, please try again.';
const MANUAL_STEPS = ['Select or add a feature', 'Name the scenario'];
const AI_STEPS = ['Select or add a feature', 'Pick ideas', 'View and save scenarios'];

/**
 * Add feature/scenario (spec 001): step 0 chooses or adds the feature; the manual type names one
 * empty scenario; the AI type picks ideas (step 1) and saves the scenarios they become (step 2).
 */
export function AddScenarioWizard({ tree, folder, feature, onClose, onCreated }: AddScenarioWizardProps) {
  const { projectId, branch } = useWorkspace();
  const guard = useWriteGuard();
  const writes = useScenarioWrites();
  const toast = useToast();
  const keys = useAccessKeys(projectId);
  const [values, setValues] = useState<WizardValues>(() => initialValues(tree, folder, feature));
  const [step, setStep] = useState(0);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tokenRequired, setTokenRequired] = useState(false);
  const ideas = useIdeasWizard(tree, values, onCreated);
  const change = (patch: Partial<WizardValues>) => setValues((v) => ({ ...v, ...patch }));
  const ai = values.mode === 'ai';
  const working = busy || ideas.saving !== null;
  const finalName = values.scenarioName.trim() ? finalScenarioName(tree, values) : '';

  // The scenarios are saved one after the other on the server: leaving now would hide which ones were.
  useEffect(() => {
    if (!working) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [working]);

  function next() {
    setTouched(true);
    if (step === 0) {
      if (featureStepError(tree, values)) return;
      // AI scenario generation needs an access token of the project (spec 001 section 6).
      if (ai && keys.data && keys.data.length === 0) return setTokenRequired(true);
      if (ai && keys.isPending) return;
      setTouched(false);
      return setStep(1);
    }
    if (ideas.toReview()) setStep(2);
  }

  async function saveManual() {
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

  const { folder: destFolder, file: destFile } = destination(values);
  const shownError = ai && step === 2 ? ideas.saveError : error;
  return (
    <AppDialog open onClose={working ? undefined : onClose} maxWidth={ai && step > 0 ? 'md' : 'sm'} aria-labelledby="wizard-title">
      <DialogTitle id="wizard-title">Add feature or scenario</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {(ai ? AI_STEPS : MANUAL_STEPS).map((l) => (
            <Step key={l}>
              <StepLabel>{l}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <FeatureStep tree={tree} values={values} onChange={change} touched={touched} />}
        {step === 1 && !ai && <ManualStep tree={tree} values={values} onChange={change} touched={touched} />}
        {step === 1 && ai && (
          <IdeasStep
            env={ideas.env}
            description={ideas.description}
            onDescription={ideas.setDescription}
            onGenerate={ideas.generate}
            generating={ideas.generating}
            rows={ideas.rows}
            onRows={ideas.setRows}
            validation={ideas.validation}
            fetchError={ideas.fetchError}
            allowance={ideas.allowance}
            touched={ideas.checked}
          />
        )}
        {step === 2 && ai && ideas.review && (
          <ReviewStep
            ideas={ideas.review}
            feature={destFolder ? `${destFolder}/${destFile}` : destFile}
            env={ideas.env}
            branch={branch}
            saving={ideas.saving}
            saved={ideas.savedIds}
          />
        )}
        {shownError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {shownError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={working}>
          Cancel
        </Button>
        {step > 0 && (
          <Button onClick={() => setStep(step - 1)} disabled={working || (step === 2 && ideas.started)}>
            Back
          </Button>
        )}
        {step === 0 || (ai && step === 1) ? (
          <Button variant="contained" onClick={next} disabled={ai && step === 1 && ideas.generating}>
            Next
          </Button>
        ) : ai ? (
          <Button variant="contained" onClick={ideas.save} disabled={working} startIcon={working ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {working ? 'Saving...' : ideas.saveError ? 'Retry' : 'Save scenarios'}
          </Button>
        ) : (
          <Button variant="contained" onClick={saveManual} disabled={busy || !!(values.scenarioName && scenarioStepError(values))} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Create scenario
          </Button>
        )}
      </DialogActions>
      {tokenRequired && <AccessTokenRequiredDialog projectId={projectId} onClose={() => setTokenRequired(false)} />}
    </AppDialog>
  );
}
