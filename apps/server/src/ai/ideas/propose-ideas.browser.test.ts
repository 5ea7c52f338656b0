import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillPlaceholders, ideaSelectionError, ideaSteps, parseIdeaParameters, type IdeaParameter } from '@stepwise/shared';
import { builtinLibrary } from '../../steps/builtin-library.ts';
import type { IdeasRequest, PageSnapshot, ScenarioIdea } from '../ai-types.ts';
import { CHROMIUM, knownPagesOf, openShop, runStep, snapshotOf, type ShopBrowser } from '../offline/demo-shop-browser.ts';
import { generateStepOffline } from '../offline/step-generator.ts';
import { normaliseRoute } from '../../runs/memory.ts';
import { proposeIdeas, MAX_IDEAS } from './propose-ideas.ts';

/**
 * Ideas from the demo shop's real pages: as the memory keeps them (a cart with an item, signed in for
 * the account) and as a trial session explores them (the home page and the pages it links to). Each
 * idea offered is then generated step by step offline from the live page and run in Chromium.
 */
let shop: ShopBrowser;
let memory: PageSnapshot[];
let explored: PageSnapshot[];
const library = builtinLibrary().definitions.map((d) => d.pattern);

beforeAll(async () => {
  shop = await openShop();
  memory = await knownPagesOf(shop);
  explored = await exploreLikeATrial(shop);
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** The home page, then one page per path it links to (what TrialSession.open returns as `known`). */
async function exploreLikeATrial(s: ShopBrowser): Promise<PageSnapshot[]> {
  const page = await (await s.browser.newContext()).newPage();
  await page.goto(s.shopUrl);
  const pages = [await snapshotOf(page)];
  const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as unknown as { href: string }).href));
  const paths = new Set([new URL(s.shopUrl).pathname]);
  for (const href of hrefs) {
    const url = new URL(href);
    if (!href.startsWith(s.shopUrl) || paths.has(url.pathname)) continue;
    paths.add(url.pathname);
    await page.goto(href);
    pages.push(await snapshotOf(page));
  }
  await page.context().close();
  return pages;
}

const ask = (description: string, knownPages: PageSnapshot[], extra: Partial<IdeasRequest> = {}) =>
  proposeIdeas({ description, knownPages, knownSteps: library, max: 20, ...extra });
const params = (idea: ScenarioIdea) => Object.fromEntries(parseIdeaParameters(idea.parameters)!.map((p) => [p.key, p.value]));

const available = fs.existsSync(CHROMIUM);

describe.skipIf(!available)('ideas from the demo shop pages', () => {
  it('put the search that ends in the cart first for "search and buy a product", in library phrasing with parameters', () => {
    const ideas = ask('search and buy a product', explored);
    expect(ideas[0]).toEqual({
      name: 'Search for a product and add it to the cart',
      flow: [
        'Given I am on the home page',
        'When I search for "<query>"',
        'And I click the "<product>" link',
        'And I click the "Add to cart" button',
        'And I click the "Cart" link',
        'Then I should see "<product>"',
      ].join('\n'),
      parameters: JSON.stringify({ query: 'backpack', product: 'Trail Backpack' }),
    });
    expect(ideas[1].name).toBe('Search for a product');
    // Names unique ignoring case; each idea valid as the wizard checks it.
    expect(new Set(ideas.map((i) => i.name.toLowerCase())).size).toBe(ideas.length);
    const drafts = ideas.map((i) => ({ name: i.name, flow: i.flow, parameters: parseIdeaParameters(i.parameters)! }));
    expect(ideaSelectionError(drafts, ideas.length)).toBeNull();
    expect(ideas.length).toBeLessThanOrEqual(MAX_IDEAS);
  });

  it('are the same for the same input, and never more than the allowance', () => {
    expect(ask('search and buy a product', explored)).toEqual(ask('search and buy a product', explored));
    expect(ask('search and buy a product', explored, { max: 2 }).map((i) => i.name)).toEqual(['Search for a product and add it to the cart', 'Search for a product']);
    expect(ask('anything', explored, { max: 0 })).toEqual([]);
    expect(ask('anything', [])).toEqual([]);
  });

  it('rank what the description names: a sign-in with the account the page tells, the checkout form behind the cart', () => {
    const login = ask('log in with my account', explored)[0];
    expect(login.name).toBe('Log in with a valid account');
    expect(params(login)).toEqual({ username: 'demo', password: 'demo123' });
    expect(login.flow).toContain('And I fill the "Password" field with "<password>"');

    const checkout = ask('checkout with shipping details', memory)[0];
    expect(checkout.name).toBe('Fill in and submit the Shipping details form');
    // The checkout is reached from the cart: a product is added first.
    expect(checkout.flow.split('\n').slice(0, 4)).toEqual([
      'Given I am on the home page',
      'When I add the "<product>" to the cart',
      'And I click the "Cart" link',
      'And I click the "Proceed to checkout" link',
    ]);
    expect(params(checkout)).toMatchObject({ product: 'Trail Backpack', fullName: 'Ada Lovelace', email: 'ada@example.com', country: 'Canada' });
    expect(checkout.flow).toContain('And I check "I accept the terms and conditions"');
  });

  it('phrase steps in English the generator understands when the project has no library step for them', () => {
    const ideas = proposeIdeas({ description: 'log in', knownPages: explored, knownSteps: [], max: 20 });
    expect(ideas[0].flow).toContain('And I enter "<username>" as the username');
    expect(ideas[0].flow.startsWith('Given I go to the home page')).toBe(true);
  });

  it('end a form on the page the runs saw it lead to, and follow the flows of the memory', () => {
    const route = (path: string) => normaliseRoute(new URL(path, shop.shopUrl).href)!;
    const transitions = [
      { from: route('login'), to: route('account'), step: 'When I click the "Log in" button' },
      { from: route('./'), to: route('cart'), step: 'When I open my cart' },
    ];
    const ideas = ask('log in', memory, { transitions });
    expect(ideas[0].flow.split('\n').at(-1)).toBe('Then I should see "My account"');
    const flows = ask('reach the cart', memory, { transitions });
    expect(flows.find((i) => i.flow.includes('When I open my cart'))).toMatchObject({ name: 'Reach the Your cart page from the home page' });
  });
});

/**
 * Every step of every idea, written by the offline generator from the page it starts on (English
 * phrasing, no library) and run in Chromium with the example's values: the idea works as offered.
 */
describe.skipIf(!available)('every idea offered for the demo shop', () => {
  const ideas = () => [
    ...proposeIdeas({ description: 'search and buy a product', knownPages: explored, knownSteps: [], max: 20 }),
    ...proposeIdeas({ description: 'checkout with shipping details', knownPages: memory, knownSteps: [], max: 1 }),
  ];

  it('runs in a browser, step by step, from a blank page', { timeout: 240_000 }, async () => {
    const list = ideas();
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const idea of list) {
      // Each idea starts signed out with an empty cart, as a scenario does: a browser context of its own.
      const context = await shop.browser.newContext();
      const page: Page = await context.newPage();
      const rows: IdeaParameter[] = parseIdeaParameters(idea.parameters)!;
      for (const step of ideaSteps(idea.flow)) {
        const text = fillPlaceholders(step.text, rows);
        const where = `${idea.name}: ${step.keyword} ${text}`;
        const blank = page.url() === 'about:blank';
        const result = generateStepOffline({ text, keyword: step.keyword, page: blank ? null : await snapshotOf(page), knownPages: memory, baseUrl: shop.shopUrl });
        expect(result.ok, `${where}: ${JSON.stringify(result)}`).toBe(true);
        if (!result.ok) continue;
        await runStep(page, result.step, text).catch((err: Error) => {
          throw new Error(`${where}: ${err.message}`);
        });
      }
      await context.close();
    }
  });
});
