import Chip from '@mui/material/Chip';
import { HISTORY_MARK_LABELS, type HistoryMark } from '@stepwise/shared';

const COLOURS: Record<HistoryMark, 'warning' | 'error' | 'success' | 'default'> = {
  flaky: 'warning',
  new_failure: 'error',
  fixed: 'success',
  still_failing: 'default',
};

/** How a result compares with the scenario's earlier ones (Flaky, New failure, Fixed, Still failing). */
export function HistoryMarkChip({ mark }: { mark: HistoryMark }) {
  return <Chip size="small" color={COLOURS[mark]} label={HISTORY_MARK_LABELS[mark]} data-testid="history-mark" sx={{ height: 20, fontSize: 11, fontWeight: 600 }} />;
}

/** A quarantined scenario: it runs, but its result is out of the run's verdict. */
export function QuarantineChip() {
  return <Chip size="small" variant="outlined" color="secondary" label="Quarantined" data-testid="quarantined" sx={{ height: 20, fontSize: 11, fontWeight: 600 }} />;
}
