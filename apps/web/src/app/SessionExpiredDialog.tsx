import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { markSignedOut, useSessionExpired } from '../api/session';
import { AppDialog } from '../components/AppDialog';

/** Shown when any call answers 401 while signed in; Reload forgets the session and starts over. */
export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  const queryClient = useQueryClient();
  return (
    <AppDialog open={expired} maxWidth="xs" aria-labelledby="session-expired-title">
      <DialogTitle id="session-expired-title">Session expired</DialogTitle>
      <DialogContent>
        <Typography>{MSG.sessionExpired}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          variant="contained"
          onClick={() => {
            markSignedOut();
            queryClient.clear();
            window.location.reload();
          }}
        >
          Reload
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
