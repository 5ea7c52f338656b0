import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { Recording } from './recording.ts';
import { recorderReady, RECORDING_FLAG } from './recorder-ready.ts';
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

const flagOf = (page: import('playwright-core').Page) => page.evaluate((flag) => (globalThis as unknown as Record<string, unknown>)[flag] === true, RECORDING_FLAG);

describe("a page's recorder", () => {
  it('is ready once Playwright records in the page: a click made then is a step; a page without recording never is', async () => {
    const plain = await browser.newContext();
    const unrecorded = await plain.newPage();
    await unrecorded.goto(site.url);
    expect(await recorderReady(unrecorded, 300)).toBe(false);
    await plain.close();

    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    const page = await context.newPage();
    for (const path of ['', 'products']) {
      await page.goto(`${site.url}${path}`);
      expect(await recorderReady(page, 10_000)).toBe(true);
      expect(await flagOf(page)).toBe(true);
      await page.getByRole('heading').click();
    }
    await recording.settled();
    await expect.poll(() => recording.steps.map((s) => s.text), { timeout: 10_000 }).toEqual([
      'I am on the home page',
      'I click the "Shop" heading',
      // The test's own goto is, for the recorder, the page moving on by itself.
      'the URL should contain "/products"',
      'I click the "Products" heading',
    ]);
    await recording.detach();
    await context.close();
  });

  it("shows REC in the local recorder's toolbar once the page records, in each new document", async () => {
    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    await recording.installOverlay(context);
    const page = await context.newPage();
    for (const path of ['', 'done']) {
      await page.goto(`${site.url}${path}`);
      await page.locator('x-pw-glass[data-stepwise][data-recording]').waitFor({ state: 'attached', timeout: 10_000 });
      expect(await flagOf(page)).toBe(true);
    }
    await recording.detach();
    await context.close();
  });
});
