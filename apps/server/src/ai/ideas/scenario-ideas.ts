import {
  DEFAULT_TAG, fillPlaceholders, IDEA_MSG, ideaError, ideaGherkin, ideaSteps, parseIdeaParameters,
  type ScenarioCreationBody, type ScenarioIdeaDto, type ScenarioIdeasBody,
} from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { branchHead } from '../../environments/workspace-io.ts';
import type { AuthContext } from '../../http/auth-plugin.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { aiProvider } from '../ai-provider.ts';
import { saveScenarioWithCode, type SavedScenario } from '../scenario-with-code.ts';
import { allowanceOf, chooseEnvironment, requireIdeasAccess } from './ideas-access.ts';
import { knownStepPatterns, memoryKnowledge, trialKnowledge, type Knowledge } from './ideas-sources.ts';

const MAX_STEPS = 50;

/**
 * runs/scenarios/ideas: ideas from the description and what the product knows of the application
 * (the runs' memory; when it has nothing, the environment opened in a trial), at most the plan's
 * remaining allowance.
 */
export async function scenarioIdeas(ctx: AppContext, auth: AuthContext, body: ScenarioIdeasBody): Promise<ScenarioIdeaDto[]> {
  const scope = await requireIdeasAccess(ctx, auth, body.projectId);
  const max = allowanceOf(scope);
  const at = await branchHead(ctx, body.projectId, body.branch);
  let knowledge: Knowledge | null = await memoryKnowledge(ctx, body.projectId);
  if (!knowledge) {
    const env = await chooseEnvironment(ctx, auth, body.projectId, at, { name: body.environment });
    knowledge = await trialKnowledge(ctx, body.projectId, at.head, env).catch((err: Error) => {
      throw new HttpError(503, `The browser that reads the application could not start: ${err.message.split('\n')[0]}`);
    });
    if (knowledge.pages.length === 0) throw badRequest(`The application at ${env.baseUrl} (environment ${env.name}) could not be opened to read its pages.`);
  }
  const knownSteps = await knownStepPatterns(at.repo, at.head);
  return aiProvider(ctx).ideas({ description: body.description, knownPages: knowledge.pages, knownSteps, max, transitions: knowledge.transitions });
}

/**
 * runs/scenarios/scenario-creation: one idea saved as a scenario of the feature. The flow's steps
 * with the example's values are walked in a trial (code for each), then the scenario is pushed:
 * a Scenario Outline whose Examples hold the parameters, or a plain Scenario, tagged @regression.
 */
export async function createScenarioFromIdea(ctx: AppContext, auth: AuthContext, body: ScenarioCreationBody): Promise<SavedScenario> {
  const scope = await requireIdeasAccess(ctx, auth, body.projectId, body.access_key);
  const parameters = parseIdeaParameters(body.parameters);
  if (!parameters) throw badRequest(IDEA_MSG.parametersInvalid);
  const idea = { name: body.name, flow: body.flow, parameters };
  const invalid = ideaError(idea);
  if (invalid) throw badRequest(invalid);
  const steps = ideaSteps(body.flow);
  if (steps.length > MAX_STEPS) throw badRequest(`A scenario of more than ${MAX_STEPS} steps is too long to generate at once`);
  // The plan's cap and the environment are checked before any browser starts.
  allowanceOf(scope);
  const at = await branchHead(ctx, body.projectId, body.branch);
  const env = await chooseEnvironment(ctx, auth, body.projectId, at, { name: body.environment, url: body.url });
  const target = { projectId: body.projectId, branch: body.branch, environment: env.name };
  const tried = steps.map((s) => ({ keyword: s.keyword, text: fillPlaceholders(s.text, parameters) }));
  return saveScenarioWithCode(ctx, auth, target, tried, {
    featureName: body.featureName,
    parentPath: body.parentPath,
    isPrivateRepo: body.isPrivateRepo,
    gherkin: ideaGherkin(body.name, body.flow, parameters, [DEFAULT_TAG]),
    what: `generate steps for ${body.name.trim()}`,
  });
}
