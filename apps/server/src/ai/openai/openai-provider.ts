import OpenAI from 'openai';
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
    this.client = new OpenAI({
      baseURL: config.aiBaseUrl,
      // Local servers (Ollama, llama.cpp) want no key, but the client refuses to start without one.
      apiKey: config.aiApiKey || 'none',
      timeout: opts.timeoutMs ?? TIMEOUT_MS,
      maxRetries: 1,
    });
  }

  async generateStep(req: StepCodeRequest): Promise<StepCodeResult> {
    // The logger replaces known secrets in every line, whatever error message might echo the key.
    if (this.apiKey) knownSecrets.add([this.apiKey]);
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: STEP_SYSTEM_PROMPT },
          { role: 'user', content: stepUserPrompt(req) },
        ],
        response_format: { type: 'json_object' },
        temperature: 0,
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new Error('The answer has no content');
      return stepResultFromAnswer(content, req.text);
    } catch (err) {
      this.log?.warn({ model: this.model, step: req.text, reason: reasonOf(err) }, 'AI step generation failed; offline answer used');
      return this.fallback.generateStep(req);
    }
  }

  // Locator repair and ideas are the fallback's until their prompts are written.
  async repairLocator(req: LocatorRepairRequest): Promise<LocatorRepairResult> {
    return this.fallback.repairLocator(req);
  }

  async ideas(req: IdeasRequest): Promise<ScenarioIdea[]> {
    return this.fallback.ideas(req);
  }

  /** The model rewrites the step's function; the file is spliced and checked (stepUpdateFromAnswer); else the offline update. */
  async updateStepCode(req: StepUpdateRequest): Promise<StepUpdateResult> {
    const at = locate(req.fileContent, req.functionName);
    if ('error' in at) return { ok: false, reason: at.error };
    if (this.apiKey) knownSecrets.add([this.apiKey]);
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: STEP_UPDATE_SYSTEM_PROMPT },
          { role: 'user', content: stepUpdatePrompt(req, at) },
        ],
        response_format: { type: 'json_object' },
        temperature: 0,
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new Error('The answer has no content');
      const result = stepUpdateFromAnswer(content, req, at);
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
  if (err instanceof OpenAI.APIError) return `${err.constructor.name}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
