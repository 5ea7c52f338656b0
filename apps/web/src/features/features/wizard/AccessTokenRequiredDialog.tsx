import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { AppDialog } from '../../../components/AppDialog';

/** Spec 001: "AI scenario generation needs an access token; otherwise the access-token-required dialog appears". */
export function AccessTokenRequiredDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  return (
    <AppDialog open onClose={onClose} maxWidth="xs" aria-labelledby="token-required-title">
      <DialogTitle id="token-required-title">Access token required</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>AI scenario generation needs an access token for this project.</Typography>
        <Typography color="text.secondary">Create one in the project&apos;s settings, then come back to generate scenarios from your description.</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" component={Link} to={`/${projectId}/settings/access-tokens`} startIcon={<KeyOutlinedIcon />}>
          Go to access tokens
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
