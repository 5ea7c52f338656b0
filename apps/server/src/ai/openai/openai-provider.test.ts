import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/test-server.ts';
import { builtinLibrary } from '../../steps/builtin-library.ts';
import { aiProvider } from '../ai-provider.ts';
import type { StepCodeRequest } from '../ai-types.ts';
import type { ChatCompletionsServer } from './chat-completions-server.ts';
import { recordedEndpoint } from './openai-test-kit.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { freePort } from '../../test/free-port.ts';

const KEY = 'sk-test-key-4f1c9a';
const ARIA = '- heading "Trail Backpack" [level=1]\n- button "Add to cart"\n- link "Cart (0)"';

const request: StepCodeRequest = {
  text: 'I click "Add to cart"',
  keyword: 'When',
  page: { url: 'http://shop.test/products/trail-backpack', title: 'Trail Backpack', aria: ARIA },
  knownPages: [],
  baseUrl: 'http://shop.test',
};

const goodAnswer = {
  expression: 'I click {string}',
  params: ['label'],
  body: "await this.page.getByRole('button', { name: label }).click();",
  reasoning: 'Understood as a click on the button "Add to cart".',
};

let endpoint: ChatCompletionsServer;
let provider: OpenAiProvider;
const logLines: string[] = [];
const { offline, providerAt } = recordedEndpoint(KEY, logLines, (e, p) => {
  endpoint = e;
  provider = p;
});

describe('OpenAiProvider.generateStep', () => {
  it('turns a good answer into step code, asking with the model, the step, the snapshot and the key', async () => {
    endpoint.answers.push({ content: JSON.stringify(goodAnswer) });
    const result = await provider.generateStep(request);
    expect(result).toEqual({ ok: true, step: goodAnswer });

    expect(endpoint.received).toHaveLength(1);
    const [received] = endpoint.received;
    expect(received.path).toBe('/v1/chat/completions');
    expect(received.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(received.body.model).toBe('test-model');
    expect(received.body.response_format).toEqual({ type: 'json_object' });
    const user = received.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
    expect(user).toContain('When I click "Add to cart"');
    expect(user).toContain(ARIA);
    expect(user).toContain('http://shop.test');
    expect(received.body.messages[0].role).toBe('system');
  });

  it('gives the model the step library: every built-in step, so that it writes none of them again', async () => {
    endpoint.answers.push({ content: JSON.stringify(goodAnswer) });
    await provider.generateStep(request);
    const system = endpoint.received[0].body.messages[0].content as string;
    const library = builtinLibrary().definitions;
    expect(library.length).toBeGreaterThan(20);
    const lines = system.split('\n');
    for (const d of library) expect(lines).toContain(`- ${d.keyword} ${d.pattern}`);
    expect(system).toContain('- When I click the {string} button');
    expect(system).toContain('- Then the page title should contain {string}');
  });

  it('passes on a refusal with its candidates', async () => {
    endpoint.answers.push({ content: JSON.stringify({ refuse: 'No "Buy now" button on the page', candidates: ['button "Add to cart"'] }) });
    const result = await provider.generateStep({ ...request, text: 'I click "Buy now"' });
    expect(result).toEqual({ ok: false, reason: 'No "Buy now" button on the page', candidates: ['button "Add to cart"'] });
  });

  const badAnswers: Array<[string, string]> = [
    ['a body that does not parse', JSON.stringify({ ...goodAnswer, body: "await this.page.getByRole('button', { name: label ).click();" })],
    ['a body that closes the function early', JSON.stringify({ ...goodAnswer, body: 'await 1; }); globalThis.x = 1; (async function () {' })],
    ['an expression that does not match the text', JSON.stringify({ ...goodAnswer, expression: 'I press {string}' })],
    ['an expression with fewer parameters than params', JSON.stringify({ ...goodAnswer, expression: 'I click "Add to cart"' })],
    ['content that is not JSON', 'Sure! Here is the code: await page.click()'],
    ['JSON of another shape', JSON.stringify({ code: goodAnswer.body })],
  ];

  it.each(badAnswers)('falls back to the offline answer on %s', async (_what, content) => {
    endpoint.answers.push({ content });
    const result = await provider.generateStep(request);
    expect(result).toEqual(await offline.generateStep(request));
    expect(result.ok).toBe(true);
    expect(logLines.join('')).toContain('offline answer used');
  });

  it('falls back to the offline answer when the endpoint fails or is not there, and logs no key', async () => {
    endpoint.answers.push({ status: 500 }, { status: 500 });
    const expected = await offline.generateStep(request);
    expect(await provider.generateStep(request)).toEqual(expected);
    expect(endpoint.received).toHaveLength(2);

    const closedPort = await freePort();
    expect(await providerAt(`http://127.0.0.1:${closedPort}/v1`).generateStep(request)).toEqual(expected);

    const warnings = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; reason: string });
    expect(warnings).toHaveLength(2);
    expect(warnings.every((w) => w.level === 40 && w.msg.includes('offline answer used'))).toBe(true);
    expect(warnings[0].reason).toContain('500');
    expect(logLines.join('')).not.toContain(KEY);
  });

  it('leaves root-cause analysis to the offline provider', async () => {
    const evidence = {
      stepText: 'I click "Add to cart"', error: 'Timeout 30000ms exceeded', network: [], console: [],
      page: null, lastPassingPage: null, missingData: [],
    };
    expect(await provider.analyseFailure(evidence)).toEqual(await offline.analyseFailure(evidence));
    expect(endpoint.received).toHaveLength(0);
  });
});

describe('aiProvider', () => {
  it('is the OpenAI-compatible one when AI_BASE_URL is set, else the offline one', async () => {
    const [withAi, without] = await Promise.all([
      startTestServer({ AI_BASE_URL: endpoint.baseUrl, AI_API_KEY: KEY, AI_MODEL: 'test-model' }),
      startTestServer(),
    ]);
    try {
      expect(withAi.ctx.config).toMatchObject({ aiBaseUrl: endpoint.baseUrl, aiApiKey: KEY, aiModel: 'test-model' });
      expect(aiProvider(withAi.ctx).name).toBe('openai');
      expect(aiProvider(withAi.ctx)).toBe(aiProvider(withAi.ctx));
      expect(aiProvider(without.ctx).name).toBe('offline');
    } finally {
      await Promise.all([withAi.close(), without.close()]);
    }
  }, 60_000);
});
