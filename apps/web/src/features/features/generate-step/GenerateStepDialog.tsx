import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorText, isUnauthorized } from '../../../api/client';
import { AppDialog } from '../../../components/AppDialog';
import { useWorkspace } from '../../workspace/use-workspace';
import { useCyclingText } from '../plain-english/use-cycling-text';
import { useRefreshBranch } from '../use-feature-list';
import { generateStepCode } from './generate-step.api';
import { StepOutcome, type Outcome } from './StepOutcome';
import type { Generation } from './use-generate-step';

/** Shown in turn while the server works: it gives no progress of its own until it answers. */
export const GENERATE_STEP_TEXTS = [
  'Opening the application...',
  'Walking the steps before it...',
  'Reading the page...',
  'Writing the step code...',
  'Trying the code in the browser...',
] as const;

export interface GenerateStepDialogProps {
  featurePath: string;
  scenarioName: string;
  generation: Generation;
  onClose: () => void;
  /** Opens the step code at the step (shown once a step got code). */
  onViewCode?: (stepText: string) => void;
}

/**
 * 'Generate code with AI' for steps of a saved scenario, one after the other: progress while the
 * server walks the scenario in a browser, then what became of each step (its code's reasoning, or
 * why none could be made and the elements considered). The branch is refreshed after each saved step.
 */
export function GenerateStepDialog({ featurePath, scenarioName, generation, onClose, onViewCode }: GenerateStepDialogProps) {
  const ws = useWorkspace();
  const refresh = useRefreshBranch();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState(true);
  const started = useRef(false);
  const { steps, environment } = generation;
  const current = steps[Math.min(outcomes.length, steps.length - 1)];
  const text = useCyclingText(GENERATE_STEP_TEXTS, busy);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (const target of steps) {
        try {
          const result = await generateStepCode(ws.ref, { environment, featurePath, scenarioName, stepText: target.text });
          setOutcomes((o) => [...o, { target, result }]);
          if (result.commit) await refresh();
        } catch (err) {
          if (isUnauthorized(err)) break;
          setOutcomes((o) => [...o, { target, error: errorText(err) }]);
          // A step that got code meanwhile (409) does not stop the others; any other refusal would refuse them too.
          if (!(err instanceof ApiError && err.status === 409)) break;
        }
      }
      setBusy(false);
    })();
  }, [steps, environment, featurePath, scenarioName, ws.ref, refresh]);

  // The server finishes and saves anyway, but the person would not see what became of the step.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const generated = outcomes.find((o) => o.result?.step.source === 'ai');
  return (
    <AppDialog open onClose={busy ? undefined : onClose} maxWidth="sm" aria-labelledby="generate-step-title">
      <DialogTitle id="generate-step-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AutoAwesomeOutlinedIcon color="primary" /> Generate code with AI
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {outcomes.map((o, i) => (
            <StepOutcome key={i} outcome={o} />
          ))}
          {busy && current && (
            <Stack spacing={1.5} sx={{ py: 1 }}>
              <Typography>
                {steps.length > 1 ? `Step ${outcomes.length + 1} of ${steps.length}: ` : ''}
                <Box component="strong" sx={{ fontFamily: 'monospace' }}>
                  {current.keyword.trim()} {current.text}
                </Box>{' '}
                of "{scenarioName}", walked at <strong>{environment}</strong> on <strong>{ws.branch}</strong>.
              </Typography>
              <Box>
                <Typography variant="subtitle2" aria-live="polite" data-testid="generate-step-progress" sx={{ mb: 1 }}>
                  {text}
                </Typography>
                <LinearProgress aria-label="Generating the step code" />
              </Box>
              <Typography variant="body2" color="text.secondary">
                The steps before it run in a browser first, so the code is written from the page this step starts on, then tried
                there before it is saved. This takes a few seconds.
              </Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Close
        </Button>
        {!busy && generated && onViewCode && (
          <Button variant="contained" onClick={() => onViewCode(generated.target.text)}>
            View code
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
