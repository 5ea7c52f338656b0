import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { activeRow, demoProject, planDraft, toast } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// The cloud recorder driven as a person drives it: the AI Recorder button opens the demo shop in a
// browser streamed to a canvas; a purchase is clicked and typed through in that canvas, a check is
// added, and the saved scenario passes in an execution with no code written by hand.

const shots = '/tmp/recorder';
const PAGE = { width: 1280, height: 800 };

/**
 * Where things are in the streamed page: the same shop opened at the same size in a page of the test
 * (what the person sees in the canvas), kept in step by doing each action there too.
 */
class StreamedShop {
  readonly page: Page;
  readonly canvas: Locator;
  readonly shop: Page;

  constructor(page: Page, canvas: Locator, shop: Page) {
    this.page = page;
    this.canvas = canvas;
    this.shop = shop;
  }

  async point(target: Locator): Promise<{ x: number; y: number }> {
    // boundingBox does not wait: the shop's page may still be drawing the page it navigated to.
    await target.waitFor({ state: 'visible' });
    const box = await target.boundingBox();
    const frame = await this.canvas.boundingBox();
    if (!box || !frame) throw new Error('not on screen');
    const scale = frame.width / PAGE.width;
    return { x: frame.x + (box.x + box.width / 2) * scale, y: frame.y + (box.y + box.height / 2) * scale };
  }

  /** Clicks the element in the canvas, where the person sees it. */
  async click(find: (shop: Page) => Locator) {
    const target = find(this.shop);
    const { x, y } = await this.point(target);
    await this.page.mouse.move(x, y, { steps: 3 });
    await this.page.mouse.click(x, y);
    await target.click();
  }

  /**
   * Clicks a field or box in the canvas and waits until the recorded steps name it, as a person watches
   * the click register. The streamed page shows the checkout form only once its own products call has
   * answered, which on a busy machine can come after the reference page's: a click before that lands on
   * nothing, and is made again.
   */
  async clickUntilRecorded(find: (shop: Page) => Locator, steps: Locator, name: string) {
    await expect(async () => {
      await this.click(find);
      await expect(steps.getByRole('listitem').last()).toContainText(name, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  }

  async type(text: string) {
    await this.page.keyboard.type(text, { delay: 15 });
    await this.shop.keyboard.type(text);
  }

  async at(path: RegExp) {
    await expect(this.page.getByRole('textbox', { name: 'Address' })).toHaveValue(path, { timeout: 20_000 });
    await expect(this.shop).toHaveURL(path);
  }
}

async function openSessions(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/guac/concurrent-sessions-for-user', { data: {}, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).count;
}

test('a purchase recorded in the streamed browser is saved as a scenario that passes when run', async ({ page, request }) => {
  test.setTimeout(420_000);
  const email = uniqueEmail('recorder');
  const token = await signUpViaApi(request, email, 'Rita', 'Recorder');
  const projectId = await demoProject(request, token, 'Recorded shop');
  await signedInAs(page, email);
  const steps = page.getByRole('list', { name: 'Recorded steps' });
  const canvas = page.getByRole('application', { name: 'Recorded browser page' });
  let shop: StreamedShop;

  await test.step('the AI Recorder button opens the cloud recorder on the demo environment, which streams the shop', async () => {
    await page.goto(`/${projectId}/features`);
    await expect(page.getByRole('treeitem', { name: 'search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'AI Recorder' }).click();
    await expect(page).toHaveURL(new RegExp(`/remote-recorder/recorder\\?project_id=${projectId}&env_name=environments%2Fdemo.json&git_branch=main`));
    await expect(page.getByRole('heading', { name: 'Cloud recorder' })).toBeVisible();
    await expect(page.getByText('Recorded shop · environment demo · branch main')).toBeVisible();
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    const address = page.getByRole('textbox', { name: 'Address' });
    await expect(address).toHaveValue(/\/demo-shop\/$/);
    await expect(steps.getByRole('listitem')).toHaveCount(1);
    await expect(steps.getByRole('listitem').first()).toContainText('I am on the home page');
    expect(await openSessions(request, token)).toBe(1);

    const reference = await page.context().newPage();
    await reference.setViewportSize(PAGE);
    await reference.goto(await address.inputValue());
    shop = new StreamedShop(page, canvas, reference);
    await page.screenshot({ path: `${shots}-live.png` });
  });

  await test.step('in the canvas: add the mug to the cart, open the cart, proceed to checkout', async () => {
    await shop.click((s) => s.locator('.product-card', { hasText: 'Ceramic Coffee Mug' }).getByRole('button', { name: 'Add to cart' }));
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await shop.click((s) => s.getByRole('link', { name: /^Cart/ }));
    await shop.at(/\/demo-shop\/cart$/);
    await shop.click((s) => s.getByRole('link', { name: 'Proceed to checkout' }));
    await shop.at(/\/demo-shop\/checkout$/);
  });

  await test.step('in the canvas: type the shipping details, accept the terms and place the order', async () => {
    for (const [label, value] of [
      ['Full name', 'Ada Lovelace'],
      ['Email', 'ada@example.com'],
      ['Address', '12 Analytical Way'],
      ['City', 'London'],
    ]) {
      await shop.clickUntilRecorded((s) => s.getByLabel(label, { exact: true }), steps, label);
      await shop.type(value);
      await expect(steps.getByRole('listitem').last()).toContainText(value);
    }
    // The form is there (its fields took the text): one click, which a second would undo.
    await shop.click((s) => s.getByLabel('I accept the terms and conditions'));
    await expect(steps.getByRole('listitem').last()).toContainText('When I check "I accept the terms');
    await page.screenshot({ path: `${shots}-checkout.png` });
    await shop.click((s) => s.getByRole('button', { name: 'Place order' }));
    await shop.at(/\/demo-shop\/confirmation\?order=/);
    await expect(steps).toContainText('Ada Lovelace');
    await expect(steps).toContainText('London');
  });

  await test.step('Assert text adds a check of the confirmation', async () => {
    await page.getByRole('button', { name: 'Assert' }).click();
    await page.getByRole('menuitem', { name: 'Assert text' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assert text' });
    await dialog.getByLabel('Text the page shows').fill('Thank you for your order');
    await dialog.getByRole('button', { name: 'Add assertion' }).click();
    await expect(dialog).toBeHidden();
    await expect(steps.getByRole('listitem').last()).toContainText('Thank you for your order');
    await page.screenshot({ path: `${shots}-steps.png` });
  });

  await test.step('Stop & Save into a new feature: the scenario opens in the Features page, every step with code', async () => {
    await page.getByRole('button', { name: 'Stop & Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the recorded scenario' });
    await dialog.getByLabel('Scenario name').fill('Buy a mug');
    await dialog.getByRole('radio', { name: 'New feature' }).check();
    await dialog.getByLabel('Feature name').fill('Recorded purchase');
    await page.screenshot({ path: `${shots}-save.png` });
    await dialog.getByRole('button', { name: 'Save scenario' }).click();
    await expect(toast(page, 'Scenario recorded and saved')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/features\\?feature=Recorded(%20|\\+)purchase\\.feature&scenario=0`));
    await expect(page.getByRole('heading', { name: 'Buy a mug', exact: true })).toBeVisible();
    const saved = page.getByRole('list', { name: 'Scenario steps' });
    await expect(saved.getByRole('listitem').first()).toBeVisible();
    await expect(saved.getByLabel('Not implemented')).toHaveCount(0);
    await expect(saved).toContainText('Thank you for your order');
    expect(await openSessions(request, token)).toBe(0);
    await page.screenshot({ path: `${shots}-saved.png` });
  });

  await test.step('tagged @recorded, planned in Executions and run now, it passes', async () => {
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tag = page.getByRole('combobox', { name: 'Tag' });
    await tag.fill('recorded');
    await tag.press('Enter');
    await expect(page.getByRole('group', { name: 'Tags' }).getByText('@recorded')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Executions', exact: true }).click();
    await planDraft(page, 'Recorded check', 'recorded');
    await page.getByRole('table', { name: 'All executions' }).getByRole('row', { name: 'Recorded check', exact: true }).getByRole('button', { name: 'Run now: Recorded check' }).click();
    const row = activeRow(page, 'Recorded check');
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 180_000 });
    await page.screenshot({ path: `${shots}-run.png` });
    await expect(row.getByTestId('live-status')).toHaveText('Passed');
    await expect(row.getByTestId('execution-progress')).toHaveText('1 passed (100.0%) · 0 failed (0.0%) · 1 total');
  });
});

test('checks are added from the Assert menu, steps edited and deleted in the list; Discard and leaving the page close the session', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('recorder-list');
  const token = await signUpViaApi(request, email, 'Rob', 'Recorder');
  const projectId = await demoProject(request, token, 'Recorder list');
  await signedInAs(page, email);
  const steps = page.getByRole('list', { name: 'Recorded steps' });
  const address = page.getByRole('textbox', { name: 'Address' });
  const canvas = page.getByRole('application', { name: 'Recorded browser page' });
  const recorder = `/remote-recorder/recorder?project_id=${projectId}&env_name=environments/demo.json&git_branch=main`;

  await test.step('AI Recorder clicked before the environments have arrived opens the recorder on the one the selector shows', async () => {
    // The list held back 3 s (a slow server): the click must wait for it, not offer to create an environment.
    const envList = '**/api/workspace/get-env-list';
    await page.route(envList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto(`/${projectId}/features`);
    await page.getByRole('button', { name: 'AI Recorder' }).click();
    await expect(page).toHaveURL(new RegExp(`/remote-recorder/recorder\\?project_id=${projectId}&env_name=environments%2Fdemo.json&git_branch=main`));
    await expect(page.getByRole('dialog', { name: 'Create environment' })).toHaveCount(0);
    await page.unroute(envList);
  });

  await test.step('the address bar opens a page; Assert URL and Assert text add checks; a step is renamed inline and another deleted', async () => {
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    await address.fill('cart');
    await address.press('Enter');
    await expect(address).toHaveValue(/\/demo-shop\/cart$/);
    await expect(steps.getByRole('listitem')).toHaveCount(1);
    await expect(steps.getByRole('listitem').first()).toContainText('/cart');
    await page.getByRole('button', { name: 'Assert' }).click();
    await page.getByRole('menuitem', { name: 'Assert URL' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Assert' }).click();
    await page.getByRole('menuitem', { name: 'Assert text' }).click();
    await page.getByRole('dialog', { name: 'Assert text' }).getByLabel('Text the page shows').fill('Your cart is empty.');
    await page.getByRole('dialog', { name: 'Assert text' }).getByRole('button', { name: 'Add assertion' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit step 1' }).click();
    const text = page.getByRole('textbox', { name: 'Text of step 1' });
    await text.fill('I open my empty cart');
    await text.press('Enter');
    await expect(steps.getByRole('listitem').first()).toHaveAccessibleName('Given I open my empty cart');
    await page.getByRole('button', { name: 'Delete step 2' }).click();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await expect(steps.getByRole('listitem').last()).toContainText('Your cart is empty.');
  });

  await test.step('Assert element visible: the next click in the canvas picks the element; the edits stay as steps arrive', async () => {
    const reference = await page.context().newPage();
    await reference.setViewportSize(PAGE);
    await reference.goto(await address.inputValue());
    const shop = new StreamedShop(page, canvas, reference);
    await page.getByRole('button', { name: 'Assert' }).click();
    await page.getByRole('menuitem', { name: 'Assert element visible' }).click();
    await expect(page.getByText('Click the element that must be visible (Esc cancels).')).toBeVisible();
    const { x, y } = await shop.point(reference.getByRole('link', { name: 'Browse products' }));
    await page.mouse.click(x, y);
    await expect(page.getByText('Click the element that must be visible (Esc cancels).')).toBeHidden();
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(steps.getByRole('listitem').last()).toContainText('Browse products');
    // Picking did not click: the page is still the cart.
    await expect(address).toHaveValue(/\/demo-shop\/cart$/);
    await expect(steps.getByRole('listitem').first()).toHaveAccessibleName('Given I open my empty cart');
    await expect(steps).not.toContainText('assert URL');
    await reference.close();
    await page.screenshot({ path: `${shots}-edits.png` });
  });

  await test.step('the Mobile viewport reshapes the streamed page', async () => {
    await page.getByRole('combobox', { name: 'Viewport' }).click();
    await page.getByRole('option', { name: 'Mobile 390×844' }).click();
    await expect.poll(async () => { const b = await canvas.boundingBox(); return b ? Math.round((b.width / b.height) * 100) : 0; }).toBe(Math.round((390 / 844) * 100));
    await page.screenshot({ path: `${shots}-mobile.png` });
  });

  await test.step('Discard closes the session and returns to the features', async () => {
    expect(await openSessions(request, token)).toBe(1);
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog', { name: 'Discard the recording?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/features$`));
    await expect.poll(() => openSessions(request, token)).toBe(0);
  });

  await test.step('leaving the page another way closes it too', async () => {
    await page.goto(recorder);
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    expect(await openSessions(request, token)).toBe(1);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Executions', exact: true }).click();
    await expect.poll(() => openSessions(request, token)).toBe(0);
    await page.goto(recorder);
    await expect(canvas).toBeVisible({ timeout: 60_000 });
    await page.goto('/home');
    await expect.poll(() => openSessions(request, token)).toBe(0);
  });
});
