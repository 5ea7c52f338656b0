import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useCurrentUser } from '../auth/use-current-user';
import { useAcceptInvitation, useDeclineInvitation, useVerifyInvitation } from './use-invitations';

interface Props {
  id: string;
  invitedBy: string;
  projectName: string;
}

export function InvitationDecision({ id, invitedBy, projectName }: Props) {
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const verify = useVerifyInvitation(id);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  if (verify.isLoading || !user) return <FullScreenLoader />;
  if (declined) {
    return (
      <AuthLayout title="Project invitation">
        <Alert severity="info" sx={{ mb: 3 }}>
          {MSG.invitationDeclined}
        </Alert>
        <Button component={Link} to="/" variant="outlined" fullWidth>
          Go to Stepwise
        </Button>
      </AuthLayout>
    );
  }
  if (verify.isError || !verify.data) {
    return (
      <AuthLayout title="Project invitation">
        <Alert severity="error" sx={{ mb: 3 }}>
          {MSG.invitationInvalidLink}
        </Alert>
        <Button component={Link} to="/" variant="outlined" fullWidth>
          Go to Stepwise
        </Button>
      </AuthLayout>
    );
  }

  const invitation = verify.data;
  const busy = accept.isPending || decline.isPending;
  return (
    <AuthLayout title="Project invitation">
      <Typography sx={{ mb: 1 }}>
        <strong>{invitation.sent_by || invitedBy}</strong> invited you to join the project
      </Typography>
      <Typography variant="h5" component="p" sx={{ mb: 3, color: 'primary.main', fontWeight: 700 }}>
        {invitation.project_name || projectName}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          fullWidth
          disabled={busy}
          startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={async () => {
            setError(null);
            try {
              const project = await accept.mutateAsync(id);
              navigate(`/${project._id}/dashboard`, { replace: true });
            } catch {
              setError(MSG.invitationAcceptError);
            }
          }}
        >
          ACCEPT
        </Button>
        <Button
          variant="outlined"
          fullWidth
          disabled={busy}
          onClick={async () => {
            setError(null);
            try {
              await decline.mutateAsync({ email: user.email, id });
              setDeclined(true);
            } catch {
              setError(MSG.invitationDeclineError);
            }
          }}
        >
          DECLINE
        </Button>
      </Stack>
    </AuthLayout>
  );
}
