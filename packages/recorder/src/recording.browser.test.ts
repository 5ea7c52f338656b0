import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { RecordedStep } from '@stepwise/shared';
import { Recording } from './recording.ts';
import { actionCode } from './step-code.ts';
import { withFullName } from './full-names.ts';
import { PageMoves } from './page-moves.ts';
import { chromiumPathOf } from '@stepwise/runner';
import { startFixtureSite } from './test/fixture-site.ts';
import { recorderReady, RECORDING_FLAG } from './recorder-ready.ts';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await startFixtureSite();
  browser = await chromium.launch({ executablePath: chromiumPathOf({}), headless: true, args: ['--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Clicks the middle of what `locator` finds with the mouse, as a person (or the streamed canvas) does. */
async function clickOn(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Recording', () => {
  it('turns a session into steps: library phrasing, merged typing, a password kept as a secret, alike buttons told apart, assertions', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    let seen: RecordedStep[] = [];
    const recording = new Recording({ baseUrl: site.url, onSteps: (s) => (seen = s) });
    await recording.attach(context);
    const page = await context.newPage();
    await page.goto(site.url);

    await clickOn(page, page.getByLabel('Username'));
    await page.keyboard.type('ada');
    await clickOn(page, page.getByLabel('Password'));
    await page.keyboard.type('s3cret!');
    await clickOn(page, page.getByRole('button', { name: 'Sign in' }));
    await page.waitForURL(/products/);
    await clickOn(page, page.getByRole('listitem').filter({ hasText: 'Tea' }).getByRole('button'));
    await page.getByLabel('Size').selectOption('l');
    await clickOn(page, page.getByRole('checkbox'));
    await recording.assertText(page, 'Cart: Tea');
    await expect(recording.assertText(page, 'Cart: Mug')).rejects.toThrow('is not visible');
    const note = (await page.getByTestId('note').boundingBox())!;
    await recording.assertVisibleAt(page, note.x + 5, note.y + 5);
    await clickOn(page, page.getByRole('link', { name: 'Checkout' }));
    await page.waitForURL(/done/);
    await recording.assertUrl(page);
    await recording.settled();
    await until(() => seen.length >= 12, 'the steps');

    const lines = seen.map((s) => `${s.keyword} ${s.text}`);
    expect(lines).toEqual([
      'Given I am on the home page',
      'When I fill the "Username" field with "ada"',
      'When I fill the "Password" field with "{{password}}"',
      'When I click the "Sign in" button',
      // The form went to the product list: the replay waits for it before the next click.
      'Then the URL should contain "/products"',
      // Both buttons are named "Add to cart": Playwright's locator tells them apart by their list item.
      'When I click the button in the list item with "Tea Add to cart"',
      'When I select "l" from "Size SmallLarge"',
      // Playwright's locator names it by its first words ("Gift wrap this order in"): the step says it all.
      'When I check "Gift wrap this order in recycled paper"',
      'Then I should see "Cart: Tea"',
      'Then the element with test id "note" should be visible',
      'When I click the "Checkout" link',
      'Then the URL should contain "/done"',
    ]);
    expect(JSON.stringify(seen)).not.toContain('s3cret!');
    expect(recording.secrets).toEqual([{ key: 'password', value: 's3cret!' }]);
    await recording.detach();
    await context.close();
  });

  it('writes code that replays the recorded steps on a fresh page', async () => {
    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    const page = await context.newPage();
    await page.goto(`${site.url}products`);
    await clickOn(page, page.getByRole('listitem').filter({ hasText: 'Mug' }).getByRole('button'));
    await clickOn(page, page.getByRole('checkbox'));
    await recording.assertText(page, 'Cart: Mug');
    await recording.settled();
    await until(() => recording.steps.length >= 4, 'the steps');
    await recording.detach();
    await context.close();

    const replay = await browser.newPage();
    const world = { page: replay, env: { baseUrl: site.url }, testData: {} };
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => () => Promise<void>;
    for (const step of recording.steps) {
      const code = actionCode(step.action);
      expect(code, step.text).not.toBeNull();
      await new AsyncFunction(`const { page } = this;\n${code}`).call(world);
    }
    await expect(replay.locator('#cart').textContent()).resolves.toBe('Cart: Mug');
    expect(await replay.getByRole('checkbox').isChecked()).toBe(true);
    await replay.close();
  });

  it('says where a page went by itself after a click before the next action, so that a replay waits for it', async () => {
    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    const page = await context.newPage();
    await page.goto(`${site.url}sign-in`);
    await clickOn(page, page.getByRole('button', { name: 'Go' }));
    await page.waitForURL(/welcome/);
    await clickOn(page, page.getByLabel('Search site'));
    await page.keyboard.type('tea');
    await until(() => recording.steps.some((s) => s.action.name === 'fill'), 'the typing');
    await recording.settled();
    expect(recording.steps.map((s) => `${s.keyword} ${s.text}`)).toEqual([
      'Given I open the "/sign-in" page',
      'When I click the "Go" button',
      'Then the URL should contain "/welcome"',
      'When I fill the "Search site" field with "tea"',
    ]);
    await recording.detach();
    await context.close();

    // Without the check of the URL, the replay types into the sign-in page's field and the welcome page then replaces it.
    const replay = await browser.newPage();
    const world = { page: replay, env: { baseUrl: site.url }, testData: {} };
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => () => Promise<void>;
    for (const step of recording.steps) await new AsyncFunction(`const { page } = this;\n${actionCode(step.action)}`).call(world);
    await new Promise((r) => setTimeout(r, 600));
    expect(new URL(replay.url()).pathname).toBe('/welcome');
    await expect(replay.getByLabel('Search site').inputValue()).resolves.toBe('tea');
    await replay.close();
  });

  it("records Enter in a form as the key press only (the browser's implicit click is not a step), and hides Playwright's toolbar when asked", async () => {
    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    await recording.hideToolbar(context);
    const page = await context.newPage();
    await page.goto(`${site.url}search`);
    await clickOn(page, page.getByLabel('Query'));
    await page.keyboard.type('mug');
    await page.keyboard.press('Enter');
    await page.waitForURL(/products/);
    await until(() => recording.steps.some((s) => s.action.name === 'press'), 'the key press');
    await new Promise((r) => setTimeout(r, 1000));
    await recording.settled();
    expect(recording.steps.map((s) => s.text)).toEqual(['I open the "/search" page', 'I fill the "Query" field with "mug"', 'I press "Enter"']);
    const toolbarShown = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as { document: { querySelector(s: string): object | null }; getComputedStyle(e: object): { display: string } };
      const glass = document.querySelector('x-pw-glass');
      return glass ? getComputedStyle(glass).display !== 'none' : false;
    });
    expect(toolbarShown).toBe(false);
    await recording.detach();
    await context.close();
  });

  it('gives each click the address it was done at when Enter submitted a form just before (its implicit click takes none)', async () => {
    const context = await browser.newContext();
    const recording = new Recording({ baseUrl: site.url });
    await recording.attach(context);
    const page = await context.newPage();
    await page.goto(site.url);
    await clickOn(page, page.getByLabel('Username'));
    await page.keyboard.type('ada');
    // Enter sends the form at once; the two clicks come before Playwright reports the form's implicit click.
    await page.keyboard.press('Enter');
    await page.waitForURL(/products/);
    await clickOn(page, page.getByRole('link', { name: 'Checkout' }));
    await page.waitForURL(/done/);
    await clickOn(page, page.getByRole('heading', { name: 'Thank you' }));
    await until(() => recording.steps.some((s) => s.text.includes('Thank you')), 'the last click');
    await recording.settled();
    expect(recording.steps.map((s) => s.text)).toEqual([
      'I am on the home page',
      'I fill the "Username" field with "ada"',
      'I press "Enter"',
      'the URL should contain "/products"',
      'I click the "Checkout" link',
      'the URL should contain "/done"',
      'I click the "Thank you" heading',
    ]);
    await recording.detach();
    await context.close();
  });

  it('writes out a name Playwright cut, but not a count it left out, a name it kept whole or an element gone', async () => {
    const page = await browser.newPage();
    await page.setContent('<button>Gift wrap this order in recycled paper</button><a href="#">Reviews of this ceramic coffee mug 12</a><button>Sign in</button>');
    const role = (r: string, name: string) => `internal:role=${r}[name="${name}"i]`;
    expect(await withFullName(page, role('button', 'Gift wrap this order in'), 10_000)).toBe(role('button', 'Gift wrap this order in recycled paper'));
    expect(await withFullName(page, `main >> ${role('button', 'Gift wrap this order in')}`, 10_000)).toBe(`main >> ${role('button', 'Gift wrap this order in')}`);
    expect(await withFullName(page, role('link', 'Reviews of this ceramic coffee'), 10_000)).toBe(role('link', 'Reviews of this ceramic coffee'));
    expect(await withFullName(page, role('button', 'Sign in'), 10_000)).toBe(role('button', 'Sign in'));
    // An element gone is not waited for: the queue of steps goes on at once.
    const asked = Date.now();
    expect(await withFullName(page, role('button', 'Gone and never to be seen'), 10_000)).toBe(role('button', 'Gone and never to be seen'));
    expect(Date.now() - asked).toBeLessThan(5_000);
    await page.close();
  });
});

/** A click with the mouse, then time for the page's report of it to arrive. */
async function clickAndSettle(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
  await clickOn(page, locator);
  await page.evaluate(() => 0);
  await new Promise((r) => setTimeout(r, 300));
}

/** A page watched by PageMoves, on the sign-in page, its search field clicked and typed into. */
async function typedInSearchField() {
  const context = await browser.newContext();
  const moves = new PageMoves(site.url);
  await moves.watch(context);
  const page = await context.newPage();
  await page.goto(`${site.url}sign-in`);
  await clickAndSettle(page, page.getByLabel('Search site'));
  await page.keyboard.type('tea');
  return { context, moves, page };
}

// The actions below are what Playwright's recorder reports (Recording hands them on as they come).
describe('PageMoves.addressAtAction', () => {
  const fieldClick = { name: 'click', clickCount: 1, selector: 'internal:label="Search site"i' };
  const fill = { name: 'fill', selector: 'internal:label="Search site"i' };
  const headingClick = { name: 'click', clickCount: 1, selector: 'internal:role=heading[name="Welcome"i]' };

  it('gives a click the address it was heard at, after a click into a field that Playwright folded into its fill', async () => {
    const { context, moves, page } = await typedInSearchField();
    // No click reported for the field: only its fill.
    expect(moves.addressAtAction(page, fill)).toBe(`${site.url}sign-in`);
    await page.goto(`${site.url}welcome`);
    await clickAndSettle(page, page.getByRole('heading', { name: 'Welcome' }));
    expect(moves.addressAtAction(page, headingClick)).toBe(`${site.url}welcome`);
    await context.close();
  });

  it('gives each click its own address when Playwright reported the click into a field before its fill', async () => {
    const { context, moves, page } = await typedInSearchField();
    expect(moves.addressAtAction(page, fieldClick)).toBe(`${site.url}sign-in`);
    expect(moves.addressAtAction(page, fill)).toBe(`${site.url}sign-in`);
    await page.goto(`${site.url}welcome`);
    await clickAndSettle(page, page.getByRole('heading', { name: 'Welcome' }));
    await clickAndSettle(page, page.getByLabel('Search site'));
    expect(moves.addressAtAction(page, headingClick)).toBe(`${site.url}welcome`);
    expect(moves.addressAtAction(page, fieldClick)).toBe(`${site.url}welcome`);
    await context.close();
  });
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
