import { WS_MSG, type GenerateStepBody, type GenerateStepResponse } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { branchHead } from '../environments/workspace-io.ts';
import { findEnvironment } from '../execution-runs/run-inputs.ts';
import { findFeature, type ScenarioStep } from '../steps/feature-steps.ts';
import { STEPS_DIR } from '../steps/step-files.ts';
import { loadStepWorkspace, resolveStep } from '../steps/step-workspace.ts';
import { workspaceServices } from '../workspace/workspace-services.ts';
import { AI_STEPS_FILE } from './ai-steps-file.ts';
import type { AiProvider, PageSnapshot } from './ai-types.ts';
import { matchStep } from './offline/step-expression.ts';
import { generateOne, openGenerationTrial, saveGeneratedSteps, type StepOutcome } from './step-generation.ts';
import type { TrialSession } from './trial-session.ts';

type Body = Omit<GenerateStepBody, 'isPrivateRepo'>;

/**
 * Code for one step of a saved scenario that has none: the scenario is walked in a trial at the
 * environment up to the step (the steps before it run with their code, so the page is the one the step
 * starts on in a run), the provider writes the step's code from that page, and the code is saved to
 * steps/ai_generated.mjs only if it passed there.
 */
export async function generateScenarioStep(ctx: AppContext, provider: AiProvider, auth: AuthContext, body: Body): Promise<GenerateStepResponse> {
  // Membership and licence, as every write of the features area; before any browser starts.
  await workspaceServices(ctx).writer.scope(auth, body.projectId);
  const { repo, head } = await branchHead(ctx, body.projectId, body.branch);
  const ws = await loadStepWorkspace(repo, head);
  const feature = findFeature(ws.features, body.featurePath);
  if (!feature) throw notFound(WS_MSG.featureNotFound);
  const scenario = feature.scenarios.find((s) => s.name === body.scenarioName) ?? feature.scenarios.find((s) => s.name.trim() === body.scenarioName.trim());
  if (!scenario) throw notFound(WS_MSG.scenarioNotFound);
  const index = scenario.steps.findIndex((s) => s.text.trim() === body.stepText.trim());
  if (index < 0) throw notFound(`The scenario "${scenario.name}" has no step "${body.stepText}"`);
  const step = scenario.steps[index];
  const { definition, implemented } = resolveStep(ws, step);
  if (implemented) {
    const where = definition?.builtin ? 'the built-in step library' : (definition?.file ?? 'a step file');
    throw conflict(`This step already has code in ${where}: open it with View code to change it`);
  }
  const env = await findEnvironment(repo, head, body.environment);
  if (!env) throw notFound(`There is no environment "${body.environment}" on the branch ${body.branch}: create it first`);

  const target = { projectId: body.projectId, branch: body.branch, environment: env.name };
  const trial = await openGenerationTrial(ctx, auth, target).catch((err: unknown) => {
    if (err instanceof HttpError) throw err;
    throw new HttpError(502, `The browser that tries the code could not open the application: ${firstLine(err)}`);
  });
  let outcome: StepOutcome;
  const notes: string[] = [];
  try {
    const page = await walkTo(provider, trial, scenario.steps.slice(0, index), notes);
    outcome = (await generateOne(provider, trial.session, { keyword: step.keywordType, text: step.texts[0] }, page, trial.known, trial.baseUrl)).result;
  } finally {
    trial.session.close();
  }
  outcome = everyRow(outcome, step);
  const commit = outcome.source === 'ai' ? await saveGeneratedSteps(ctx, auth, target, [outcome], `generate code for the step "${step.text}"`) : null;
  return {
    status: 'success',
    step: { keyword: step.keywordType, text: step.text, source: outcome.source, reasoning: outcome.reasoning, candidates: outcome.candidates, expression: outcome.step?.expression ?? null },
    file: commit ? AI_STEPS_FILE.slice(STEPS_DIR.length + 1) : null,
    commit,
    notes,
  };
}

type Trial = Awaited<ReturnType<typeof openGenerationTrial>>;

/**
 * Runs `steps` (those before the one to generate) in the trial: with their code when they have some;
 * one without is generated and tried like the others, to move the page on, but not saved. What did
 * not go as written goes into `notes`. Gives the page the next step starts on.
 */
async function walkTo(provider: AiProvider, trial: Trial, steps: readonly ScenarioStep[], notes: string[]): Promise<PageSnapshot> {
  const { session, known, baseUrl } = trial;
  let page = trial.page;
  for (const [i, s] of steps.entries()) {
    const text = s.texts[0];
    const name = `Step ${i + 1}, ${s.keyword.trim()} ${text},`;
    const ran = await runExisting(session, text, page);
    if (ran.matched) {
      if (ran.error) notes.push(`${name} failed on the way: ${ran.error}`);
      page = ran.page;
      continue;
    }
    const generated = await generateOne(provider, session, { keyword: s.keywordType, text }, page, known, baseUrl);
    notes.push(
      generated.result.source === 'ai'
        ? `${name} has no code yet: code made for it on the way passed there, and was not saved`
        : `${name} has no code yet, and none could be made on the way: the walk went on from the same page`,
    );
    page = generated.page;
    if (!known.some((k) => k.url === page.url)) known.push(page);
  }
  return page;
}

async function runExisting(session: TrialSession, text: string, page: PageSnapshot): Promise<{ matched: boolean; page: PageSnapshot; error?: string }> {
  try {
    return await session.step(text);
  } catch (err) {
    return { matched: true, page: await session.snapshot().catch(() => page), error: firstLine(err) };
  }
}

/** A Scenario Outline's step runs once per example row: generated code must match every row's text. */
function everyRow(outcome: StepOutcome, step: ScenarioStep): StepOutcome {
  if (outcome.source !== 'ai' || !outcome.step) return outcome;
  const missed = step.texts.find((t) => !matchStep(outcome.step!.expression, t));
  if (missed === undefined) return outcome;
  return { ...outcome, source: 'stub', step: undefined, reasoning: `The code made for the first example row ("${outcome.step.expression}") does not match the row "${missed}".` };
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}
