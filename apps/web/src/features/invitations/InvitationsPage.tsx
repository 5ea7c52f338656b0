import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSignedIn } from '../../api/session';
import { AuthLayout } from '../../components/AuthLayout';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useCurrentUser } from '../auth/use-current-user';
import { InvitationListItem } from './InvitationListItem';
import { LoginRequired } from './LoginRequired';
import { useInvitations } from './use-invitations';

/** /invitations: pending invitations of the signed-in user's address. */
export function InvitationsPage() {
  const signedIn = useSignedIn();
  const user = useCurrentUser().data;
  const invitations = useInvitations(signedIn);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn) return <LoginRequired />;
  if (invitations.isLoading || !user) return <FullScreenLoader />;
  const list = invitations.data ?? [];

  return (
    <AuthLayout title="Project invitations" subtitle="Join the projects your teammates invited you to." width={560}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {invitations.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {invitations.error.message}
        </Alert>
      )}
      {list.length === 0 && !invitations.isError && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You have no pending invitations.
        </Typography>
      )}
      {list.map((invitation) => (
        <InvitationListItem key={invitation._id} invitation={invitation} email={user.email} onError={setError} />
      ))}
      <Button component={Link} to="/" variant="text" fullWidth sx={{ mt: 1 }}>
        Continue to Stepwise
      </Button>
    </AuthLayout>
  );
}
