import type { RepairAnswer, RepairRequest } from '@stepwise/runner';
import type { AppContext } from '../context.ts';
import { aiProvider } from '../ai/ai-provider.ts';
import type { Active } from './instance-state.ts';
import type { InstanceStatusWriter } from './instance-status.ts';

/** AI recovery of an execution's run: the server's AI provider repairs the locator; the run's log says what it did. */
export function repairForRun(ctx: AppContext, a: Active, status: InstanceStatusWriter): (request: RepairRequest) => Promise<RepairAnswer> {
  return async (request) => {
    const answer = await aiProvider(ctx).repairLocator({ stepText: request.stepText, code: request.code, error: request.error, page: request.page });
    status.log(a, answer.ok ? `AI recovery: "${request.stepText}": ${answer.replacement.from} -> ${answer.replacement.to}` : `AI recovery: "${request.stepText}": ${answer.reason}`);
    return answer;
  };
}
