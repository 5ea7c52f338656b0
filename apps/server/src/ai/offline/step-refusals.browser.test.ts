import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageSnapshot, StepCodeRequest } from '../ai-types.ts';
import { descendants, parseAriaSnapshot } from './aria-tree.ts';
import { CHROMIUM, knownPagesOf, openShop, snapshotOf, type ShopBrowser } from './demo-shop-browser.ts';
import { generateStepOffline } from './step-generator.ts';

/** What the generator refuses to write, and what it writes without a page, on the demo shop's real snapshots. */
let shop: ShopBrowser;
let page: Page;
let known: PageSnapshot[];

beforeAll(async () => {
  shop = await openShop();
  known = await knownPagesOf(shop);
  page = await (await shop.browser.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

async function on(path: string, cart: Record<string, number> = {}): Promise<PageSnapshot> {
  await page.goto(shop.shopUrl);
  await page.evaluate((items) => localStorage.setItem('demoShop.cart', JSON.stringify(items)), Object.entries(cart).map(([id, quantity]) => ({ id, quantity })));
  await page.goto(new URL(path, shop.shopUrl).href);
  return snapshotOf(page);
}

function ask(text: string, snapshot: PageSnapshot | null, keyword: StepCodeRequest['keyword'] = 'When') {
  return generateStepOffline({ text, keyword, page: snapshot, knownPages: known, baseUrl: shop.shopUrl });
}

describe.skipIf(!fs.existsSync(CHROMIUM))('the offline generator on the demo shop', () => {
  it('reads the aria snapshot of the product list', async () => {
    const tree = parseAriaSnapshot((await on('./')).aria);
    const nodes = descendants(tree);
    expect(nodes.filter((n) => n.role === 'listitem')).toHaveLength(6);
    expect(nodes.filter((n) => n.role === 'button' && n.name === 'Add to cart')).toHaveLength(6);
    expect(nodes.find((n) => n.role === 'link' && n.name === 'Cart')?.props.url).toBe('cart');
    expect(nodes.find((n) => n.role === 'heading' && n.name === 'Trail Backpack')?.attrs).toEqual({ level: '3' });
  });

  it('refuses an element the page does not have, with the closest five', async () => {
    const result = ask('I click the Subscribe button', await on('./'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain('Subscribe');
    expect(result.candidates.length).toBeGreaterThan(0);
    expect(result.candidates.length).toBeLessThanOrEqual(5);
    expect(result.candidates[0]).toMatch(/^button "/);
  });

  it('refuses a button that six products share when the step names none of them', async () => {
    const result = ask('I click the Add to cart button', await on('./'));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('6 elements match button "Add to cart"') });
  });

  it('refuses an option the select does not offer, listing those it has', async () => {
    const result = ask('I select "Mexico" from the country dropdown', await on('checkout', { 'trail-backpack': 1 }));
    expect(result).toMatchObject({ ok: false, candidates: expect.arrayContaining(['option "Canada"']) });
  });

  it('refuses a field it cannot find rather than guess one', async () => {
    const result = ask('I enter "12345" as the postcode', await on('checkout', { 'trail-backpack': 1 }));
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('postcode') });
  });

  it('without a page writes only navigation, URL, title and wait steps', () => {
    expect(ask('I click the Add to cart button', null)).toMatchObject({ ok: false, reason: expect.stringContaining('no page') });
    expect(ask('I should see 2 items in the cart', null, 'Then')).toMatchObject({ ok: false });
    expect(ask('I open the checkout page', null, 'Given')).toMatchObject({ ok: true, step: { body: expect.stringContaining("goto(new URL('checkout'") } });
    expect(ask('the page title is "Demo Shop"', null, 'Then')).toMatchObject({ ok: true, step: { params: ['title'] } });
    expect(ask('the URL contains "cart"', null, 'Then')).toMatchObject({ ok: true, step: { params: ['url'] } });
    expect(ask('I wait 2 seconds', null)).toMatchObject({ ok: true, step: { expression: 'I wait {int} seconds', params: ['seconds'] } });
  });

  it('refuses a step it does not understand', () => {
    expect(ask('lorem ipsum dolor', null)).toMatchObject({ ok: false });
  });

  it('scopes a repeated button by the row of the product the step names, with the parameter', async () => {
    const result = ask('I remove "Ceramic Coffee Mug" from the cart', await on('cart', { 'trail-backpack': 1, 'ceramic-mug': 1 }));
    expect(result).toMatchObject({
      ok: true,
      step: {
        expression: 'I remove {string} from the cart',
        params: ['product'],
        body: "await this.page.getByRole('row').filter({ hasText: product }).getByRole('button', { name: 'Remove' }).click();",
      },
    });
  });

  it('adds exact: true when another element of the role contains the name', async () => {
    await on('./');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const result = ask('I open the cart', await snapshotOf(page));
    expect(result).toMatchObject({ ok: true, step: { body: "await this.page.getByRole('link', { name: 'Cart', exact: true }).click();" } });
  });
});
