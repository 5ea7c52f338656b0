import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LiveStatus } from '@stepwise/shared';
import { progressOf } from '../logic/progress';

/** Scenarios execution progress: a two-colour bar, passed and failed counts with percentages. */
export function ProgressCell({ live }: { live: LiveStatus }) {
  const p = progressOf(live);
  return (
    <Stack spacing={0.5} sx={{ width: '100%' }} data-testid="execution-progress">
      <Box
        role="progressbar"
        aria-label="Scenarios execution progress"
        aria-valuenow={Math.round(p.done)}
        aria-valuemin={0}
        aria-valuemax={100}
        sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.200', overflow: 'hidden', display: 'flex' }}
      >
        <Box sx={{ width: `${p.passedPct}%`, bgcolor: 'success.main' }} />
        <Box sx={{ width: `${p.failedPct}%`, bgcolor: 'error.main' }} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }}>
          {p.passed} passed ({p.passedPct}%)
        </Box>
        {' · '}
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          {p.failed} failed ({p.failedPct}%)
        </Box>
        {` · ${p.total} total`}
      </Typography>
    </Stack>
  );
}
