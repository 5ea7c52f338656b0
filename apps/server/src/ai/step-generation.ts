import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { branchHead, commitChange } from '../environments/workspace-io.ts';
import { findEnvironment, openRunSecrets } from '../execution-runs/run-inputs.ts';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { loadStepWorkspace } from '../steps/step-workspace.ts';
import { addStubToFile } from '../steps/step-stub.ts';
import { USER_FUNCTIONS_FILE } from '../workspace/workspace-layout.ts';
import type { FileChange } from '../workspace/git-repo.ts';
import { addAiSteps, AI_STEPS_FILE } from './ai-steps-file.ts';
import type { AiProvider, GeneratedStep, PageSnapshot } from './ai-types.ts';
import type { EnglishStep } from './plain-english.ts';
import { TrialSession } from './trial-session.ts';

/** What became of one English step. */
export interface StepOutcome {
  keyword: EnglishStep['keyword'];
  text: string;
  /** existing: a step of the library or the workspace has it; ai: code was generated and passed its trial; stub: no working code. */
  source: 'existing' | 'ai' | 'stub';
  reasoning: string;
  candidates: string[];
  /** The generated definition (source ai). */
  step?: GeneratedStep;
}

export interface GenerationTarget {
  projectId: string;
  branch: string;
  environment: string;
}

/**
 * Walks `steps` in a trial session at the environment: a step an existing definition has is run as it
 * is; for any other the provider writes code from the page the step starts on, and the code is kept
 * only if it passes there (once more from the page after a failure, with the error in the request).
 * A step without working code gets an honest stub and the walk goes on from the same page.
 */
export async function generateSteps(ctx: AppContext, provider: AiProvider, auth: AuthContext, target: GenerationTarget, steps: readonly EnglishStep[]): Promise<{ outcomes: StepOutcome[]; commit: string }> {
  const { session, page: first, known, baseUrl, head } = await openGenerationTrial(ctx, auth, target);
  const outcomes: StepOutcome[] = [];
  try {
    let page = first;
    for (const s of steps) {
      const ran = await session.step(s.text).catch((err: Error) => ({ matched: true, page, error: err.message }));
      if (ran.matched) {
        const error = 'error' in ran ? ran.error : null;
        outcomes.push({ ...s, source: 'existing', reasoning: error ? `An existing step has this text; it failed here: ${error}` : 'An existing step has this text.', candidates: [] });
        page = ran.page;
        continue;
      }
      const outcome = await generateOne(provider, session, s, page, known, baseUrl);
      outcomes.push(outcome.result);
      page = outcome.page;
      if (!known.some((k) => k.url === page.url)) known.push(page);
    }
  } finally {
    session.close();
  }
  return { outcomes, commit: head };
}

/** A trial session at the target's environment on the branch head, with the environment's test data and base URL. */
export async function openGenerationTrial(ctx: AppContext, auth: AuthContext, target: GenerationTarget): Promise<{ session: TrialSession; page: PageSnapshot; known: PageSnapshot[]; baseUrl: string; head: string }> {
  const { project } = await requireMember(ctx.db, auth, target.projectId);
  const { repo, head } = await branchHead(ctx, target.projectId, target.branch);
  const env = await findEnvironment(repo, head, target.environment);
  if (!env) throw notFound(EXECUTION_MESSAGES.noEnvironment);
  if (!env.baseUrl) throw badRequest('The environment has no base URL to open');
  const secrets = await openRunSecrets(ctx, project, repo, head, env.name);
  const opened = await TrialSession.open(ctx, { projectId: target.projectId, commit: head, env: { name: env.name, baseUrl: env.baseUrl }, testData: secrets.testData });
  return { ...opened, baseUrl: env.baseUrl, head };
}

/**
 * Code for one step from the page it starts on, kept only if it passes there (tried twice); the
 * outcome and the page after it (the same page when no code passed).
 */
export async function generateOne(provider: AiProvider, session: TrialSession, s: EnglishStep, page: PageSnapshot, known: PageSnapshot[], baseUrl: string): Promise<{ result: StepOutcome; page: PageSnapshot }> {
  let lastError = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await provider.generateStep({ text: s.text, keyword: s.keyword, page, knownPages: known, baseUrl });
    if (!answer.ok) return { result: { ...s, source: 'stub', reasoning: answer.reason, candidates: answer.candidates }, page };
    try {
      const after = await session.tryCode(s.text, answer.step);
      return { result: { ...s, source: 'ai', reasoning: answer.step.reasoning, candidates: [], step: answer.step }, page: after };
    } catch (err) {
      lastError = (err as Error).message.split('\n')[0];
      page = await session.snapshot().catch(() => page);
    }
  }
  return { result: { ...s, source: 'stub', reasoning: `The generated code did not pass on the page: ${lastError}`, candidates: [] }, page };
}

/** Writes the generated definitions to steps/ai_generated.mjs and stubs to the user functions file, in one commit. */
export async function saveGeneratedSteps(ctx: AppContext, auth: AuthContext, target: GenerationTarget, outcomes: readonly StepOutcome[], what: string): Promise<string | null> {
  const generated = outcomes.filter((o) => o.source === 'ai' && o.step).map((o) => ({ keyword: o.keyword, step: o.step! }));
  const stubs = outcomes.filter((o) => o.source === 'stub');
  if (!generated.length && !stubs.length) return null;
  return commitChange(ctx, target.projectId, target.branch, auth.user, what, async (repo, head) => {
    const changes: FileChange[] = [];
    if (generated.length) changes.push({ path: AI_STEPS_FILE, content: addAiSteps(await repo.readFile(head, AI_STEPS_FILE), generated) });
    if (stubs.length) {
      const ws = await loadStepWorkspace(repo, head);
      let content = await repo.readFile(head, USER_FUNCTIONS_FILE);
      for (const s of stubs) {
        const step = { keyword: s.keyword, keywordType: s.keyword, text: s.text, texts: [s.text], background: false, line: 0 };
        if (ws.matcher.match(s.text).length) continue;
        content = addStubToFile(content, step, ws.matcher);
      }
      changes.push({ path: USER_FUNCTIONS_FILE, content });
    }
    return changes;
  });
}
