import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { HISTORY_MARK_LABELS, QUARANTINE_TAG, type HistoryMark } from '@stepwise/shared';

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

/** Why a scenario is quarantined: the flag's reason, else its tag. */
export function quarantineTitle(reason: string | null | undefined, tagged: boolean): string {
  if (reason) return `Quarantined: ${reason}`;
  if (tagged) return `Quarantined by its ${QUARANTINE_TAG} tag`;
  return reason === '' ? 'Quarantined (no reason given)' : 'Quarantined';
}

/** A quarantined scenario: it runs, but its result is out of the run's verdict. The tooltip says why. */
export function QuarantineChip({ reason, tagged = false }: { reason?: string | null; tagged?: boolean }) {
  return (
    <Tooltip title={quarantineTitle(reason, tagged)}>
      <Chip size="small" variant="outlined" color="secondary" label="Quarantined" data-testid="quarantined" tabIndex={0} sx={{ height: 20, fontSize: 11, fontWeight: 600 }} />
    </Tooltip>
  );
}
