import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ONBOARDING_PROGRESS, ONBOARDING_STEPS, type SignInResponse } from '@stepwise/shared';
import { useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSignedIn } from '../../api/session';
import { AuthLayout } from '../../components/AuthLayout';
import { trackEvent } from '../../lib/track-event';
import { safeCallbackUrl, takeInvitationLink } from '../auth/redirects';
import { useSessionActions } from '../auth/use-session-actions';
import { clientDownloadHref } from '../config/config.api';
import { useAppConfig } from '../config/use-app-config';
import { DownloadStep } from './DownloadStep';
import { initOnboarding } from './onboarding.api';
import { OnboardingProgress } from './OnboardingProgress';
import { SignupForm } from './SignupForm';
import { useAdvanceOnboarding } from './use-onboarding';

type Phase = 'form' | 'download' | 'install' | 'done';
const PROGRESS: Record<Phase, number> = { form: ONBOARDING_PROGRESS[0], download: ONBOARDING_PROGRESS[1], install: ONBOARDING_PROGRESS[2], done: ONBOARDING_PROGRESS[3] };
const ACTIVE_STEP: Record<Phase, number> = { form: 0, download: 1, install: 1, done: 3 };

export function SignupPage() {
  const signedIn = useSignedIn();
  const signedInAtMount = useRef(signedIn).current;
  const [params] = useSearchParams();
  const config = useAppConfig();
  const navigate = useNavigate();
  const { startSession } = useSessionActions();
  const advanceOnboarding = useAdvanceOnboarding();
  const [phase, setPhase] = useState<Phase>('form');
  const [userId, setUserId] = useState<string | null>(null);

  if (signedInAtMount) return <Navigate to="/" replace />;

  async function onSignedUp(response: SignInResponse) {
    startSession(response);
    setUserId(response.user.userId);
    await initOnboarding(response.user.userId).catch(() => {});
    trackEvent('signup');
    const callback = safeCallbackUrl(params.get('callbackUrl'));
    const invitation = takeInvitationLink() ?? (callback?.startsWith('/invitation') ? callback : null);
    if (invitation) {
      navigate(invitation, { replace: true });
      return;
    }
    setPhase('download');
  }

  async function onDownload() {
    window.open(clientDownloadHref(config), '_blank', 'noopener');
    trackEvent('download_editor');
    setPhase('install');
    if (userId) await advanceOnboarding(ONBOARDING_STEPS.downloaded, userId);
  }

  function onInstalled() {
    setPhase('done');
    setTimeout(() => navigate('/home', { replace: true }), 800);
  }

  if (phase === 'form' && !config.signupEnabled) {
    return (
      <AuthLayout title="Sign-up is disabled">
        <Typography color="text.secondary">
          Ask your Stepwise administrator for an account, then{' '}
          <Link component={RouterLink} to="/login">
            log in
          </Link>
          .
        </Typography>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={phase === 'form' ? 'Create your Stepwise account' : 'Welcome to Stepwise'} width={680}>
      <OnboardingProgress activeStep={ACTIVE_STEP[phase]} progress={PROGRESS[phase]} />
      {phase === 'form' && (
        <>
          <SignupForm onSignedUp={onSignedUp} />
          <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
            Already have an account?{' '}
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              Log in
            </Link>
          </Typography>
        </>
      )}
      {(phase === 'download' || phase === 'install') && (
        <DownloadStep downloaded={phase === 'install'} onDownload={onDownload} onInstalled={onInstalled} />
      )}
      {phase === 'done' && <Typography role="status">All set! Taking you to your home page...</Typography>}
    </AuthLayout>
  );
}
