import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createLogger } from '../../logger.ts';
import { OfflineProvider } from '../ai-provider.ts';
import { startChatCompletionsServer, type ChatCompletionsServer } from './chat-completions-server.ts';
import { OpenAiProvider } from './openai-provider.ts';

/**
 * The OpenAI-compatible provider's tests against recorded answers: the chat-completions server runs for
 * the test file; before each test its record and answers and `logLines` are emptied and `use` gets the
 * server and a fresh provider on it (the real offline provider behind it), whose log goes to `logLines`.
 */
export function recordedEndpoint(key: string, logLines: string[], use: (endpoint: ChatCompletionsServer, provider: OpenAiProvider) => void) {
  const offline = new OfflineProvider();
  let endpoint: ChatCompletionsServer | undefined;
  /** A provider on another address (one that fails, or is not listening), logging to `logLines`. */
  const providerAt = (baseUrl: string): OpenAiProvider => {
    const log = createLogger('warn', false, { write: (line: string) => logLines.push(line) });
    return new OpenAiProvider({ aiBaseUrl: baseUrl, aiApiKey: key, aiModel: 'test-model' }, offline, log, { timeoutMs: 5_000 });
  };
  beforeAll(async () => {
    endpoint = await startChatCompletionsServer();
  });
  afterAll(async () => {
    await endpoint?.close();
  });
  beforeEach(() => {
    endpoint!.received.length = 0;
    endpoint!.answers.length = 0;
    logLines.length = 0;
    use(endpoint!, providerAt(endpoint!.baseUrl));
  });
  return { offline, providerAt };
}
