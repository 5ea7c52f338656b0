import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPathOf } from '@stepwise/runner';
import type { GeneratedStep, PageSnapshot } from '../ai-types.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { matchStep } from './step-expression.ts';

/**
 * Test support: the demo shop served by the real server, opened in Chromium: the browser a headless
 * run or an AI trial takes (Debian's headless shell when installed, a fraction of the full browser's
 * CPU per page).
 */
export const CHROMIUM = chromiumPathOf({});

export interface ShopBrowser {
  /** `${server}/demo-shop/` */
  shopUrl: string;
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function openShop(): Promise<ShopBrowser> {
  const server = await startTestServer();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    return {
      shopUrl: `${server.baseUrl}/demo-shop/`,
      server,
      browser,
      async close() {
        await browser.close();
        await server.close();
      },
    };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** Once the page has loaded what its scripts fetch, its aria snapshot as the product takes it. */
export async function snapshotOf(page: Page): Promise<PageSnapshot> {
  await page.waitForLoadState('networkidle');
  return { url: page.url(), title: await page.title(), aria: await page.locator('body').ariaSnapshot() };
}

/** Snapshots of the shop's pages, as the product would remember them (a cart with one item, signed in for the account). */
export async function knownPagesOf(shop: ShopBrowser): Promise<PageSnapshot[]> {
  const context = await shop.browser.newContext();
  const page = await context.newPage();
  const out: PageSnapshot[] = [];
  const visit = async (path: string) => {
    await page.goto(new URL(path, shop.shopUrl).href);
    out.push(await snapshotOf(page));
  };
  await visit('./');
  await page.evaluate(() => localStorage.setItem('demoShop.cart', JSON.stringify([{ id: 'trail-backpack', quantity: 1 }])));
  for (const path of ['product?id=trail-backpack', 'search?q=mug', 'cart', 'checkout', 'login']) await visit(path);
  await page.evaluate(() => localStorage.setItem('demoShop.user', JSON.stringify({ username: 'demo', name: 'Demo User' })));
  await visit('account');
  await context.close();
  return out;
}

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<unknown>;

/**
 * Runs generated step code as cucumber-js would: the function built from its parameters and body,
 * `this` a world with the page, the arguments taken from the step text by its expression.
 */
export async function runStep(page: Page, step: GeneratedStep, text: string): Promise<void> {
  const args = matchStep(step.expression, text);
  if (!args) throw new Error(`"${step.expression}" does not match "${text}"`);
  await callStep(page, step, args);
}

/** Runs generated step code with the given arguments. */
export async function callStep(page: Page, step: Pick<GeneratedStep, 'params' | 'body'>, args: unknown[]): Promise<void> {
  await new AsyncFunction(...step.params, step.body).call({ page, testData: {} }, ...args);
}

/** The demo shop's cart as its pages keep it: product id -> quantity. */
export async function cartOf(page: Page): Promise<Record<string, number>> {
  const items = (await page.evaluate(() => JSON.parse(localStorage.getItem('demoShop.cart') ?? '[]'))) as Array<{ id: string; quantity: number }>;
  return Object.fromEntries(items.map((i) => [i.id, i.quantity]));
}
