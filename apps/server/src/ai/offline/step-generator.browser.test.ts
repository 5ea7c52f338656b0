import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageSnapshot, StepCodeRequest } from '../ai-types.ts';
import { CHROMIUM, callStep, knownPagesOf, openShop, runStep, snapshotOf, type ShopBrowser } from './demo-shop-browser.ts';
import { SCENARIOS, type ShopScenario } from './demo-shop-scenarios.ts';
import { MORE_SCENARIOS } from './demo-shop-scenarios-more.ts';
import { THIRD_SCENARIOS } from './demo-shop-scenarios-third.ts';
import { FOURTH_SCENARIOS } from './demo-shop-scenarios-fourth.ts';
import { matchStep } from './step-expression.ts';
import { generateStepOffline } from './step-generator.ts';
import { ASSERT_TIMEOUT } from './code-context.ts';

/**
 * Each step of the scenarios is written by the generator from the live aria snapshot of the page it
 * starts on, then run in Chromium against the demo shop; the page must then show what the step did.
 */
let shop: ShopBrowser;
let page: Page;
let known: PageSnapshot[];
const outcomes: Array<{ text: string; passed: boolean }> = [];

beforeAll(async () => {
  shop = await openShop();
  known = await knownPagesOf(shop);
  page = await (await shop.browser.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  const passed = outcomes.filter((o) => o.passed).length;
  if (outcomes.length > 0) {
    console.log(`Offline step generation: ${passed} of ${outcomes.length} steps passed on the first run (${Math.round((100 * passed) / outcomes.length)}%)`);
  }
  await shop?.close();
});

async function request(keyword: StepCodeRequest['keyword'], text: string): Promise<StepCodeRequest> {
  const blank = page.url() === 'about:blank';
  return { text, keyword, page: blank ? null : await snapshotOf(page), knownPages: known, baseUrl: shop.shopUrl };
}

describe.skipIf(!fs.existsSync(CHROMIUM))('steps written offline and run against the demo shop', () => {
  for (const scenario of [...SCENARIOS, ...MORE_SCENARIOS, ...THIRD_SCENARIOS, ...FOURTH_SCENARIOS]) {
    describe(scenario.name, () => {
      for (const [i, step] of scenario.steps.entries()) {
        it(`${step.keyword} ${step.text}`, { timeout: 60_000 }, async () => {
          let passed = false;
          try {
            if (i === 0) await startScenario(scenario);
            const result = generateStepOffline(await request(step.keyword, step.text));
            expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
            if (!result.ok) return;
            const args = matchStep(result.step.expression, step.text);
            expect(args).toHaveLength(result.step.params.length);
            await runStep(page, result.step, step.text);
            await step.after?.(page, shop.shopUrl);
            if (step.failsWith) {
              // The same assertion with values the page does not show must fail; a shorter wait keeps the test quick.
              const quick = { ...result.step, body: result.step.body.replaceAll(String(ASSERT_TIMEOUT), '250') };
              await expect(callStep(page, quick, step.failsWith)).rejects.toThrow(/Expected/);
            }
            passed = true;
          } finally {
            outcomes.push({ text: step.text, passed });
          }
        });
      }
    });
  }
});

async function startScenario(scenario: ShopScenario): Promise<void> {
  await page.context().clearCookies();
  await page.goto(shop.shopUrl);
  const cart = Object.entries(scenario.cart ?? {}).map(([id, quantity]) => ({ id, quantity }));
  await page.evaluate((items) => {
    localStorage.clear();
    localStorage.setItem('demoShop.cart', JSON.stringify(items));
  }, cart);
  await page.goto(scenario.start === null ? 'about:blank' : new URL(scenario.start, shop.shopUrl).href);
}
