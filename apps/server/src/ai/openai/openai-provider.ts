import type OpenAI from 'openai';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { knownSecrets } from '../../security/known-secrets.ts';
import type {
  AiProvider, FailureAnalysis, FailureEvidence, IdeasRequest, LocatorRepairRequest, LocatorRepairResult, ScenarioIdea,
  StepCodeRequest, StepCodeResult, StepUpdateRequest, StepUpdateResult,
} from '../ai-types.ts';
import { stepResultFromAnswer } from './step-answer.ts';
import { STEP_SYSTEM_PROMPT, stepUserPrompt } from './step-prompt.ts';
import { locate } from '../step-update/update-step.ts';
import { STEP_UPDATE_SYSTEM_PROMPT, stepUpdateFromAnswer, stepUpdatePrompt } from './step-update-answer.ts';
import { ideaLimit } from '../ideas/propose-ideas.ts';
import { ideasFromAnswer } from './ideas-answer.ts';
import { IDEAS_SYSTEM_PROMPT, ideasUserPrompt } from './ideas-prompt.ts';
import { repairFromAnswer } from './repair-answer.ts';
import { openai } from '../../optional-libraries.ts';
import { failingChain, REPAIR_SYSTEM_PROMPT, repairUserPrompt } from './repair-prompt.ts';

export const DEFAULT_MODEL = 'gpt-4o-mini';
const TIMEOUT_MS = 60_000;

export type OpenAiConfig = Pick<Config, 'aiBaseUrl' | 'aiApiKey' | 'aiModel'>;

/**
 * The AI behind an OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama, vLLM, llama.cpp's
 * server). Every answer is validated before it is used; whatever goes wrong with a call (network, timeout,
 * HTTP error, an answer that is not JSON or does not check out) gives the fallback's answer instead, with
 * a warning in the log.
 */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly apiKey: string | undefined;
  private readonly fallback: AiProvider;
  private readonly log: Logger | undefined;

  constructor(config: OpenAiConfig, fallback: AiProvider, log?: Logger, opts: { timeoutMs?: number } = {}) {
    this.fallback = fallback;
    this.log = log;
    this.model = config.aiModel || DEFAULT_MODEL;
    this.apiKey = config.aiApiKey;
    this.client = new (openai().OpenAI)({
      baseURL: config.aiBaseUrl,
      // Local servers (Ollama, llama.cpp) want no key, but the client refuses to start without one.
      apiKey: config.aiApiKey || 'none',
      timeout: opts.timeoutMs ?? TIMEOUT_MS,
      maxRetries: 1,
    });
  }

  /** The message content of one chat completion (JSON object answers, temperature 0); throws on any failure. */
  private async complete(system: string, user: string): Promise<string> {
    // The logger replaces known secrets in every line, whatever error message might echo the key.
    if (this.apiKey) knownSecrets.add([this.apiKey]);
    const completion = await this.client.chat.completions.create({
      model: this.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: { type: 'json_object' },
      temperature: 0,
    });
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new Error('The answer has no content');
    return content;
  }

  async generateStep(req: StepCodeRequest): Promise<StepCodeResult> {
    try {
      return stepResultFromAnswer(await this.complete(STEP_SYSTEM_PROMPT, stepUserPrompt(req)), req.text);
    } catch (err) {
      this.log?.warn({ model: this.model, step: req.text, reason: reasonOf(err) }, 'AI step generation failed; offline answer used');
      return this.fallback.generateStep(req);
    }
  }

  /**
   * The model names the failing chain's call to replace and its replacement (repair-answer.ts checks it
   * finds exactly one element of the page's snapshot and that the code writes the old call); else the
   * offline repair. On a refusal the offline repair is tried; when it finds nothing either, the model's
   * reason is the one returned: it read the whole page, where the offline one lists names by likeness.
   * A failure that names no locator the runner could replace is never sent: the offline answer says why.
   */
  async repairLocator(req: LocatorRepairRequest): Promise<LocatorRepairResult> {
    const failing = failingChain(req);
    if (!failing) return this.fallback.repairLocator(req);
    try {
      const result = repairFromAnswer(await this.complete(REPAIR_SYSTEM_PROMPT, repairUserPrompt(req, failing)), req, failing.chain);
      if (result.ok) return result;
      const offline = await this.fallback.repairLocator(req);
      return offline.ok ? offline : result;
    } catch (err) {
      this.log?.warn({ model: this.model, step: req.stepText, locator: failing.from, reason: reasonOf(err) }, 'AI locator repair failed; offline answer used');
      return this.fallback.repairLocator(req);
    }
  }

  /**
   * Ideas from the description and the known pages, at most the plan's remaining allowance (ideaLimit,
   * as offline); ideas that break the shared idea rules are dropped, and when none is left the offline
   * ideas are given. Nothing is asked when no idea may be added or no page is known.
   */
  async ideas(req: IdeasRequest): Promise<ScenarioIdea[]> {
    const limit = ideaLimit(req.max);
    if (limit === 0 || req.knownPages.length === 0) return this.fallback.ideas(req);
    try {
      const { ideas, dropped } = ideasFromAnswer(await this.complete(IDEAS_SYSTEM_PROMPT, ideasUserPrompt(req, limit)), limit);
      if (dropped.length) this.log?.warn({ model: this.model, dropped }, 'AI scenario ideas dropped: they break the idea rules');
      if (ideas.length === 0) throw new Error('No idea of the answer holds to the idea rules');
      return ideas;
    } catch (err) {
      this.log?.warn({ model: this.model, reason: reasonOf(err) }, 'AI scenario ideas failed; offline ideas used');
      return this.fallback.ideas(req);
    }
  }

  /** The model rewrites the step's function; the file is spliced and checked (stepUpdateFromAnswer); else the offline update. */
  async updateStepCode(req: StepUpdateRequest): Promise<StepUpdateResult> {
    const at = locate(req.fileContent, req.functionName);
    if ('error' in at) return { ok: false, reason: at.error };
    try {
      const result = stepUpdateFromAnswer(await this.complete(STEP_UPDATE_SYSTEM_PROMPT, stepUpdatePrompt(req, at)), req, at);
      if (result.ok) return result;
      // A refusal: the offline rules may still read the request; if not, the model's reason is shown.
      const offline = await this.fallback.updateStepCode(req);
      return offline.ok ? offline : result;
    } catch (err) {
      this.log?.warn({ model: this.model, step: req.functionName, reason: reasonOf(err) }, 'AI step update failed; offline answer used');
      return this.fallback.updateStepCode(req);
    }
  }

  /** Root-cause analysis stays offline: deterministic categories and signatures group failures across runs. */
  async analyseFailure(req: FailureEvidence): Promise<FailureAnalysis> {
    return this.fallback.analyseFailure(req);
  }
}

/** One line of why a call failed: the error's message, never the request (its headers hold the key). */
function reasonOf(err: unknown): string {
  if (err instanceof openai().APIError) return `${err.constructor.name}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
