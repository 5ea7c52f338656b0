import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { fetchOnboarding, updateOnboardingProgress } from './onboarding.api';

export const onboardingKey = (userId: string) => ['onboarding', userId] as const;

/** lastCompletedStep of the signed-in user; falls back to the value carried by the user record. */
export function useOnboardingStep() {
  const user = useCurrentUser().data;
  const query = useQuery({
    queryKey: onboardingKey(user?.userId ?? ''),
    queryFn: () => fetchOnboarding(user!.userId),
    enabled: !!user,
  });
  const step = query.data ?? (query.isError ? user?.lastCompletedStep : undefined);
  return { step, isLoading: step === undefined && !query.isError && !!user, query };
}

/** Raises lastCompletedStep to `step` (never lowers it). Best effort: failures are ignored. */
export function useAdvanceOnboarding() {
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const mutation = useMutation({
    mutationFn: ({ userId, step }: { userId: string; step: number }) => updateOnboardingProgress(userId, step),
    onSuccess: (_r, { userId, step }) => queryClient.setQueryData(onboardingKey(userId), step),
  });
  const { mutateAsync } = mutation;
  return useCallback(
    async (step: number, userId = user?.userId) => {
      if (!userId) return;
      const current = queryClient.getQueryData<number>(onboardingKey(userId));
      if (current !== undefined && current >= step) return;
      await mutateAsync({ userId, step }).catch(() => {});
    },
    [mutateAsync, queryClient, user?.userId],
  );
}
