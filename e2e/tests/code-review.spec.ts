import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activeRow, allRow, choose, demoProject, openPlanner, toast } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { OwnServer, START_TIMEOUT_MS } from './server-process.ts';

// AI recovery end to end: step code written for another version of the demo shop ("basket" where
// the shop says "cart", "Find" where it says "Search") runs in an execution with AI recovery on; the
// run passes, its report shows the AI's runs as "fixed by AI", the fixes wait in Code Review (badge in
// the sidebar), one is accepted (a commit of the step file), the others discarded with the selection.

const shots = '/tmp/code-review';
const FILE = 'basket.mjs';
const STEPS = `import { When } from '@cucumber/cucumber';

// source: user
When('I look for {string} in the shop', async function (term) {
  await this.page.getByLabel('Find products', { exact: true }).fill(term, { timeout: 2000 });
  await this.page.keyboard.press('Enter');
});

When('I put the product in my basket', async function () {
  await this.page.getByRole('button', { name: 'Add to basket' }).click({ timeout: 2000 });
});

When('I open my basket', async function () {
  await this.page.getByRole('link', { name: 'View basket' }).click({ timeout: 2000 });
});
`;
const FEATURE = `Feature: Basket

  @basket
  Scenario: Look for a mug
    Given I am on the home page
    When I look for "mug" in the shop
    Then the URL should contain "search?q=mug"
    And I should see "Ceramic Coffee Mug"

  @basket
  Scenario: Put a backpack in the basket
    Given I am on the home page
    When click "Trail Backpack"
    And I put the product in my basket
    Then I should see "Trail Backpack was added to your cart."
    When I open my basket
    Then I should see "Total: $49.99"
`;
const SEARCH_STEP = 'I look for "mug" in the shop';
const ADD_STEP = 'I put the product in my basket';
const OPEN_STEP = 'I open my basket';

fs.mkdirSync(shots, { recursive: true });

/** A demo project holding the basket feature and its step file (written for the shop's old wording). */
async function basketProject(request: APIRequestContext, token: string, name: string) {
  const projectId = await demoProject(request, token, name);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) =>
    expect((await request.post(`/api/workspace/${path}`, { data: { projectId, branch: 'main', ...data }, headers })).status()).toBe(200);
  await post('push-scenario', { name: 'basket.feature', parentPath: '', replaceFile: true, data: FEATURE });
  await post('upload-mjs', { files: [{ name: FILE, content: STEPS }] });
  const stepFile = async () =>
    (await (await request.get(`/api/workspace/get-file-content?${new URLSearchParams({ projectId, branch: 'main', file_path: `steps/${FILE}` })}`, { headers })).json()).content as string;
  return { projectId, headers, stepFile };
}

const sidebarLink = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Code Review/ });
const fixCard = (page: Page, step: string) => page.getByRole('article', { name: `Code fix: ${step}` });

test('an execution with AI recovery repairs changed locators; the fixes are reviewed in Code Review, one accepted into the step file, the rest discarded', async ({ page, request }) => {
  test.setTimeout(420_000);
  const email = uniqueEmail('review');
  const token = await signUpViaApi(request, email, 'Rae', 'Review');
  const { projectId, stepFile } = await basketProject(request, token, 'Review shop');
  await signedInAs(page, email);

  await test.step('the planner: AI recovery is off by default, switched on with its helper text, saved with the execution', async () => {
    await page.goto(`/${projectId}/executions`);
    const wizard = await openPlanner(page);
    await wizard.getByLabel('Execution name').fill('Basket check');
    await choose(page, wizard, 'Environment', 'demo');
    const recovery = wizard.getByRole('switch', { name: 'AI recovery' });
    await expect(recovery).not.toBeChecked();
    await expect(wizard.getByText('Steps that fail because an element changed are repaired by AI and retried; the fixes wait in Code Review')).toBeVisible();
    await recovery.click();
    await expect(recovery).toBeChecked();
    await page.screenshot({ path: `${shots}/planner-switch.png` });
    await wizard.getByRole('button', { name: 'Next' }).click();
    const select = page.getByRole('dialog', { name: 'Select scenarios' });
    await select.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@basket', exact: true }).click();
    await page.keyboard.press('Escape');
    await select.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Schedule execution' }).getByRole('button', { name: 'Skip for now' }).click();
    await expect(allRow(page, 'Basket check')).toBeVisible();
  });

  await test.step('the detail page shows AI recovery on; Run now runs it and it passes', async () => {
    await allRow(page, 'Basket check').getByText('Basket check', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Basket check' })).toBeVisible();
    const recovery = page.getByRole('switch', { name: /^AI recovery/ });
    await expect(recovery).toHaveAccessibleName('AI recovery on');
    await expect(recovery).toBeChecked();
    await page.screenshot({ path: `${shots}/detail.png` });
    // Switching it is an edit like the others: Save is offered until it is back as saved.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await recovery.click();
    await expect(recovery).toHaveAccessibleName('AI recovery off');
    await expect(save).toBeEnabled();
    await recovery.click();
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page).toHaveURL(/view=active/);
    const row = activeRow(page, 'Basket check');
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 240_000 });
    await page.screenshot({ path: `${shots}/run.png` });
    await expect(row.getByTestId('live-status')).toHaveText('Passed');
    await expect(row.getByTestId('execution-progress')).toHaveText('2 passed (100.0%) · 0 failed (0.0%) · 2 total');
  });

  await test.step('the run report keeps each original failure with the AI run as its child row, fixed by AI', async () => {
    await activeRow(page, 'Basket check').getByRole('link', { name: 'Open report: Basket check' }).click();
    const table = page.getByRole('table', { name: 'Scenarios' });
    await expect(table.getByRole('row', { name: 'Look for a mug (fixed by AI)' })).toBeVisible();
    await expect(table.getByRole('row', { name: 'Put a backpack in the basket (fixed by AI)' })).toBeVisible();
    await expect(table.getByTestId('scenario-child-row')).toHaveCount(2);
    await page.screenshot({ path: `${shots}/report.png` });
  });

  await test.step('the sidebar badge counts the open fixes; Code Review groups them by scenario with their diffs', async () => {
    await expect(sidebarLink(page)).toHaveAccessibleName('Code Review (3)');
    await expect(sidebarLink(page).getByTestId('sidebar-badge')).toHaveText('3');
    await sidebarLink(page).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/ai-oversight$`));
    await expect(page.getByRole('heading', { name: 'Code Review', exact: true })).toBeVisible();
    const search = page.getByRole('group', { name: 'Basket: Look for a mug' });
    const basket = page.getByRole('group', { name: 'Basket: Put a backpack in the basket' });
    await expect(search.getByRole('article')).toHaveCount(1);
    await expect(basket.getByRole('article')).toHaveCount(2);
    const add = fixCard(page, ADD_STEP);
    await expect(add.getByTestId('fix-time')).toHaveText(/^Fixed (just now|\d+ minutes? ago)$/);
    await expect(add.getByTestId('fix-reasoning')).toContainText('Add to cart');
    const diff = add.getByTestId('diff-view');
    await expect(diff.getByRole('textbox', { name: 'Change to steps/basket.mjs: code before the fix' })).toContainText("name: 'Add to basket'");
    await expect(diff.getByRole('textbox', { name: 'Change to steps/basket.mjs: code fixed by AI' })).toContainText("name: 'Add to cart'");
    await expect(fixCard(page, SEARCH_STEP).getByRole('textbox', { name: /code fixed by AI/ })).toContainText('Search products');
    await expect(page.getByRole('region', { name: 'Code fixes' })).toHaveCSS('max-height', '482px');
    await page.screenshot({ path: `${shots}/list.png` });
  });

  await test.step('selection: none, some (indeterminate), all, and the discard label follows; a group collapses', async () => {
    const all = page.getByRole('checkbox', { name: 'Select all' });
    const discard = page.getByRole('button', { name: /^Discard/ });
    await expect(discard).toHaveText('Discard 0 oversight');
    await expect(discard).toBeDisabled();
    await all.check();
    await expect(discard).toHaveText('Discard all');
    await page.getByRole('checkbox', { name: `Select fix: ${OPEN_STEP}` }).uncheck();
    await expect(discard).toHaveText('Discard 2 oversight');
    await expect(all).toHaveAttribute('data-indeterminate', 'true');
    await expect(page.getByRole('checkbox', { name: 'Select the fixes of Basket: Put a backpack in the basket' })).toHaveAttribute('data-indeterminate', 'true');
    await page.screenshot({ path: `${shots}/selection.png` });
    await all.click();
    await expect(discard).toHaveText('Discard all');
    await all.click();
    await expect(discard).toHaveText('Discard 0 oversight');
    await expect(all).toHaveAttribute('data-indeterminate', 'false');

    const group = page.getByRole('group', { name: 'Basket: Put a backpack in the basket' });
    await group.getByRole('button', { name: 'Collapse Basket: Put a backpack in the basket' }).click();
    await expect(group.getByRole('article')).toHaveCount(0);
    await group.getByRole('button', { name: 'Expand Basket: Put a backpack in the basket' }).click();
    await expect(group.getByRole('article')).toHaveCount(2);
  });

  await test.step('View report opens the AI run of the scenario', async () => {
    await fixCard(page, SEARCH_STEP).getByRole('button', { name: `View report: ${SEARCH_STEP}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/run-report/[^/]+/[^/]+$`));
    await expect(page.getByText('Look for a mug').first()).toBeVisible();
    await page.goBack();
    await expect(fixCard(page, SEARCH_STEP)).toBeVisible();
  });

  await test.step('Accept commits the fix: toast, the fix leaves the list, the badge counts down', async () => {
    await fixCard(page, ADD_STEP).getByRole('button', { name: `Accept: ${ADD_STEP}` }).click();
    await expect(toast(page, 'Code fix accepted successfully')).toBeVisible();
    await expect(fixCard(page, ADD_STEP)).toHaveCount(0);
    await expect(sidebarLink(page).getByTestId('sidebar-badge')).toHaveText('2');
    await page.screenshot({ path: `${shots}/accepted.png` });
  });

  await test.step('the rest is discarded with the selection button, after a confirmation; the list is empty', async () => {
    const discard = page.getByRole('button', { name: /^Discard/ });
    await page.getByRole('checkbox', { name: 'Select the fixes of Basket: Look for a mug' }).check();
    await expect(discard).toHaveText('Discard 1 oversight');
    await page.getByRole('checkbox', { name: `Select fix: ${OPEN_STEP}` }).check();
    await expect(discard).toHaveText('Discard all');
    await discard.click();
    const confirm = page.getByRole('dialog', { name: 'Discard code fixes' });
    await expect(confirm).toContainText('these 2 code fixes');
    await page.screenshot({ path: `${shots}/discard-confirm.png` });
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(toast(page, '2 code fixes discarded')).toBeVisible();
    await expect(page.getByText('No code fixes to review')).toBeVisible();
    await expect(page.getByText(/executions that run with AI recovery on/)).toBeVisible();
    await expect(sidebarLink(page)).toHaveAccessibleName('Code Review');
    await expect(sidebarLink(page).getByTestId('sidebar-badge')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/empty.png` });
  });

  await test.step('the step file on main holds the accepted locator; the discarded ones are untouched', async () => {
    const file = await stepFile();
    expect(file).toContain("getByRole('button', { name: 'Add to cart' }).click({ timeout: 2000 })");
    expect(file).not.toContain('Add to basket');
    expect(file).toContain("getByLabel('Find products', { exact: true })");
    expect(file).toContain("getByRole('link', { name: 'View basket' })");
  });
});

test.describe('licence', () => {
  // The plan is changed with the admin command, with the server stopped.
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 3210) + 10);
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    await server.start();
  });
  test.afterAll(async () => {
    test.setTimeout(180_000);
    await server.dispose();
  });

  test('an expired project blocks accept, view report and discard with the expired dialog', async ({ page, request }) => {
    test.setTimeout(600_000);
    const email = uniqueEmail('review-expired');
    const token = await signUpViaApi(request, email, 'Lee', 'Licence');
    const { projectId, headers } = await basketProject(request, token, 'Expired review shop');
    const created = await request.post('/api/executions/new', {
      headers,
      data: {
        projectId,
        execution: {
          name: 'Basket',
          env: 'demo',
          branch: 'main',
          aiRecovery: true,
          flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'G', threadCount: 1, tags: ['@basket'], scenarios: [] }] }],
        },
      },
    });
    expect(created.status()).toBe(200);
    const executionId = (await created.json()).execution._id;
    expect((await request.post(`/api/executions/run/${executionId}`, { headers, data: {} })).status()).toBe(200);
    const open = async () => (await (await request.get(`/api/runs/oversight/list?project_id=${projectId}`, { headers })).json()).total as number;
    await expect.poll(open, { timeout: 240_000, intervals: [2000] }).toBe(3);
    await server.stop();
    server.admin('set-plan', projectId, 'Enterprise', '--days', '0');
    await server.start();

    await signedInAs(page, email);
    await page.goto(`/${projectId}/ai-oversight`);
    const prompt = page.getByRole('dialog', { name: 'Your licence has expired' });
    // The shell shows it once on arrival.
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);
    const card = fixCard(page, ADD_STEP);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    for (const act of [
      () => card.getByRole('button', { name: `Accept: ${ADD_STEP}` }).click(),
      () => card.getByRole('button', { name: `View report: ${ADD_STEP}` }).click(),
      () => page.getByRole('button', { name: 'Discard all' }).click(),
    ]) {
      await act();
      await expect(prompt).toBeVisible();
      await page.screenshot({ path: `${shots}/expired.png` });
      await prompt.getByRole('button', { name: 'Close' }).click();
      await expect(prompt).toBeHidden();
    }
    await expect(page).toHaveURL(new RegExp(`/${projectId}/ai-oversight$`));
    await expect(page.getByRole('dialog', { name: 'Discard code fixes' })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(3);
    expect(await open()).toBe(3);
  });
});
