import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Schedule } from '@stepwise/shared';
import { useState } from 'react';
import { AppDialog } from '../../../components/AppDialog';
import { defaultSchedule } from '../logic/schedule';
import { ScheduleForm } from '../planner/ScheduleForm';

interface Props {
  schedule: Schedule | null | undefined;
  /** Resolves when applied; the dialog shows a busy state meanwhile. */
  onApply: (schedule: Schedule | null) => void | Promise<void>;
  onClose: () => void;
}

/** Edit the schedule of an execution: Apply, or "Remove schedule" when it has one. */
export function ScheduleDialog({ schedule, onApply, onClose }: Props) {
  const [value, setValue] = useState<Schedule>(() => schedule ?? defaultSchedule());
  const [busy, setBusy] = useState(false);
  const apply = async (next: Schedule | null) => {
    setBusy(true);
    try {
      await onApply(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog open onClose={busy ? undefined : onClose} maxWidth="sm" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">Schedule execution</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ScheduleForm schedule={value} onChange={setValue} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {schedule && (
          <Button color="error" onClick={() => apply(null)} disabled={busy}>
            Remove schedule
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => apply(value)}
          disabled={busy || value.days.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Apply
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
