import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { EXECUTION_MESSAGES, type Schedule } from '@stepwise/shared';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { useToast } from '../../../components/toast/toast-context';
import { createExecution, isNameConflict } from '../executions.api';
import { maxThreadsFor } from '../logic/threads';
import { ScenarioSelection } from './ScenarioSelection';
import { ScheduleForm } from './ScheduleForm';
import { DefineStep } from './DefineStep';
import { useBranchScenarios } from './use-branch-scenarios';
import { usePlannerSources } from './use-planner-sources';
import { buildExecution, defineStepComplete, effectiveThreads, FIRST_GROUP_NAME, initialPlannerValues, selectStepComplete, STEP_LABELS, type PlannerValues } from './wizard-state';

export interface PlannerWizardProps {
  projectId: string;
  isPrivateRepo: boolean;
  threadAllowance: number;
  /** Branch and environment selected in the top bar, as defaults. */
  branch: string;
  env: string | null;
  onClose: () => void;
  onCreated: () => void;
}

const UNIQUE_NAME_MS = 6000;

/** Plan an execution: define, select scenarios, schedule; reaching step 4 creates it. */
export function PlannerWizard({ projectId, isPrivateRepo, threadAllowance, branch, env, onClose, onCreated }: PlannerWizardProps) {
  const toast = useToast();
  const [values, setValues] = useState<PlannerValues>(() => initialPlannerValues(branch, env));
  const [step, setStep] = useState(0);
  const change = (patch: Partial<PlannerValues>) => setValues((v) => ({ ...v, ...patch }));
  const sources = usePlannerSources(projectId, isPrivateRepo, values.branch);
  // The top bar's environment arrives with its list: it becomes the default while none is chosen.
  const envMissing = !values.env && !!env && values.branch === branch && sources.environments.includes(env);
  useEffect(() => {
    if (envMissing) setValues((v) => (v.env ? v : { ...v, env: env ?? '' }));
  }, [envMissing, env]);
  const selection = useBranchScenarios({ projectId, isPrivateRepo, branch: values.branch, env: values.env, tags: values.tags, enabled: step >= 1 });
  const maxThreads = maxThreadsFor(threadAllowance, selection.scenarios.length);
  const threads = effectiveThreads(values.threads, maxThreads);
  const creating = step === 3;

  const reset = () => {
    setValues(initialPlannerValues(branch, env));
    setStep(0);
    onClose();
  };

  async function create(schedule: Schedule | null) {
    setStep(3);
    try {
      await createExecution(projectId, buildExecution(values, selection.scenarios, threads, schedule), threadAllowance);
      onCreated();
    } catch (err) {
      if (isNameConflict(err)) toast.show(EXECUTION_MESSAGES.uniqueName, 'error', UNIQUE_NAME_MS);
      else toast.error(EXECUTION_MESSAGES.saveFailed);
      reset();
    }
  }

  const nextDisabled = step === 0 ? !defineStepComplete(values) : step === 1 ? !selectStepComplete(values) : values.schedule.days.length === 0;
  return (
    <AppDialog open onClose={creating ? undefined : reset} maxWidth="md" aria-labelledby="planner-title">
      <DialogTitle id="planner-title" sx={{ pr: 6 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {step >= 1 && step <= 2 && (
            <IconButton size="small" aria-label="Back" onClick={() => setStep(step - 1)}>
              <ArrowBackIcon fontSize="small" />
            </IconButton>
          )}
          <span>{STEP_LABELS[Math.min(step, 2)]}</span>
        </Stack>
        <IconButton aria-label="Close" onClick={reset} disabled={creating} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ minHeight: 360 }}>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {STEP_LABELS.map((l) => (
            <Step key={l}>
              <StepLabel>{l}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <DefineStep values={values} environments={sources.environments} branches={sources.branches} onChange={change} />}
        {step === 1 && (
          <ScenarioSelection
            groupName={FIRST_GROUP_NAME}
            tagOptions={selection.tagOptions}
            tags={values.tags}
            loading={selection.query.isLoading}
            error={selection.query.error}
            scenarios={selection.scenarios}
            threads={threads}
            maxThreads={maxThreads}
            onTags={(tags) => change({ tags })}
            onThreads={(n) => change({ threads: n })}
          />
        )}
        {step === 2 && <ScheduleForm schedule={values.schedule} onChange={(schedule) => change({ schedule })} />}
        {creating && (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress />
            <Typography color="text.secondary">Creating the execution...</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={reset} disabled={creating}>
          Cancel
        </Button>
        {step === 2 && (
          <Button onClick={() => create(null)} disabled={creating}>
            Skip for now
          </Button>
        )}
        {step < 2 && (
          <Button variant="contained" onClick={() => setStep(step + 1)} disabled={nextDisabled}>
            Next
          </Button>
        )}
        {step >= 2 && (
          <Button variant="contained" onClick={() => create(values.schedule)} disabled={creating || nextDisabled}>
            Apply
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
