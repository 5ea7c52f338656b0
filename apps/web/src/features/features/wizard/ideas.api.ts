import { SCENARIO_CREATION_SOURCE, type ScenarioCreationBody, type ScenarioCreationResponse, type ScenarioIdeaDto, type ScenarioIdeasResponse } from '@stepwise/shared';
import { apiRequest } from '../../../api/client';
import type { BodyOf } from '../../../api/contract';
import type { WorkspaceRef } from '../../workspace/use-workspace';

/** Scenario ideas for a description (runs/scenarios/ideas): at most the plan's remaining allowance. */
export async function fetchIdeas(ref: WorkspaceRef, description: string, environment: string | null): Promise<ScenarioIdeaDto[]> {
  const body = { ...ref, description, ...(environment ? { environment } : {}) };
  const res = await apiRequest<ScenarioIdeasResponse>('runs/scenarios/ideas', { method: 'POST', body });
  return res.result;
}

export type ScenarioCreationInput = Omit<BodyOf<typeof ScenarioCreationBody>, 'projectId' | 'branch' | 'isPrivateRepo'>;

/** One idea saved as a scenario of the feature, its steps given code in a browser (a few seconds per step). */
export function createScenarioFromIdea(ref: WorkspaceRef, input: ScenarioCreationInput): Promise<ScenarioCreationResponse> {
  return apiRequest<ScenarioCreationResponse>('runs/scenarios/scenario-creation', {
    method: 'POST',
    body: { ...ref, ...input },
    headers: { 'X-Source': SCENARIO_CREATION_SOURCE },
  });
}
