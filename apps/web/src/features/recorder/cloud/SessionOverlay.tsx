import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionPhase } from './use-recorder-session';

const WAITING: Partial<Record<SessionPhase['kind'], string>> = {
  starting: 'Starting the browser...',
  connecting: 'Connecting to the browser...',
  reconnecting: 'Reconnecting...',
};

/** What covers the page while the session is not live: progress, an error with Retry, the end of the session. */
export function SessionOverlay({ phase, envName, hasSteps, onRetry }: { phase: SessionPhase; envName: string; hasSteps: boolean; onRetry: () => void }) {
  const waiting = WAITING[phase.kind];
  if (waiting) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
        <CircularProgress aria-label={waiting} />
        <Typography variant="subtitle1">{waiting}</Typography>
        {phase.kind === 'starting' && (
          <Typography variant="body2" color="text.secondary">
            Opening the {envName} environment in a browser on the server.
          </Typography>
        )}
      </Stack>
    );
  }
  if (phase.kind === 'error') {
    return (
      <Alert severity="error" sx={{ maxWidth: 560 }} action={<Button color="inherit" onClick={onRetry}>Retry</Button>}>
        <AlertTitle>The recorder could not start</AlertTitle>
        {phase.message}
      </Alert>
    );
  }
  if (phase.kind === 'ended') {
    return (
      <Alert severity="warning" sx={{ maxWidth: 560 }} action={<Button color="inherit" onClick={onRetry}>Start again</Button>}>
        <AlertTitle>The session ended</AlertTitle>
        {phase.message}
        {hasSteps ? '. The steps recorded so far can still be saved.' : ''}
      </Alert>
    );
  }
  return null;
}
