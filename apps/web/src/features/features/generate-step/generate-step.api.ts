import type { GenerateStepBody, GenerateStepResponse } from '@stepwise/shared';
import { api } from '../../../api/client';
import type { BodyOf, DtoOf } from '../../../api/contract';
import type { WorkspaceRef } from '../../workspace/use-workspace';

export type GenerateStepResult = DtoOf<typeof GenerateStepResponse>;
export type GenerateStepInput = Omit<BodyOf<typeof GenerateStepBody>, 'projectId' | 'branch' | 'isPrivateRepo'>;

/** Walks the scenario in a browser up to the step, writes its code from that page and saves it when it passed (seconds). */
export function generateStepCode(ref: WorkspaceRef, input: GenerateStepInput): Promise<GenerateStepResult> {
  return api.post<GenerateStepResult>('ai/generate-step', { ...ref, ...input });
}
