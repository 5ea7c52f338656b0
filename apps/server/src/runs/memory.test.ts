import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryResponse, PageVisit, ReportStep } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { collectMemory, normaliseRoute } from './memory.ts';
import { report, step, store, testCase } from './runs-fixtures.ts';

describe('normaliseRoute', () => {
  it('keeps the path, drops query and fragment, collapses ids and the trailing slash', () => {
    const cases: Array<[string, string | null]> = [
      ['https://shop.test/', '/'],
      ['https://shop.test', '/'],
      ['https://shop.test/products/', '/products'],
      ['https://shop.test/products/42?color=red#reviews', '/products/:id'],
      ['http://shop.test/orders/3f2b8c4e-1d2a-4b5c-9e8f-0a1b2c3d4e5f/items/7', '/orders/:id/items/:id'],
      ['https://shop.test/users/507f1f77bcf86cd799439011/profile', '/users/:id/profile'],
      ['https://shop.test/p/01ARZ3NDEKTSV4RRFFQ69G5FAV', '/p/:id'],
      ['https://shop.test/blog/2024-recap', '/blog/2024-recap'],
      ['https://shop.test/caf%C3%A9', '/café'],
      ['https://shop.test/app#/orders/12?tab=1', '/app#/orders/:id'],
      ['https://shop.test/page#section', '/page'],
      ['about:blank', null],
      ['data:text/html,hi', null],
      ['not a url', null],
    ];
    for (const [url, route] of cases) expect(normaliseRoute(url), url).toBe(route);
  });
});

const page = (url: string, title: string, ariaSnapshot?: string): PageVisit => ({ url, title, ...(ariaSnapshot ? { ariaSnapshot } : {}) });
const at = (text: string, visit: PageVisit | null, extra: Partial<ReportStep> = {}) => step(text, 'PASSED', { page: visit, ...extra });

describe('collectMemory', () => {
  it('keeps a page’s title when a later visit read none (the page was still loading)', () => {
    const inc = collectMemory([
      testCase('Pay', 'PASSED', { steps: [at('I open the checkout', page('https://shop.test/checkout', 'Checkout')), at('I wait', page('https://shop.test/checkout', ''))] }),
    ]);
    expect(inc.pages.map((p) => [p.route, p.title])).toEqual([['/checkout', 'Checkout']]);
  });

  it('counts arrivals on pages, the steps that ended there and the transitions between consecutive pages', () => {
    const home = page('https://shop.test/', 'Home', '- heading "Shop"');
    const tc1 = testCase('Buy', 'PASSED', {
      steps: [
        at('I open the shop', home),
        at('I search "shirt"', page('https://shop.test/?q=shirt', 'Home')),
        at('I open the first product', page('https://shop.test/products/12', 'Shirt')),
        at('a step without a page', null),
        at('I open the cart', page('https://shop.test/cart', 'Cart', '- heading "Cart"'), { keyword: '', type: 'Action' }),
        at('hook', page('https://shop.test/elsewhere', 'Hook'), { type: 'After' }),
      ],
    });
    const tc2 = testCase('Browse', 'PASSED', {
      steps: [at('I open the shop', home), at('I open the first product', page('https://shop.test/products/99', 'Trousers', '- heading "Trousers"'))],
    });
    const inc = collectMemory([tc1, tc2]);
    expect(inc.pages.map((p) => [p.route, p.visits, p.title, p.ariaSnapshot])).toEqual([
      ['/', 2, 'Home', '- heading "Shop"'],
      ['/cart', 1, 'Cart', '- heading "Cart"'],
      // The latest visit's title and snapshot win.
      ['/products/:id', 2, 'Trousers', '- heading "Trousers"'],
    ]);
    expect(inc.pageSteps.map((s) => [s.route, s.stepText, s.count])).toEqual([
      ['/', 'Given I open the shop', 2],
      ['/', 'Given I search "shirt"', 1],
      ['/cart', 'When I open the cart', 1],
      ['/products/:id', 'Given I open the first product', 2],
    ]);
    expect(inc.edges.map((e) => [e.source, e.target, e.stepText, e.count])).toEqual([
      ['/', '/products/:id', 'Given I open the first product', 2],
      ['/products/:id', '/cart', 'When I open the cart', 1],
    ]);
  });
});

describe('GET runs/cucumber-runs/getApplicationMemory', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await signUpUser(server.baseUrl);
  });
  afterAll(() => server.close());

  const memoryOf = async (projectId: string) => {
    const res = await user.api.get(`runs/cucumber-runs/getApplicationMemory?projectId=${projectId}`);
    expectOk(res);
    return (res.body as MemoryResponse).memory;
  };

  it('is empty before any run visited a page', async () => {
    const projectId = await createProject(user, { name: 'Empty memory' });
    await store(server.ctx, projectId, report([testCase('No pages', 'PASSED')]));
    expect(await memoryOf(projectId)).toEqual({ nodes: [], edges: [] });
  });

  it('learns the pages of every stored run; counts add up, the latest snapshot wins', async () => {
    const projectId = await createProject(user, { name: 'Memory' });
    const journey = (title: string, snapshot: string) =>
      testCase('Journey', 'PASSED', {
        steps: [
          at('I open the shop', page('https://shop.test/', 'Home')),
          at('I open the cart', page('https://shop.test/cart?x=1', title, snapshot)),
          at('I go back home', page('https://shop.test/', 'Home')),
        ],
      });
    await store(server.ctx, projectId, report([journey('Cart', '- first')]));
    await store(server.ctx, projectId, report([journey('Your cart', '- second')]));
    const memory = await memoryOf(projectId);
    expect(memory.nodes).toEqual([
      {
        id: '/', title: 'Home', route: '/', url: 'https://shop.test/', ariaSnapshot: null, visits: 4,
        steps: [{ text: 'Given I go back home', count: 2 }, { text: 'Given I open the shop', count: 2 }],
      },
      { id: '/cart', title: 'Your cart', route: '/cart', url: 'https://shop.test/cart?x=1', ariaSnapshot: '- second', visits: 2, steps: [{ text: 'Given I open the cart', count: 2 }] },
    ]);
    expect(memory.edges).toEqual([
      { id: '/ -> /cart', source: '/', target: '/cart', steps: [{ text: 'Given I open the cart', count: 2 }] },
      { id: '/cart -> /', source: '/cart', target: '/', steps: [{ text: 'Given I go back home', count: 2 }] },
    ]);
    // Another project's map is its own.
    const other = await createProject(user, { name: 'Other memory' });
    expect(await memoryOf(other)).toEqual({ nodes: [], edges: [] });
  });
});
