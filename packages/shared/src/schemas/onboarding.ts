import { z } from 'zod';
import { idSchema } from './common.ts';

export const OnboardingInitBody = z.object({ userId: idSchema });
export const OnboardingProgressBody = z.object({ userId: idSchema, lastCompletedStep: z.number().int().min(0).max(10) });
export const OnboardingResponse = z.object({ status: z.literal('success'), userId: z.string(), lastCompletedStep: z.number() });
