import type { PlainEnglishBody, PlainEnglishResponse } from '@stepwise/shared';
import { api } from '../../../api/client';
import type { BodyOf, DtoOf } from '../../../api/contract';
import type { WorkspaceRef } from '../../workspace/use-workspace';

export type PlainEnglishResult = DtoOf<typeof PlainEnglishResponse>;
export type PlainEnglishInput = Omit<BodyOf<typeof PlainEnglishBody>, 'projectId' | 'branch' | 'isPrivateRepo'>;

/** Walks the English steps in a browser at the environment, writes the code that passed and saves the scenario (a few seconds per step). */
export function generateFromPlainEnglish(ref: WorkspaceRef, input: PlainEnglishInput): Promise<PlainEnglishResult> {
  return api.post<PlainEnglishResult>('ai/plain-english', { ...ref, ...input });
}
