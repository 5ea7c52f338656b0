import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUARANTINE_REASON_MAX } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../api/client';
import { AppDialog } from '../../../components/AppDialog';
import { useQuarantine } from './use-history';

interface Props {
  testCaseId: string;
  scenarioName: string;
  onClose: () => void;
}

/** Asks why a scenario is quarantined before flagging it (the reason shows on its Quarantined chip). */
export function QuarantineDialog({ testCaseId, scenarioName, onClose }: Props) {
  const [reason, setReason] = useState('');
  const quarantine = useQuarantine();
  const busy = quarantine.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    quarantine.mutate({ testCaseId, quarantined: true, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <AppDialog open maxWidth="xs" onClose={busy ? undefined : onClose} aria-labelledby="quarantine-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="quarantine-title">Quarantine scenario</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {scenarioName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            It keeps running, but from the next run on its failures are not counted in the run&apos;s result.
          </Typography>
          {quarantine.isError && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {errorText(quarantine.error)}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label="Reason"
            placeholder="e.g. the payment sandbox times out now and then"
            value={reason}
            disabled={busy}
            onChange={(e) => setReason(e.target.value)}
            helperText={`${reason.length}/${QUARANTINE_REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: QUARANTINE_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !reason.trim()}>
            Quarantine
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
