import { api } from '../../api/client';

export async function fetchOnboarding(userId: string): Promise<number> {
  const body = await api.get<{ lastCompletedStep: number }>(`workspace/onboarding/${encodeURIComponent(userId)}`);
  return body.lastCompletedStep;
}

export function initOnboarding(userId: string): Promise<unknown> {
  return api.post('workspace/onboarding/init', { userId });
}

export function updateOnboardingProgress(userId: string, lastCompletedStep: number): Promise<unknown> {
  return api.patch('workspace/onboarding/progress', { userId, lastCompletedStep });
}
