import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPathOf } from '@stepwise/runner';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { PRODUCTS } from './catalog.ts';
import { DEMO_SHOP_PUBLIC } from './demo-shop.routes.ts';
import { REDESIGN, REDESIGNED_FILES, redesignShop } from './demo-shop-redesign.ts';

const CHROMIUM = chromiumPathOf({});
const PAGES = ['', 'product', 'cart', 'checkout', 'confirmation', 'login', 'account', 'search'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string) => fetch(`${server.baseUrl}${url}`, { redirect: 'manual' });
const text = async (url: string) => {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  return res.text();
};

describe('the changed demo shop', () => {
  it('serves every page, its scripts, styles and images, and the shop API under /demo-shop-changed/', async () => {
    const bare = await get('/demo-shop-changed?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/demo-shop-changed/?x=1');
    for (const page of [...PAGES, 'index.html', 'cart.html']) {
      const res = await get(`/demo-shop-changed/${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(await res.text(), page).toContain('<script src="assets/app.js" defer></script>');
    }
    expect((await get('/demo-shop-changed/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
    expect((await get('/demo-shop-changed/assets/styles.css')).headers.get('content-type')).toMatch(/^text\/css/);
    for (const p of PRODUCTS) expect((await get(`/demo-shop-changed/${p.image}`)).headers.get('content-type'), p.image).toMatch(/^image\/svg\+xml/);

    const search = (await (await get('/demo-shop-changed/api/products?q=coffee')).json()) as { products: { name: string }[] };
    expect(search.products.map((p) => p.name)).toEqual(['Ceramic Coffee Mug']);
    const login = await fetch(`${server.baseUrl}/demo-shop-changed/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"demo","password":"nope"}' });
    expect(login.status).toBe(401);
  });

  it("answers an unknown page with a 404 page of its own, and an unknown API path or file with a 404", async () => {
    const missing = await get('/demo-shop-changed/nowhere');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('href="/demo-shop-changed/"');
    expect(html).not.toMatch(/\/demo-shop\//);
    expect((await get('/demo-shop-changed/api/nowhere')).status).toBe(404);
    expect((await get('/demo-shop-changed/assets/nothing.js')).status).toBe(404);
    expect((await get('/demo-shop-changed/assets/..%2f..%2fcatalog.ts')).status).toBe(404);
  });

  it('shows the renamed buttons, links and labels, the moved fields and the redesign note', async () => {
    const checkout = await text('/demo-shop-changed/checkout');
    for (const label of ['Your name', 'Email address', 'City', 'Country', 'Address']) expect(checkout).toMatch(new RegExp(`<label for="\\w+">${label.replace('$', '\\$')}</label>`));
    expect(checkout).toContain('>Place your order</button>');
    expect(checkout).not.toContain('Place order<');
    expect(checkout).toContain('<legend>Delivery method</legend>');
    expect(checkout).toContain('I agree to the terms and conditions');
    // The city (and the country) come before the address.
    expect(checkout.indexOf('<label for="city">')).toBeLessThan(checkout.indexOf('<label for="address">'));
    expect(await text('/demo-shop-changed/login')).toContain('<h1>Sign in</h1>');
    expect(await text('/demo-shop-changed/account')).toContain('>Sign out</button>');
    const core = await text('/demo-shop-changed/assets/shop-core.js');
    expect(core).toContain("text: 'Add to basket'");
    expect(core).toContain("'Redesigned shop:");
    expect(core).toContain("'demoShopChanged.cart'");
    const app = await text('/demo-shop-changed/assets/app.js');
    expect(app).toContain("text: 'Go to checkout'");
    expect(app).not.toContain("'Add to cart'");

    // Every change of the table shows in what is served.
    for (const change of REDESIGN) {
      for (const { files, from, to } of change.replace ?? []) {
        for (const file of files) {
          const served = await text(`/demo-shop-changed/${file}`);
          expect(served, `${change.what}: ${file}`).toContain(to);
          if (!to.includes(from)) expect(served, `${change.what}: ${file}`).not.toContain(from);
        }
      }
    }
  });

  it('keeps every link, asset and API path under /demo-shop-changed/: the shop uses relative paths only', async () => {
    for (const file of REDESIGNED_FILES) {
      const served = await text(`/demo-shop-changed/${file}`);
      expect(served, file).not.toMatch(/\/demo-shop(?!-changed)|fetch\(["'`]\//);
      for (const [, url] of served.matchAll(/\b(?:href|src|action)(?:=|:\s*)["']([^"']*)["']/g)) expect(url, `${file}: ${url}`).not.toMatch(/^(\/|[a-z]+:)/);
    }
  });

  it('gives the changed shop the demo shop content security policy', async () => {
    for (const [original, changed] of [['/demo-shop/', '/demo-shop-changed/'], ['/demo-shop/assets/app.js', '/demo-shop-changed/assets/app.js'], ['/demo-shop/api/products', '/demo-shop-changed/api/products']]) {
      const policy = (await get(original)).headers.get('content-security-policy');
      expect(policy, original).toContain("style-src 'self';");
      expect((await get(changed)).headers.get('content-security-policy'), changed).toBe(policy);
    }
  });

  it('leaves the original shop byte for byte as its files are', async () => {
    for (const file of fs.readdirSync(DEMO_SHOP_PUBLIC).filter((f) => f.endsWith('.html')).concat(['assets/app.js', 'assets/shop-core.js', 'assets/styles.css'])) {
      const res = await get(`/demo-shop/${file}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(DEMO_SHOP_PUBLIC, file))), file).toBe(true);
    }
    expect(await text('/demo-shop/checkout')).toContain('>Place order</button>');
  });

  it('says which change no longer fits when the shop changed under it', () => {
    expect(() => redesignShop(DEMO_SHOP_PUBLIC, [{ what: 'A button renamed', replace: [{ files: ['checkout.html'], from: '>Buy now</button>', to: '>Buy</button>' }] }])).toThrow(
      'The redesign no longer fits the demo shop (A button renamed): ">Buy now</button>" is not in checkout.html',
    );
    expect(() => redesignShop(DEMO_SHOP_PUBLIC, [{ what: 'A field moved', move: { file: 'login.html', from: '<div id="nope">', through: '</div>', before: '<h1>' } }])).toThrow(/A field moved.*not in login\.html/);
  });
});

describe.skipIf(!fs.existsSync(CHROMIUM))('the changed demo shop in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sells a product with the new names, asks only its own paths, and leaves the original shop its own cart', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    const shop = `${server.baseUrl}/demo-shop-changed/`;

    await page.goto(shop);
    await page.getByRole('contentinfo').getByText('Redesigned shop').waitFor();
    // The search box sits in a bar of its own under the header.
    await page.getByRole('search').getByRole('searchbox', { name: 'Search the shop' }).waitFor();
    expect(await page.getByRole('banner').getByRole('searchbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);

    await page.getByRole('listitem').filter({ hasText: 'Trail Backpack' }).getByRole('button', { name: 'Add to basket' }).click();
    await page.getByRole('status').getByText('Trail Backpack was added to your basket.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Basket' }).click();
    await page.getByRole('heading', { name: 'Your basket' }).waitFor();
    await page.getByRole('link', { name: 'Go to checkout' }).click();

    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
    await page.getByLabel('Country').selectOption('United Kingdom');
    await page.getByRole('group', { name: 'Delivery method' }).getByLabel('Express delivery ($9.99)').check();
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Place your order' }).click();

    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo-shop-changed/confirmation');
    expect(await page.getByText('Total paid:').textContent()).toContain('$59.98');
    await page.getByRole('link', { name: 'Keep shopping' }).waitFor();
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(shop))).toEqual([]);
    expect(requests).toContain(`${shop}api/orders`);

    // The shops keep their state apart: the original's cart is still empty, and takes its own items.
    await page.goto(`${server.baseUrl}/demo-shop/cart`);
    await page.getByText('Your cart is empty.').waitFor();
    await page.goto(`${server.baseUrl}/demo-shop/product?id=ceramic-mug`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${shop}cart`);
    await page.getByText('Your basket is empty.').waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(['demoShop.cart', 'demoShopChanged.cart', 'demoShopChanged.lastOrder']);
    await context.close();
  });
});
