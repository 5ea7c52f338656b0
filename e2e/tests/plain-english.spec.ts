import { expect, test } from '@playwright/test';
import { activeRow, demoProject, planDraft } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// A scenario written in plain English against the demo shop: every step gets code that passed in a
// browser (from the library or generated), the scenario opens in the tree and passes when it is run.

const shots = '/tmp/plain-english';
const FEATURE = 'English';
const SCENARIO = 'Buy a coffee mug';
const STEPS = [
  'I go to the home page',
  'I search for "mug"',
  'I open the "Ceramic Coffee Mug" product',
  'I add it to the cart',
  'I open my cart',
  'The cart total should be "$12.50"',
];

test('a scenario described in plain English gets working step code, opens in the tree and passes when run', async ({ page, request }) => {
  test.setTimeout(480_000);
  const email = uniqueEmail('english');
  const token = await signUpViaApi(request, email, 'Erin', 'English');
  const projectId = await demoProject(request, token, 'English shop');
  await signedInAs(page, email);
  const dialog = page.getByRole('dialog', { name: 'Create a scenario in plain English' });

  await test.step('Add scenario, Plain English: a new feature, the scenario name and the steps, one per line', async () => {
    await page.goto(`/${projectId}/features`);
    await expect(page.getByRole('treeitem', { name: 'search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add scenario' }).click();
    await page.getByRole('button', { name: 'Plain English' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'New feature' }).check();
    await dialog.getByLabel('Feature name').fill(FEATURE);
    await dialog.getByLabel('Scenario name').fill(SCENARIO);
    await dialog.getByLabel('Describe the scenario in plain English').fill(STEPS.join('\n'));
    const env = dialog.getByRole('combobox', { name: 'Environment' });
    if ((await env.textContent())?.trim() !== 'demo') {
      await env.click();
      await page.getByRole('option', { name: 'demo', exact: true }).click();
    }
    await expect(env).toHaveText('demo');
    await page.screenshot({ path: `${shots}-form.png` });
  });

  await test.step('Generate: progress texts change while the steps are tried, and the dialog stays open', async () => {
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const progress = dialog.getByTestId('generation-progress-text');
    await expect(progress).toHaveText('Opening the application...');
    await expect(dialog.getByRole('progressbar', { name: 'Generating the scenario' })).toBeVisible();
    await page.screenshot({ path: `${shots}-progress.png` });
    await expect(progress).toHaveText('Reading the page...');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  });

  await test.step('the result lists every step from the library or generated, none left to do, and the saved Gherkin', async () => {
    const steps = dialog.getByRole('list', { name: 'Generated steps' });
    await expect(steps).toBeVisible({ timeout: 180_000 });
    await expect(steps.getByRole('listitem')).toHaveCount(STEPS.length);
    const sources = await steps.getByTestId('step-source').allTextContents();
    expect(sources).toHaveLength(STEPS.length);
    for (const source of sources) expect(['LIBRARY', 'AI']).toContain(source);
    await expect(steps.getByText('TODO', { exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'Saved Gherkin' })).toContainText(`Scenario: ${SCENARIO}`);
    await page.screenshot({ path: `${shots}-result.png` });
  });

  await test.step('Open scenario selects it in the tree, every step implemented', async () => {
    await dialog.getByRole('button', { name: 'Open scenario' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('treeitem', { name: FEATURE, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: SCENARIO, exact: true })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Scenario steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(STEPS.length);
    await expect(steps.getByLabel('Not implemented')).toHaveCount(0);
    await page.screenshot({ path: `${shots}-scenario.png` });
  });

  // The scenario view's Execute menu hands over to the desktop client; in the web app a run starts
  // from Executions, by tag, so the scenario gets a tag of its own first.
  await test.step('tagged @english, planned in Executions and run now, it passes', async () => {
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tag = page.getByRole('combobox', { name: 'Tag' });
    await tag.fill('english');
    await tag.press('Enter');
    await expect(page.getByRole('group', { name: 'Tags' }).getByText('@english')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Executions', exact: true }).click();
    await planDraft(page, 'English check', 'english');
    await page.getByRole('table', { name: 'All executions' }).getByRole('row', { name: 'English check', exact: true }).getByRole('button', { name: 'Run now: English check' }).click();
    const row = activeRow(page, 'English check');
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 180_000 });
    await page.screenshot({ path: `${shots}-run.png` });
    await expect(row.getByTestId('live-status')).toHaveText('Passed');
    await expect(row.getByTestId('execution-progress')).toHaveText('1 passed (100.0%) · 0 failed (0.0%) · 1 total');
  });
});
