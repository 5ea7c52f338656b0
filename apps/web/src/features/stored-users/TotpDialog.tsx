import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { WS_MSG } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../components/AppDialog';
import { CopyButton } from '../../components/CopyButton';
import { generateTotp } from './stored-users.api';

const PERIOD_S = 30;
const secondsLeft = () => PERIOD_S - (Math.floor(Date.now() / 1000) % PERIOD_S);

/** The stored user's current 6-digit TOTP code, fetched again when its 30 s window ends. */
export function TotpDialog({ projectId, username, onClose }: { projectId: string; username: string; onClose: () => void }) {
  const [left, setLeft] = useState(secondsLeft);
  const totp = useQuery({ queryKey: ['totp', projectId, username], queryFn: () => generateTotp(projectId, username), gcTime: 0, retry: false });
  const { refetch } = totp;

  useEffect(() => {
    const timer = setInterval(() => {
      const s = secondsLeft();
      setLeft(s);
      if (s === PERIOD_S) void refetch();
    }, 1000);
    return () => clearInterval(timer);
  }, [refetch]);

  return (
    <AppDialog open onClose={onClose} maxWidth="xs" aria-labelledby="totp-title">
      <DialogTitle id="totp-title">TOTP code of {username}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {totp.isLoading && <CircularProgress />}
        {totp.isError && <Alert severity="error">{WS_MSG.storedUserTotpError}</Alert>}
        {totp.data && (
          <>
            <Typography aria-label="TOTP code" sx={{ fontFamily: 'monospace', fontSize: 40, letterSpacing: 8, fontWeight: 700 }}>
              {totp.data}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Valid for {left} more second{left === 1 ? '' : 's'}
            </Typography>
            <CopyButton text={totp.data} ariaLabel="Copy TOTP code" />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
