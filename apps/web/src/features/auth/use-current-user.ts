import type { UserDto } from '@stepwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSignedIn } from '../../api/session';
import { fetchCurrentUser } from './auth.api';
import { currentUserKey } from './auth-keys';

/** The signed-in user (session-to-user lookup); disabled without a session. */
export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery<UserDto>({ queryKey: currentUserKey, queryFn: fetchCurrentUser, enabled: signedIn, retry: false });
}

/** The signed-in user inside the guarded area, where it is always loaded. */
export function useUser(): UserDto {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useUser() used outside the authenticated area');
  return data;
}
