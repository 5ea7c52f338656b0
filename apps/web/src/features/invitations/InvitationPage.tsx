import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MSG } from '@stepwise/shared';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSignedIn } from '../../api/session';
import { AuthLayout } from '../../components/AuthLayout';
import { clearInvitationLink } from '../auth/redirects';
import { InvitationDecision } from './InvitationDecision';
import { LoginRequired } from './LoginRequired';

function linkProblem(params: URLSearchParams): string | null {
  if (!params.get('id')) return MSG.invitationNoId;
  if (!params.get('invited_by')) return MSG.invitationNoInviter;
  if (!params.get('project')) return MSG.invitationNoProject;
  return null;
}

/** /invitation?id=&invited_by=&project=: accept or decline one invitation. */
export function InvitationPage() {
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const problem = linkProblem(params);

  useEffect(() => {
    if (signedIn && !problem) clearInvitationLink();
  }, [signedIn, problem]);

  if (problem) {
    return (
      <AuthLayout title="Project invitation">
        <Alert severity="error" sx={{ mb: 3 }}>
          {problem}
        </Alert>
        <Button component={Link} to="/" variant="outlined" fullWidth>
          Go to Stepwise
        </Button>
      </AuthLayout>
    );
  }
  if (!signedIn) return <LoginRequired />;
  return <InvitationDecision id={params.get('id')!} invitedBy={params.get('invited_by')!} projectName={params.get('project')!} />;
}
