import { ONBOARDING_STEPS, type SignInResponse } from '@stepwise/shared';
import { useCallback } from 'react';
import { fetchInvitations } from '../invitations/invitations.api';
import { safeCallbackUrl, takeInvitationLink } from './redirects';

/**
 * Where to go after sign-in: the callback URL, else a saved invitation link, else (while onboarding
 * is below step 2 and invitations are pending) the invitations page, else the start screen.
 */
export function usePostLoginTarget() {
  return useCallback(async (response: SignInResponse, callbackUrl: string | null): Promise<string> => {
    const invitationLink = takeInvitationLink();
    const callback = safeCallbackUrl(callbackUrl);
    if (callback) return callback;
    if (invitationLink) return invitationLink;
    if (response.user.lastCompletedStep < ONBOARDING_STEPS.projectCreated) {
      try {
        if ((await fetchInvitations()).length > 0) return '/invitations';
      } catch {
        // no invitations information: go to the start screen
      }
    }
    return '/';
  }, []);
}
