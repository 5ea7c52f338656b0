import type { RemoveUnusedStepsBody, UnusedStepRef } from '@stepwise/shared';
import { api } from '../../api/client';
import type { BodyOf, DtoOf } from '../../api/contract';
import type { WorkspaceRef } from '../workspace/use-workspace';

export type UnusedStep = DtoOf<typeof UnusedStepRef>;

export async function fetchUnusedSteps(ref: WorkspaceRef): Promise<UnusedStep[]> {
  const res = await api.post<{ unusedStepDefinitions: UnusedStep[] }>(`workspace/get-unused-step-definitions?branch=${encodeURIComponent(ref.branch)}`, {
    projectId: ref.projectId,
    isPrivateRepo: ref.isPrivateRepo,
  });
  return res.unusedStepDefinitions;
}

/** Removes the given definitions, grouped by file; answers how many were removed. */
export async function removeUnusedSteps(ref: WorkspaceRef, steps: UnusedStep[]): Promise<number> {
  const byFile = new Map<string, Array<{ keyword: string; pattern: string }>>();
  for (const s of steps) byFile.set(s.uri, [...(byFile.get(s.uri) ?? []), { keyword: s.keyword, pattern: s.pattern }]);
  const body: BodyOf<typeof RemoveUnusedStepsBody> = {
    projectId: ref.projectId,
    isPrivateRepo: ref.isPrivateRepo,
    input: [...byFile].map(([filePath, stepDefinitions]) => ({ filePath, stepDefinitions })),
  };
  const res = await api.post<{ removed?: number }>(`workspace/remove-unused-steps?branch=${encodeURIComponent(ref.branch)}`, body);
  return typeof res.removed === 'number' ? res.removed : steps.length;
}
