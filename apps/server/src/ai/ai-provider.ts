import { serverKey, type AppContext } from '../context.ts';
import type {
  AiProvider, FailureAnalysis, FailureEvidence, IdeasRequest, LocatorRepairRequest, LocatorRepairResult, ScenarioIdea,
  StepCodeRequest, StepCodeResult, StepUpdateRequest, StepUpdateResult,
} from './ai-types.ts';
import { generateStepOffline } from './offline/step-generator.ts';
import { analyseFailureOffline } from './rca/analyse-failure.ts';
import { proposeIdeas } from './ideas/propose-ideas.ts';
import { repairLocatorOffline } from './recovery/locator-repair.ts';
import { updateStepOffline } from './step-update/update-step.ts';
import { OpenAiProvider } from './openai/openai-provider.ts';

/**
 * The offline provider: deterministic and without network. Step code comes from the sentence's intent
 * and the element it names on the page's aria snapshot; failures are classified by their evidence.
 */
export class OfflineProvider implements AiProvider {
  readonly name = 'offline' as const;

  async generateStep(req: StepCodeRequest): Promise<StepCodeResult> {
    return generateStepOffline(req);
  }

  async repairLocator(req: LocatorRepairRequest): Promise<LocatorRepairResult> {
    return repairLocatorOffline(req);
  }

  async ideas(req: IdeasRequest): Promise<ScenarioIdea[]> {
    return proposeIdeas(req);
  }

  async updateStepCode(req: StepUpdateRequest): Promise<StepUpdateResult> {
    return updateStepOffline(req);
  }

  async analyseFailure(req: FailureEvidence): Promise<FailureAnalysis> {
    return analyseFailureOffline(req);
  }
}

const providers = new WeakMap<object, AiProvider>();

/** The server's AI provider (one per context): the OpenAI-compatible one when AI_BASE_URL is set, else offline. */
export function aiProvider(ctx: AppContext): AiProvider {
  let provider = providers.get(serverKey(ctx));
  if (!provider) {
    provider = ctx.config.aiBaseUrl ? new OpenAiProvider(ctx.config, new OfflineProvider(), ctx.log) : new OfflineProvider();
    providers.set(serverKey(ctx), provider);
  }
  return provider;
}
