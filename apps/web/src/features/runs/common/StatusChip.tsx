import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';

const COLOURS: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  Passed: 'success',
  Failed: 'error',
  Error: 'error',
  Stopped: 'warning',
};

/** Passed / Failed / Stopped / Error as a small coloured chip. */
export function StatusChip({ status }: { status: string }) {
  const colour = COLOURS[status] ?? 'default';
  const icon = status === 'Passed' ? <CheckCircleIcon /> : colour === 'error' ? <CancelIcon /> : undefined;
  return <Chip size="small" variant="outlined" color={colour} icon={icon} label={status} data-testid="status-chip" sx={{ fontWeight: 600 }} />;
}
