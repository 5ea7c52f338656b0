import { ideaSelectionError, parseIdeaParameters } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { builtinLibrary } from '../../steps/builtin-library.ts';
import type { IdeasRequest, PageSnapshot } from '../ai-types.ts';
import { MAX_IDEAS } from '../ideas/propose-ideas.ts';
import type { ChatCompletionsServer } from './chat-completions-server.ts';
import { recordedEndpoint } from './openai-test-kit.ts';
import { IDEAS_SYSTEM_PROMPT } from './ideas-prompt.ts';
import { OpenAiProvider } from './openai-provider.ts';
import { freePort } from '../../test/free-port.ts';

/** The OpenAI-compatible provider's scenario ideas against recorded chat-completions answers. */
const KEY = 'sk-test-ideas-93ab';
const SHOP = 'http://shop.test';
const nav = [
  '- banner:',
  '  - link "Demo Shop":', '    - /url: /',
  '  - navigation "Main":',
  '    - link "Products":', '      - /url: /products',
  '    - link "Cart (0)":', '      - /url: /cart',
  '    - link "Log in":', '      - /url: /login',
];
const PAGES: PageSnapshot[] = [
  { url: `${SHOP}/`, title: 'Home - Demo Shop', aria: [...nav, '- main:', '  - heading "Welcome to Demo Shop" [level=1]', '  - search:', '    - searchbox "Search products"', '    - button "Search"'].join('\n') },
  { url: `${SHOP}/login`, title: 'Log in - Demo Shop', aria: [...nav, '- main:', '  - heading "Log in" [level=1]', '  - textbox "Username"', '  - textbox "Password"', '  - button "Sign in"'].join('\n') },
  {
    url: `${SHOP}/products`,
    title: 'Products - Demo Shop',
    aria: [...nav, '- main:', '  - heading "Products" [level=1]', '  - list:',
      '    - listitem:', '      - link "Trail Backpack":', '        - /url: /products/trail-backpack', '      - button "Add to cart"',
      '    - listitem:', '      - link "Ceramic Coffee Mug":', '        - /url: /products/mug', '      - button "Add to cart"'].join('\n'),
  },
  { url: `${SHOP}/cart`, title: 'Cart - Demo Shop', aria: [...nav, '- main:', '  - heading "Your cart" [level=1]', '  - paragraph: Your cart is empty.'].join('\n') },
];
const library = builtinLibrary().definitions.map((d) => d.pattern);
const request: IdeasRequest = {
  description: 'log in and buy a backpack',
  knownPages: PAGES,
  knownSteps: library,
  max: 20,
  transitions: [{ from: '/', to: '/cart', step: 'When I click the "Cart (0)" link' }],
};

const LOGIN = {
  name: 'Log in with a valid account',
  flow: 'Given I go to the login page\nWhen I fill the "Username" field with "<username>"\nAnd I fill the "Password" field with "<password>"\nAnd I click the "Sign in" button\nThen I should see "My account"',
  parameters: { username: 'demo', password: 'demo123' },
};
const BUY = {
  name: 'Add the Trail Backpack to the cart',
  flow: '1. Given I go to the "Products" page\n2. When I click the "Add to cart" button\n\n3. Then I should see "Cart (1)"',
  parameters: '{}',
};
const idea = (n: number) => ({ name: `Open page ${n}`, flow: `Given I go to the home page\nThen I should see "Page ${n}"`, parameters: {} });

let endpoint: ChatCompletionsServer;
let provider: OpenAiProvider;
const logLines: string[] = [];
const { offline, providerAt } = recordedEndpoint(KEY, logLines, (e, p) => {
  endpoint = e;
  provider = p;
});

const answer = (ideas: unknown[]) => ({ content: JSON.stringify({ ideas }) });
const failures = () => logLines.filter((l) => l.includes('AI scenario ideas failed; offline ideas used'));

describe('OpenAiProvider.ideas', () => {
  it('offers the model\'s ideas in the spec\'s shape, asking with the description, the pages, their forms and links, the transitions and the steps', async () => {
    endpoint.answers.push(answer([LOGIN, BUY]));
    const ideas = await provider.ideas(request);
    expect(ideas).toEqual([
      { name: LOGIN.name, flow: LOGIN.flow, parameters: '{"username":"demo","password":"demo123"}' },
      { name: BUY.name, flow: 'Given I go to the "Products" page\nWhen I click the "Add to cart" button\nThen I should see "Cart (1)"', parameters: '{}' },
    ]);
    const drafts = ideas.map((i) => ({ name: i.name, flow: i.flow, parameters: parseIdeaParameters(i.parameters)! }));
    expect(ideaSelectionError(drafts, 20)).toBeNull();

    const { body, headers } = endpoint.received[0];
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(body.model).toBe('test-model');
    expect(body.messages[0]).toEqual({ role: 'system', content: IDEAS_SYSTEM_PROMPT });
    const user = body.messages[1].content as string;
    expect(user).toContain('Description: log in and buy a backpack');
    expect(user).toContain(`Ideas asked for: at most ${MAX_IDEAS}`);
    expect(user).toContain('## Log in (/login)');
    expect(user).toContain('- form "Log in": textbox "Username", textbox "Password"; sent with button "Sign in"');
    expect(user).toContain('"Cart (0)" -> /cart');
    expect(user).toContain('- search: box "Search products", button "Search"');
    expect(user).toContain('"Trail Backpack" [buttons "Add to cart"]');
    expect(user).toContain('- / -> /cart: When I click the "Cart (0)" link');
    expect(user).toContain('- I click the {string} button');
  });

  it('drops the ideas that break the idea rules and keeps the rest, names unique ignoring case', async () => {
    endpoint.answers.push(answer([
      { ...LOGIN, name: 'Log in!' },
      { ...LOGIN, name: 'Log in', parameters: { username: 'demo' } },
      { ...LOGIN, name: 'Log in', parameters: { 'user name': 'demo', password: 'x' } },
      { name: 'Nothing', flow: '  \n ', parameters: {} },
      { name: 'Too long', flow: Array.from({ length: 51 }, () => 'When I click the "Search" button').join('\n') },
      { flow: 'Given I go to the home page' },
      'an idea',
      LOGIN,
      { ...LOGIN, name: 'The same steps' },
      { ...BUY, name: 'log in with a valid account', parameters: { unused: 'x' } },
    ]));
    const ideas = await provider.ideas(request);
    expect(ideas.map((i) => i.name)).toEqual([LOGIN.name, 'log in with a valid account 2']);
    expect(ideas[1].parameters).toBe('{}');
    const dropped = logLines.map((l) => JSON.parse(l) as { msg: string; dropped: string[] }).find((l) => 'dropped' in l)!;
    expect(dropped.msg).toBe('AI scenario ideas dropped: they break the idea rules');
    expect(dropped.dropped).toHaveLength(8);
    expect(dropped.dropped[1]).toBe('Log in: The flow uses <password>, which is not a parameter.');
    expect(failures()).toHaveLength(0);
  });

  it('keeps to the plan\'s remaining allowance and MAX_IDEAS as the offline ideas do, and asks nothing when no idea may be added', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => idea(i + 1));
    endpoint.answers.push(answer(ten));
    expect(await provider.ideas({ ...request, max: 2 })).toHaveLength(2);
    expect(endpoint.received[0].body.messages[1].content).toContain('Ideas asked for: at most 2');
    endpoint.answers.push(answer(ten));
    expect(await provider.ideas({ ...request, max: 50 })).toHaveLength(MAX_IDEAS);
    expect(await provider.ideas({ ...request, max: 0 })).toEqual([]);
    expect(await provider.ideas({ ...request, knownPages: [] })).toEqual([]);
    expect(endpoint.received).toHaveLength(2);
  });

  const unusable: Array<[string, { content: string }]> = [
    ['no idea that holds to the rules', answer([{ ...LOGIN, name: 'Log in?' }, { ...BUY, flow: '' }])],
    ['no ideas at all', answer([])],
    ['content that is not JSON', { content: 'Here are some ideas: 1. Log in' }],
    ['JSON of another shape', { content: JSON.stringify([LOGIN]) }],
  ];

  it.each(unusable)('gives the offline ideas for %s', async (_what, recorded) => {
    const expected = await offline.ideas(request);
    expect(expected.length).toBeGreaterThan(0);
    endpoint.answers.push(recorded);
    expect(await provider.ideas(request)).toEqual(expected);
    expect(endpoint.received).toHaveLength(1);
    expect(failures()).toHaveLength(1);
  });

  it('gives the offline ideas when the endpoint fails or is not there, and logs no key', async () => {
    const expected = await offline.ideas({ ...request, max: 3 });
    expect(expected).toHaveLength(3);
    endpoint.answers.push({ status: 500 }, { status: 500 });
    expect(await provider.ideas({ ...request, max: 3 })).toEqual(expected);
    expect(endpoint.received).toHaveLength(2);
    expect(await providerAt(`http://127.0.0.1:${await freePort()}/v1`).ideas({ ...request, max: 3 })).toEqual(expected);
    const lines = failures().map((l) => JSON.parse(l) as { level: number; reason: string });
    expect(lines).toHaveLength(2);
    expect(lines[0].level).toBe(40);
    expect(lines[0].reason).toContain('500');
    expect(logLines.join('')).not.toContain(KEY);
  });
});
