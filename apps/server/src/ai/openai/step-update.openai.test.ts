import { describe, expect, it } from 'vitest';
import type { StepUpdateRequest } from '../ai-types.ts';
import { AI_FILE } from '../step-update/step-update-fixtures.ts';
import type { ChatCompletionsServer } from './chat-completions-server.ts';
import { recordedEndpoint } from './openai-test-kit.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { STEP_UPDATE_SYSTEM_PROMPT } from './step-update-answer.ts';

/** The OpenAI-compatible provider's step update against recorded chat-completions answers. */
const FN_START = AI_FILE.indexOf('async function (name) {');
const FN_END = AI_FILE.indexOf('\n});', FN_START) + 2;
const CURRENT = AI_FILE.slice(FN_START, FN_END);
const UPDATED = `async function (name) {
  for (let attempt = 1; ; attempt++) {
    try {
      await this.page.getByRole('link', { name }).click();
      const button = this.page.getByRole('button', { name: 'Add to cart' });
      await button.click();
      await this.page.getByLabel('Quantity').fill('2', { force: true });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}`;
const req: StepUpdateRequest = { userRequest: 'retry step if it fails', functionName: 'I add {string} to the cart', fileContent: AI_FILE };

let endpoint: ChatCompletionsServer;
let provider: OpenAiProvider;
const logLines: string[] = [];
const { offline } = recordedEndpoint('sk-test-update', logLines, (e, p) => {
  endpoint = e;
  provider = p;
});

describe('OpenAiProvider.updateStepCode', () => {
  it('puts the function the model wrote in place of the step\'s, asking with the request, the function and the file', async () => {
    endpoint.answers.push({ content: JSON.stringify({ function: UPDATED, summary: 'Retried up to 3 times.' }) });
    const result = await provider.updateStepCode(req);
    expect(result).toEqual({ ok: true, fileContent: AI_FILE.slice(0, FN_START) + UPDATED + AI_FILE.slice(FN_END), summary: 'Retried up to 3 times.' });
    const body = endpoint.received[0].body;
    expect(body.model).toBe('test-model');
    expect(body.messages[0]).toEqual({ role: 'system', content: STEP_UPDATE_SYSTEM_PROMPT });
    expect(JSON.parse(body.messages[1].content)).toEqual({ request: 'retry step if it fails', step: 'I add {string} to the cart', currentFunction: CURRENT, file: AI_FILE });
  });

  it('uses the offline update when the answer cannot be used: other parameters, not one function, not JSON, an HTTP error', async () => {
    const offlineAnswer = await offline.updateStepCode(req);
    expect(offlineAnswer.ok).toBe(true);
    const answers = [
      { content: JSON.stringify({ function: UPDATED.replace('async function (name)', 'async function (name, count)'), summary: '' }) },
      // A function closed early, with a registration of its own after it.
      { content: JSON.stringify({ function: "async function (name) {});\nWhen('I pay', async function () {", summary: '' }) },
      { content: 'Sure! Here is the code: async function () {}' },
      { status: 500 },
    ];
    for (const answer of answers) {
      // The client retries an HTTP error once.
      endpoint.answers.length = 0;
      endpoint.answers.push(...('status' in answer ? [answer, answer] : [answer]));
      expect(await provider.updateStepCode(req)).toEqual(offlineAnswer);
      expect(endpoint.answers).toHaveLength(0);
    }
    expect(logLines.filter((l) => l.includes('AI step update failed; offline answer used'))).toHaveLength(answers.length);
    expect(logLines.join('\n')).not.toContain('sk-test-update');
  });

  it('a refusal the offline rules cannot read either is shown with the model\'s reason; an unknown step is never asked about', async () => {
    endpoint.answers.push({ content: JSON.stringify({ refuse: 'A sandwich is not step code.' }) });
    expect(await provider.updateStepCode({ ...req, userRequest: 'make me a sandwich' })).toEqual({ ok: false, reason: 'A sandwich is not step code.' });
    const missing = await provider.updateStepCode({ ...req, functionName: 'I pay' });
    expect(missing).toEqual({ ok: false, reason: 'The step "I pay" is not defined in this file' });
    expect(endpoint.received).toHaveLength(1);
  });
});
