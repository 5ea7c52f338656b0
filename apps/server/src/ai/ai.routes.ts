import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TAG, PlainEnglishBody, type PlainEnglishResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import { pushScenario } from '../workspace/push-scenario.service.ts';
import { aiProvider } from './ai-provider.ts';
import { englishSteps, scenarioGherkin } from './plain-english.ts';
import { generateSteps, saveGeneratedSteps } from './step-generation.ts';

/** The AI calls of the features area (the spec names no path for Plain English: ours is ai/plain-english). */
export const aiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/ai/plain-english', { schema: { body: PlainEnglishBody } }, async (req): Promise<PlainEnglishResponse> => {
    const auth = authOf(req);
    const body = req.body;
    const steps = englishSteps(body.text);
    if (steps.length === 0) throw badRequest('Describe the scenario in English first');
    if (steps.length > 50) throw badRequest('A scenario of more than 50 steps is too long to generate at once');
    // The scenario's own write checks (membership, licence, scenario cap, names) come first, before any browser starts.
    const writer = workspaceServices(ctx).writer;
    await writer.scope(auth, body.projectId);
    const target = { projectId: body.projectId, branch: body.branch, environment: body.environment };
    const { outcomes } = await generateSteps(ctx, aiProvider(ctx), auth, target, steps);
    await saveGeneratedSteps(ctx, auth, target, outcomes, `generate steps for ${body.scenarioName}`);
    // Tagged like the other ways of adding a scenario, so that the planner can pick it by its tag.
    const gherkin = scenarioGherkin(body.scenarioName, steps, [DEFAULT_TAG]);
    const saved = await pushScenario(ctx, writer, auth, {
      projectId: body.projectId,
      branch: body.branch,
      isPrivateRepo: body.isPrivateRepo,
      name: body.featureName,
      parentPath: body.parentPath,
      data: gherkin,
      scenarioIndex: null,
      featureIndex: null,
    });
    return {
      status: 'success',
      path: saved.path ?? '',
      scenarioIndex: saved.scenarioIndex,
      scenarioName: saved.scenarioName,
      gherkin,
      steps: outcomes.map((o) => ({ keyword: o.keyword, text: o.text, source: o.source, reasoning: o.reasoning, candidates: o.candidates, expression: o.step?.expression ?? null })),
      commit: saved.commit,
    };
  });
};
