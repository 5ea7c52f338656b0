import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG } from '@stepwise/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout';
import { saveInvitationLink } from '../auth/redirects';

/** Logged-out visitor of an invitation page: the link is kept and restored after login. */
export function LoginRequired() {
  const location = useLocation();
  const navigate = useNavigate();
  const link = location.pathname + location.search;

  useEffect(() => saveInvitationLink(link), [link]);

  return (
    <AuthLayout title="Project invitation">
      <Typography sx={{ mb: 3 }}>{MSG.invitationLoginRequired}</Typography>
      <Button variant="contained" size="large" fullWidth onClick={() => navigate(`/login?callbackUrl=${encodeURIComponent(link)}`)}>
        Login
      </Button>
    </AuthLayout>
  );
}
