import type { StepUpdateBody, StepUpdateResponse } from '@stepwise/shared';
import { api } from '../../../api/client';
import type { BodyOf, DtoOf } from '../../../api/contract';
import type { WorkspaceRef } from '../../workspace/use-workspace';

export type StepUpdateInput = Pick<BodyOf<typeof StepUpdateBody>, 'user_request' | 'function_name' | 'mjs_file_content'>;
export type StepUpdateResult = DtoOf<typeof StepUpdateResponse>['result'];

/** The step's file with the step updated as asked (nothing is saved: the editor reviews it). */
export async function requestStepUpdate(ref: WorkspaceRef, input: StepUpdateInput): Promise<StepUpdateResult> {
  const res = await api.post<DtoOf<typeof StepUpdateResponse>>('runs/process-user-request/generate', { ...ref, ...input });
  return res.result;
}
