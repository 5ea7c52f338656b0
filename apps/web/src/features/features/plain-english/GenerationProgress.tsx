import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROGRESS_TEXTS } from './plain-english-state';
import { useCyclingText } from './use-cycling-text';

export interface GenerationProgressProps {
  scenarioName: string;
  featureName: string;
  steps: number;
  environment: string;
  branch: string;
}

/** What is being generated, and a progress text that changes while the server works. */
export function GenerationProgress({ scenarioName, featureName, steps, environment, branch }: GenerationProgressProps) {
  const text = useCyclingText(PROGRESS_TEXTS, true);
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography>
        Generating <strong>{scenarioName}</strong> in <strong>{featureName}</strong>
        {steps > 1 ? ` (${steps} steps)` : ''} against <strong>{environment}</strong> on <strong>{branch}</strong>.
      </Typography>
      <Box>
        <Typography variant="subtitle2" aria-live="polite" data-testid="generation-progress-text" sx={{ mb: 1 }}>
          {text}
        </Typography>
        <LinearProgress aria-label="Generating the scenario" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Each step is tried in a browser before its code is kept, which takes a few seconds per step. Keep this window open: the
        scenario is saved when it is done.
      </Typography>
    </Stack>
  );
}
