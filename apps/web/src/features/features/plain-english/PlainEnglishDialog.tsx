import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText, isUnauthorized } from '../../../api/client';
import { AppDialog } from '../../../components/AppDialog';
import { trackEvent } from '../../../lib/track-event';
import { useEnvironments } from '../../environments/use-environments';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { useRefreshBranch } from '../use-feature-list';
import { GenerationProgress } from './GenerationProgress';
import { GenerationResult } from './GenerationResult';
import { generateFromPlainEnglish, type PlainEnglishInput } from './plain-english.api';
import { formErrors, hasErrors, initialPlainEnglish, lineCount, plainEnglishInput, type PlainEnglishValues } from './plain-english-state';
import { PlainEnglishForm } from './PlainEnglishForm';

export interface PlainEnglishDialogProps {
  tree: FeatureNode[];
  /** Where the person was: the feature offered first, or the folder of a new one. */
  folder: string;
  feature: string | null;
  onClose: () => void;
  /** Opens the saved scenario (the feature list is already fetched again). */
  onCreated: (path: string, scenarioIndex: number | null) => void;
}

/** Create a scenario from English steps: the server tries each in a browser, keeps the code that passes and saves the scenario. */
export function PlainEnglishDialog({ tree, folder, feature, onClose, onCreated }: PlainEnglishDialogProps) {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const refresh = useRefreshBranch();
  const envs = useEnvironments().data?.allEnv ?? [];
  const env = envs.some((e) => e.name === ws.env) ? ws.env : null;
  const [values, setValues] = useState<PlainEnglishValues>(() => initialPlainEnglish(tree, folder, feature));
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<PlainEnglishInput | null>(null);
  const generate = useMutation({
    mutationFn: (input: PlainEnglishInput) => generateFromPlainEnglish(ws.ref, input),
    // The tree behind the dialog shows the new scenario before "Open scenario" selects it.
    onSuccess: () => refresh(),
  });
  const busy = generate.isPending;
  const result = generate.data;

  // The server finishes and saves anyway, but the person would not see what became of the steps.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  function submit() {
    setTouched(true);
    if (hasErrors(formErrors(tree, values)) || !env || !guard.canAddScenarios(1)) return;
    const input = plainEnglishInput(tree, values, env);
    trackEvent('click_ai_generate', ws.projectId);
    setSent(input);
    generate.mutate(input);
  }

  const error = generate.isError && !isUnauthorized(generate.error) ? errorText(generate.error) : null;
  return (
    <AppDialog open onClose={busy ? undefined : onClose} maxWidth="md" aria-labelledby="plain-english-title">
      <DialogTitle id="plain-english-title">Create a scenario in plain English</DialogTitle>
      <DialogContent>
        {result ? (
          <GenerationResult result={result} />
        ) : busy && sent ? (
          <GenerationProgress scenarioName={sent.scenarioName} featureName={sent.featureName} steps={lineCount(sent.text)} environment={sent.environment} branch={ws.branch} />
        ) : (
          <PlainEnglishForm tree={tree} values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} env={env} touched={touched} />
        )}
        {error && !busy && (
          <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {result ? (
          <Button variant="contained" onClick={() => onCreated(result.path, result.scenarioIndex)}>
            Open scenario
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={submit}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AutoAwesomeOutlinedIcon />}
          >
            {busy ? 'Generating...' : 'Generate'}
          </Button>
        )}
      </DialogActions>
    </AppDialog>
  );
}
