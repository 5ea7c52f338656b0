import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPANY_SIGN_IN_LABEL, COMPANY_SIGN_IN_PATH, MSG, ssoErrorText } from '@stepwise/shared';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { useSignedIn } from '../../api/session';
import { AuthLayout } from '../../components/AuthLayout';
import { InputField } from '../../components/InputField';
import { useAppConfig } from '../config/use-app-config';
import { signIn } from './auth.api';
import { safeCallbackUrl } from './redirects';
import { usePostLoginTarget } from './use-post-login-target';
import { useSessionActions } from './use-session-actions';

export function LoginPage() {
  const [params] = useSearchParams();
  const callbackUrl = params.get('callbackUrl');
  const sessionActive = useSignedIn();
  const config = useAppConfig();
  const navigate = useNavigate();
  const { startSession } = useSessionActions();
  const postLoginTarget = usePostLoginTarget();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** Why a company sign-in came back refused (/login?ssoError=<code>). */
  const ssoError = ssoErrorText(params.get('ssoError'));
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  if (sessionActive && !busy && !signedIn) return <Navigate to={safeCallbackUrl(callbackUrl) ?? '/'} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(MSG.fillAllFields);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await signIn({ email: email.trim(), password });
      setSignedIn(true);
      startSession(response);
      navigate(await postLoginTarget(response, callbackUrl), { replace: true });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const signupHref = callbackUrl ? `/signup?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/signup';
  const safeCallback = safeCallbackUrl(callbackUrl);
  const companyHref = safeCallback ? `${COMPANY_SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(safeCallback)}` : COMPANY_SIGN_IN_PATH;
  const subtitle = config.companySignIn ? 'Welcome back. Use your company account, or your e-mail and password.' : 'Welcome back. Enter your e-mail and password.';
  return (
    <AuthLayout title="Log in to Stepwise" subtitle={subtitle}>
      {config.companySignIn && (
        <>
          {/* A full-page navigation: the server sends the browser on to the identity provider. */}
          <Button href={companyHref} variant="contained" size="large" fullWidth>
            {COMPANY_SIGN_IN_LABEL}
          </Button>
          {ssoError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {ssoError}
            </Alert>
          )}
          <Divider sx={{ my: 3, color: 'text.secondary' }}>or</Divider>
        </>
      )}
      {!config.companySignIn && ssoError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {ssoError}
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <InputField label="Email" type="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          <InputField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" variant={config.companySignIn ? 'outlined' : 'contained'} size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
            LOG IN
          </Button>
        </Stack>
      </form>
      {config.signupEnabled && (
        <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
          Don't have an account?{' '}
          <Link component={RouterLink} to={signupHref} sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </Typography>
      )}
    </AuthLayout>
  );
}
