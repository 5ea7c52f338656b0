import Chip from '@mui/material/Chip';
import type { ExecutionBadge } from '../logic/status';

const COLORS = { Active: 'success', Planned: 'info', Draft: 'default' } as const;

/** Active / Planned / Draft badge of the All view. */
export function ExecutionStatusBadge({ status }: { status: ExecutionBadge }) {
  return <Chip size="small" label={status} color={COLORS[status]} variant={status === 'Draft' ? 'outlined' : 'filled'} sx={{ fontWeight: 600 }} data-testid="execution-status" />;
}
