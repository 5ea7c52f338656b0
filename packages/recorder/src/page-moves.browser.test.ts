import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PageMoves } from './page-moves.ts';
import { startFixtureSite } from './test/fixture-site.ts';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Clicks the middle of what `locator` finds with the mouse, then lets the page's report of it arrive. */
async function clickOn(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => 0);
  await new Promise((r) => setTimeout(r, 300));
}

// The actions below are what Playwright's recorder reports (recording.ts hands them on as they come).
describe('PageMoves.addressAtAction', () => {
  it('gives a click the address it was heard at, after a click into a field that Playwright folded into its fill', async () => {
    const context = await browser.newContext();
    const moves = new PageMoves(site.url);
    await moves.watch(context);
    const page = await context.newPage();
    await page.goto(`${site.url}sign-in`);
    await clickOn(page, page.getByLabel('Search site'));
    await page.keyboard.type('tea');
    // No click reported for the field: only its fill.
    expect(moves.addressAtAction(page, { name: 'fill', selector: 'internal:label="Search site"i' })).toBe(`${site.url}sign-in`);
    await page.goto(`${site.url}welcome`);
    await clickOn(page, page.getByRole('heading', { name: 'Welcome' }));
    expect(moves.addressAtAction(page, { name: 'click', clickCount: 1, selector: 'internal:role=heading[name="Welcome"i]' })).toBe(`${site.url}welcome`);
    await context.close();
  });

  it('gives each click its own address when Playwright reported the click into a field before its fill', async () => {
    const context = await browser.newContext();
    const moves = new PageMoves(site.url);
    await moves.watch(context);
    const page = await context.newPage();
    await page.goto(`${site.url}sign-in`);
    await clickOn(page, page.getByLabel('Search site'));
    await page.keyboard.type('tea');
    expect(moves.addressAtAction(page, { name: 'click', clickCount: 1, selector: 'internal:label="Search site"i' })).toBe(`${site.url}sign-in`);
    expect(moves.addressAtAction(page, { name: 'fill', selector: 'internal:label="Search site"i' })).toBe(`${site.url}sign-in`);
    await page.goto(`${site.url}welcome`);
    await clickOn(page, page.getByRole('heading', { name: 'Welcome' }));
    await clickOn(page, page.getByLabel('Search site'));
    expect(moves.addressAtAction(page, { name: 'click', clickCount: 1, selector: 'internal:role=heading[name="Welcome"i]' })).toBe(`${site.url}welcome`);
    expect(moves.addressAtAction(page, { name: 'click', clickCount: 1, selector: 'internal:label="Search site"i' })).toBe(`${site.url}welcome`);
    await context.close();
  });
});
