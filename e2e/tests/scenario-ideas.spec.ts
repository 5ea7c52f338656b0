import { expect, test, type Locator, type Page } from '@playwright/test';
import { activeRow, demoProject, planDraft, toast } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// The AI path of the add-scenario wizard on the demo project: without an access token the
// access-token-required dialog appears; with one, a description gives ideas read from the demo
// shop, two are edited, chosen and checked, saved as scenarios whose steps all have code, and one
// of them passes when it is run.

const shots = '/tmp/scenario-ideas';
const FIRST = 'Search for a product and add it to the cart';
const EDITED = 'Search for a mug';

async function openAiWizard(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add scenario' }).click();
  await page.getByRole('button', { name: 'Gherkin file' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
  await wizard.getByRole('radio', { name: 'From AI ideas' }).check();
  await wizard.getByRole('radio', { name: 'New feature' }).check();
  await wizard.getByLabel('Feature name').fill('Ideas');
  await wizard.getByRole('button', { name: 'Next' }).click();
  return wizard;
}

test('scenario ideas: the access token first, then ideas edited, checked, saved with code, and one passes in a run', async ({ page, request }) => {
  test.setTimeout(600_000);
  const email = uniqueEmail('ideas');
  const token = await signUpViaApi(request, email, 'Ida', 'Ideas');
  const projectId = await demoProject(request, token, 'Idea shop');
  await signedInAs(page, email);
  await page.goto(`/${projectId}/features`);
  await expect(page.getByRole('treeitem', { name: 'search', exact: true })).toBeVisible({ timeout: 30_000 });

  await test.step('no access token: the access-token-required dialog links to the project\'s access tokens', async () => {
    await openAiWizard(page);
    const dialog = page.getByRole('dialog', { name: 'Access token required' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('AI scenario generation needs an access token for this project.')).toBeVisible();
    await page.screenshot({ path: `${shots}-token-required.png` });
    await dialog.getByRole('link', { name: 'Go to access tokens' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/settings/access-tokens$`));
  });

  await test.step('with a token: a description gives ideas from the demo shop', async () => {
    const res = await request.post('/api/auth/createAccessKey', { data: { name: 'Ideas', projectId }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    await page.goto(`/${projectId}/features`);
    const wizard = await openAiWizard(page);
    await expect(wizard.getByText('Pick ideas')).toBeVisible();
    const env = wizard.getByRole('combobox', { name: 'Environment' });
    if ((await env.textContent())?.trim() !== 'demo') {
      await env.click();
      await page.getByRole('option', { name: 'demo', exact: true }).click();
    }
    await wizard.getByLabel('Describe what to test').fill('search and buy a product');
    await wizard.getByRole('button', { name: 'Get ideas' }).click();
    await expect(wizard.getByRole('button', { name: 'Getting ideas...' })).toBeDisabled();
    const ideas = wizard.getByRole('list', { name: 'Scenario ideas' });
    await expect(ideas).toBeVisible({ timeout: 120_000 });
    await expect(ideas.getByRole('listitem', { name: 'Idea 1' }).getByLabel('Scenario name')).toHaveValue(FIRST);
    await expect(ideas.getByRole('listitem', { name: 'Idea 1' }).getByLabel('Flow')).toHaveValue(/When I search for "<query>"/);
    await page.screenshot({ path: `${shots}-ideas.png` });
  });

  await test.step('the spec\'s messages: none selected, an empty field, a name twice', async () => {
    const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    const next = wizard.getByRole('button', { name: 'Next' });
    const first = wizard.getByRole('listitem', { name: 'Idea 1' });
    const second = wizard.getByRole('listitem', { name: 'Idea 2' });
    await next.click();
    await expect(wizard.getByText('Please select at least one scenario.')).toBeVisible();

    // Edit the second idea: another name and other example values.
    await second.getByLabel('Scenario name').fill(EDITED);
    await second.getByLabel('Value of parameter 1').fill('mug');
    await second.getByLabel('Value of parameter 2').fill('Ceramic Coffee Mug');
    await first.getByRole('checkbox', { name: `Select ${FIRST}` }).check();
    await second.getByRole('checkbox', { name: `Select ${EDITED}` }).check();
    await expect(wizard.getByText(/^2 of \d+ selected/)).toBeVisible();

    await second.getByRole('button', { name: 'Add parameter' }).click();
    await next.click();
    await expect(wizard.getByText('Please fill in all fields.')).toBeVisible();
    await page.screenshot({ path: `${shots}-validation.png` });
    await second.getByRole('button', { name: 'Remove parameter 3' }).click();

    await second.getByLabel('Scenario name').fill(FIRST.toUpperCase());
    await next.click();
    await expect(wizard.getByText('Scenario name already exists.')).toBeVisible();
    await second.getByLabel('Scenario name').fill(EDITED);
    await expect(wizard.getByText('Scenario name already exists.')).toBeHidden();
  });

  await test.step('the review shows the Gherkin each idea becomes', async () => {
    const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('View and save scenarios')).toBeVisible();
    const outline = wizard.getByLabel(`Gherkin of ${EDITED}`);
    await expect(outline).toContainText(`Scenario Outline: ${EDITED}`);
    await expect(outline).toContainText(/\| mug\s+\| Ceramic Coffee Mug \|/);
    await expect(wizard.getByLabel(`Gherkin of ${FIRST}`)).toContainText('@regression');
    await page.screenshot({ path: `${shots}-review.png` });
  });

  await test.step('save: progress while the steps get code, then the tree opens on the new scenario', async () => {
    const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await wizard.getByRole('button', { name: 'Save scenarios' }).click();
    await expect(wizard.getByTestId('ideas-save-progress')).toContainText(`Generating the code of ${FIRST} (1 of 2)`);
    await expect(wizard.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await page.screenshot({ path: `${shots}-saving.png` });
    await expect(toast(page, '2 scenarios created')).toBeVisible({ timeout: 300_000 });
    await expect(wizard).toBeHidden();
    await expect(page.getByRole('treeitem', { name: 'Ideas', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: FIRST, exact: true })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Scenario steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(6);
    await expect(steps.getByLabel('Not implemented')).toHaveCount(0);
    await expect(page.getByRole('treeitem', { name: EDITED, exact: true })).toBeVisible();
    await page.screenshot({ path: `${shots}-scenario.png` });
  });

  await test.step('tagged @ideas, planned in Executions and run now, it passes', async () => {
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tag = page.getByRole('combobox', { name: 'Tag' });
    await tag.fill('ideas');
    await tag.press('Enter');
    await expect(page.getByRole('group', { name: 'Tags' }).getByText('@ideas')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Executions', exact: true }).click();
    await planDraft(page, 'Ideas check', 'ideas');
    await page.getByRole('table', { name: 'All executions' }).getByRole('row', { name: 'Ideas check', exact: true }).getByRole('button', { name: 'Run now: Ideas check' }).click();
    const row = activeRow(page, 'Ideas check');
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 180_000 });
    await page.screenshot({ path: `${shots}-run.png` });
    await expect(row.getByTestId('live-status')).toHaveText('Passed');
    await expect(row.getByTestId('execution-progress')).toHaveText('1 passed (100.0%) · 0 failed (0.0%) · 1 total');
  });
});
