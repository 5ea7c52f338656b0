import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ScenarioCreationBody, ScenarioIdeasBody, SCENARIO_CREATION_SOURCE, type ScenarioCreationResponse, type ScenarioIdeasResponse,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { requireIdeasAccess } from './ideas/ideas-access.ts';
import { createScenarioFromIdea, scenarioIdeas } from './ideas/scenario-ideas.ts';

/**
 * The AI path of the add-scenario wizard (spec 001 section 7, runs-service calls). Both take a session
 * or the project's access key as bearer (docs/DECISIONS.md).
 */
export const ideasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/runs/scenarios/ideas', { config: { accessKey: true }, schema: { body: ScenarioIdeasBody } }, async (req): Promise<ScenarioIdeasResponse> => {
    return { status: 'success', result: await scenarioIdeas(ctx, authOf(req), req.body) };
  });

  app.post('/runs/scenarios/scenario-creation', { config: { accessKey: true }, schema: { body: ScenarioCreationBody } }, async (req): Promise<ScenarioCreationResponse> => {
    const auth = authOf(req);
    if (req.headers['x-source'] !== SCENARIO_CREATION_SOURCE) {
      await requireIdeasAccess(ctx, auth, req.body.projectId, req.body.access_key);
      throw badRequest(`Scenario creation needs the header X-Source: ${SCENARIO_CREATION_SOURCE}`);
    }
    return { status: 'success', ...(await createScenarioFromIdea(ctx, auth, req.body)) };
  });
};
