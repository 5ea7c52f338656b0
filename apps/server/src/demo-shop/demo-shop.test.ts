import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinLibrary } from '../steps/builtin-library.ts';
import { StepMatcher } from '../steps/step-matcher.ts';
import { demoUrl } from '../projects/projects.service.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';
import { treePaths, workspaceOf } from '../workspace/workspace-test-kit.ts';
import { PRODUCTS } from './catalog.ts';
import { DEMO_COMMIT_MESSAGE, DEMO_ENV_NAME } from './demo-seed.ts';
import { DEMO_MSG } from './demo-shop.routes.ts';

let server: TestServer;
let user: TestUser;
let webDist: string;

beforeAll(async () => {
  // A built web app is present, as in production: its SPA fallback must not swallow the shop.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stepwise SPA</title>');
  server = await startTestServer({}, { webDist });
  user = await signUpUser(server.baseUrl, { firstname: 'Ada', lastname: 'Lovelace' });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => fetch(`${server.baseUrl}${url}`, { redirect: 'manual' });
const getJson = async (url: string): Promise<any> => (await get(url)).json();
/** A GET whose path is sent as written (fetch would resolve the dot segments first). */
const rawGet = (urlPath: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http.get(`${server.baseUrl}${urlPath}`, { path: urlPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
const post = async (url: string, body: unknown) => {
  const res = await fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

describe('the demo shop pages', () => {
  it('serves the home page at /demo-shop/ and redirects /demo-shop there', async () => {
    const res = await get('/demo-shop/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Demo Shop</title>');
    expect(html).toContain('Welcome to the Demo Shop');
    expect(html).toContain('<script src="assets/app.js" defer></script>');
    const bare = await get('/demo-shop?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/demo-shop/?x=1');
  });

  it('serves every page by its short name, and its styles, script and images', async () => {
    const titles: Record<string, string> = {
      product: 'Product - Demo Shop', cart: 'Cart - Demo Shop', checkout: 'Checkout - Demo Shop', confirmation: 'Order confirmed - Demo Shop',
      login: 'Log in - Demo Shop', account: 'My account - Demo Shop', search: 'Search - Demo Shop',
    };
    for (const [page, title] of Object.entries(titles)) {
      const res = await get(`/demo-shop/${page}?q=x`);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toContain(`<title>${title}</title>`);
    }
    const checkout = await (await get('/demo-shop/checkout')).text();
    for (const label of ['Full name', 'Email', 'Address', 'City', 'Country']) expect(checkout).toMatch(new RegExp(`<label for="\\w+">${label}</label>`));
    expect((await get('/demo-shop/assets/styles.css')).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await get('/demo-shop/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
    for (const p of PRODUCTS) expect((await get(`/demo-shop/${p.image}`)).headers.get('content-type'), p.image).toMatch(/^image\/svg\+xml/);
  });

  it('answers an unknown page with its own 404 page, and leaves other paths to the web app', async () => {
    const missing = await get('/demo-shop/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    for (const escape of ['/demo-shop/../demo-shop/catalog.ts', '/demo-shop/%2e%2e/catalog.ts', '/demo-shop/..%2fcatalog.ts', '/demo-shop/assets/..%2f..%2fcatalog.ts']) {
      const res = await rawGet(escape);
      expect(res.status, escape).toBeGreaterThanOrEqual(400);
      expect(res.body, escape).not.toContain('PRODUCTS');
    }
    expectError({ status: 404, body: await getJson('/demo-shop/api/nowhere') }, 404);
    const spa = await get('/dashboard');
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('Stepwise SPA');
  });
});

describe('the demo shop API', () => {
  it('lists the products, searches them and finds one by id, without authentication', async () => {
    const all = await getJson('/demo-shop/api/products');
    expect(all.status).toBe('success');
    expect(all.products).toHaveLength(PRODUCTS.length);
    expect(all.products[0]).toEqual({
      id: 'trail-backpack', name: 'Trail Backpack', price: 49.99, category: 'Bags', description: expect.any(String), image: 'assets/products/backpack.svg',
    });
    expect((await getJson('/demo-shop/api/products?q=COFFEE')).products.map((p: { name: string }) => p.name)).toEqual(['Ceramic Coffee Mug']);
    expect((await getJson('/demo-shop/api/products?q=umbrella')).products).toEqual([]);
    expect((await getJson('/demo-shop/api/products/water-bottle')).product).toMatchObject({ name: 'Steel Water Bottle', price: 24 });
    expectError({ status: 404, body: await getJson('/demo-shop/api/products/nope') }, 404, DEMO_MSG.productNotFound);
  });

  it('signs in the demo account only', async () => {
    const ok = await post('/demo-shop/api/login', { username: 'demo', password: 'demo123' });
    expectOk(ok);
    expect(ok.body.user).toEqual({ username: 'demo', name: 'Demo User' });
    expectError(await post('/demo-shop/api/login', { username: 'demo', password: 'wrong' }), 401, DEMO_MSG.invalidLogin);
    expectError(await post('/demo-shop/api/login', { username: 'alice', password: 'demo123' }), 401, DEMO_MSG.invalidLogin);
    expectError(await post('/demo-shop/api/login', { username: 'demo' }), 400);
  });

  it('prices an order from the catalogue, with express shipping, and refuses an invalid one', async () => {
    const order = { name: 'Ada', email: 'ada@example.com', address: '1 Street', city: 'London', country: 'United Kingdom', shipping: 'express' };
    const res = await post('/demo-shop/api/orders', { ...order, items: [{ id: 'water-bottle', quantity: 1 }, { id: 'ceramic-mug', quantity: 3 }] });
    expectOk(res);
    expect(res.body.order).toMatchObject({ name: 'Ada', subtotal: 61.5, shipping: 9.99, total: 71.49 });
    expect(res.body.order.orderId).toMatch(/^DS-\d{6}$/);
    expectError(await post('/demo-shop/api/orders', { ...order, items: [{ id: 'nope', quantity: 1 }] }), 400, /Product not found/);
    expectError(await post('/demo-shop/api/orders', { ...order, email: 'not-an-email', items: [{ id: 'ceramic-mug', quantity: 1 }] }), 400);
    expectError(await post('/demo-shop/api/orders', { ...order, items: [] }), 400);
  });
});

describe('a new demo project', () => {
  it('is seeded with the demo features and an environment pointing at the demo shop, in one commit', async () => {
    const projectId = await createProject(user, { name: 'Demo Shop', demo: true });
    const ws = workspaceOf(server, user, projectId);
    expect(ws.log()).toEqual([DEMO_COMMIT_MESSAGE, 'Create project workspace']);
    expect(ws.git('log', '-1', '--format=%an <%ae>')).toBe(`Ada Lovelace <${user.email}>`);

    const list = await ws.call('get-feature-list', { branch: 'main' });
    expectOk(list);
    expect(treePaths(list.body.foldersAndFeatures)).toEqual([
      'account/', 'account/login.feature', 'shopping/', 'shopping/cart.feature', 'shopping/checkout.feature', 'search.feature',
    ]);
    expect(list.body.allTags).toEqual(expect.arrayContaining(['smoke', 'regression', 'cart', 'checkout', 'login', 'search']));
    const features = list.body.foldersAndFeatures.flatMap((n: any) => (n.isFolder ? n.children : [n]));
    const scenarios = features.flatMap((f: any) => {
      expect(f.parseError, f.path).toBeNull();
      return f.scenarios;
    });
    expect(scenarios).toHaveLength(10);
    expect(scenarios.filter((s: any) => s.type === 'Scenario Outline').map((s: any) => s.name)).toEqual(['Search for "<term>"']);
    expect(features.every((f: any) => /\n\s*Background:\n/.test(f.content))).toBe(true);

    // Every step is one of the built-in library's, matched by exactly one definition.
    const matcher = new StepMatcher(builtinLibrary().definitions);
    for (const step of scenarios.flatMap((s: any) => s.steps)) expect(matcher.match(step.text), step.text).toHaveLength(1);

    const envs = await ws.call('get-env-list', { branch: 'main' });
    expectOk(envs);
    expect(envs.body.allEnv).toEqual([{ name: DEMO_ENV_NAME, baseUrl: demoUrl(server.ctx), file: 'environments/demo.json', version: ws.git('rev-parse', 'main:environments/demo.json') }]);
    expect(envs.body.lastActiveEnv).toBe(DEMO_ENV_NAME);
    expect(JSON.parse(ws.show('environments/demo.json')!)).toEqual({ name: DEMO_ENV_NAME, baseUrl: `${server.baseUrl.replace('127.0.0.1', 'localhost')}/demo-shop/` });

    const project = await user.api.get(`auth/getProject?project_id=${projectId}`);
    expect(project.body.project.scenarioCount).toBe(10);
    expect((await ws.call('features-count', { branch: 'main' })).body).toMatchObject({ featuresCount: 4, scenariosCount: 10 });
  });

  it('is not what an ordinary project gets', async () => {
    const projectId = await createProject(user, { name: 'Plain' });
    const ws = workspaceOf(server, user, projectId);
    expect(ws.log()).toEqual(['Create project workspace']);
    expect((await ws.call('get-feature-list', { branch: 'main' })).body.foldersAndFeatures).toEqual([]);
    expect((await ws.call('get-env-list', { branch: 'main' })).body.allEnv).toEqual([]);
  });
});
