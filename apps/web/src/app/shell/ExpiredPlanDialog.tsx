import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { AppDialog } from '../../components/AppDialog';

export function ExpiredPlanDialog({ open, projectName, onClose }: { open: boolean; projectName: string; onClose: () => void }) {
  return (
    <AppDialog open={open} onClose={onClose} maxWidth="xs" aria-labelledby="expired-title">
      <DialogTitle id="expired-title">{MSG.licenceExpired}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>The plan of {projectName} has expired.</Typography>
        <Typography color="text.secondary">
          You can still browse the project, but creating, editing, deleting, generating, recording and executing are blocked until
          the plan is renewed. Please contact your Stepwise administrator.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
