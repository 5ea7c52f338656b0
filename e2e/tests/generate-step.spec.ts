import { expect as baseExpect, test, type Page } from '@playwright/test';
import { demoProject } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// A scenario written by hand over the demo shop, with steps the step library lacks: each gets code
// generated with AI from the page it starts on, from the step code's 'No code generated for this
// step' dialog, from the step bar's Generate, and from the toolbar's Generate code menu.

// Generation runs a browser beside the app's own: on a busy machine the screens answer slower.
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = '/tmp/generate-step';
const FEATURE = 'Mugs';
const SCENARIO = 'Find a mug';
const SEARCH = 'When I search for "mug"';
const OPEN = 'And I open the "Ceramic Coffee Mug" product';
const ADD = 'And I add it to the cart';
const TEXT = ['  Scenario: Find a mug', '    Given I am on the home page', `    ${SEARCH}`, `    ${OPEN}`, `    ${ADD}`, '    Then I should see "Ceramic Coffee Mug"', ''].join('\n');

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const steps = (page: Page) => page.getByRole('list', { name: 'Scenario steps' });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}-${name}.png`, animations: 'disabled' });

test('steps without code get code generated with AI: from the no-code dialog, the step bar and the Generate code menu', async ({ page, request }) => {
  test.setTimeout(600_000);
  const email = uniqueEmail('generate');
  const token = await signUpViaApi(request, email, 'Gene', 'Rator');
  const projectId = await demoProject(request, token, 'Mug shop');
  await signedInAs(page, email);
  const generate = page.getByRole('dialog', { name: 'Generate code with AI' });

  await test.step('write a scenario whose steps the library lacks', async () => {
    await page.goto(`/${projectId}/features`);
    await expect(page.getByRole('treeitem', { name: 'search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add scenario' }).click();
    await page.getByRole('button', { name: 'Gherkin file' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await wizard.getByRole('radio', { name: 'New feature' }).check();
    await wizard.getByLabel('Feature name').fill(FEATURE);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Scenario name').fill(SCENARIO);
    await wizard.getByRole('button', { name: 'Create scenario' }).click();
    await expect(toast(page, 'Feature and scenario created')).toBeVisible();
    await expect(page.getByRole('heading', { name: SCENARIO, exact: true })).toBeVisible();
    await page.getByLabel('Edit mode').check();
    const editor = page.getByRole('textbox', { name: `Edit Scenario ${SCENARIO}`, exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(TEXT);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Scenario saved')).toBeVisible();
    await expect(steps(page).getByRole('listitem')).toHaveCount(5);
    await expect(steps(page).getByLabel('Not implemented')).toHaveCount(3);
    // A step with code has nothing to generate.
    await expect(steps(page).getByRole('listitem', { name: 'Given I am on the home page' }).getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  await test.step("View code: 'No code generated for this step' -> Generate code with AI, progress while the browser works", async () => {
    await steps(page).getByRole('listitem', { name: SEARCH }).getByRole('button', { name: 'View code' }).click();
    const noCode = page.getByRole('dialog', { name: 'No code generated for this step' });
    await expect(noCode.getByRole('button', { name: 'Record' })).toBeEnabled();
    await shot(page, 'no-code');
    await noCode.getByRole('button', { name: 'Generate code with AI' }).click();
    await expect(noCode).toBeHidden();
    await expect(generate.getByTestId('generate-step-progress')).toHaveText('Opening the application...');
    await expect(generate.getByRole('progressbar', { name: 'Generating the step code' })).toBeVisible();
    await expect(generate.getByText(SEARCH, { exact: true })).toBeVisible();
    await expect(generate.getByRole('button', { name: 'Close' })).toBeDisabled();
    await shot(page, 'progress');
  });

  await test.step('the code appears: the reasoning, then the step labelled AI with its code in ai_generated.mjs', async () => {
    const done = generate.getByRole('alert', { name: SEARCH });
    await expect(done).toContainText('Code generated with AI', { timeout: 240_000 });
    await expect(done.getByTestId('generate-step-reasoning')).not.toBeEmpty();
    await expect(done).toContainText('saved in ai_generated.mjs');
    await shot(page, 'generated');
    await generate.getByRole('button', { name: 'Close' }).click();
    await expect(generate).toBeHidden();
    const modal = page.getByRole('dialog', { name: /Step code/ });
    await expect(modal.getByText('File: ai_generated.mjs')).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Code of ai_generated.mjs' }).first()).toContainText('// source: ai');
    await expect(modal.getByRole('list', { name: 'Steps of the scenario' }).getByRole('button', { name: /I search for "mug"/ })).toContainText('AI');
    await shot(page, 'code');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(steps(page).getByRole('listitem', { name: SEARCH }).getByLabel('Implemented (AI)')).toBeVisible();
  });

  await test.step("the step bar's Generate on the next step, walked with the code just saved", async () => {
    await steps(page).getByRole('listitem', { name: OPEN }).getByRole('button', { name: 'Generate' }).click();
    await expect(generate.getByRole('progressbar', { name: 'Generating the step code' })).toBeVisible();
    const done = generate.getByRole('alert', { name: OPEN });
    await expect(done).toContainText('Code generated with AI', { timeout: 240_000 });
    await generate.getByRole('button', { name: 'View code' }).click();
    const modal = page.getByRole('dialog', { name: /Step code/ });
    await expect(modal.getByRole('heading', { name: OPEN })).toBeVisible();
    await expect(modal.getByText('File: ai_generated.mjs')).toBeVisible();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(steps(page).getByRole('listitem', { name: OPEN }).getByLabel('Implemented (AI)')).toBeVisible();
  });

  await test.step('the Generate code menu writes the last step without code; then every step has code', async () => {
    await page.getByRole('button', { name: 'Generate code', exact: true }).click();
    const entry = page.getByRole('menuitem', { name: /Generate code with AI/ });
    await expect(entry).toContainText('For the step without code');
    await entry.click();
    const done = generate.getByRole('alert', { name: ADD });
    await expect(done).toContainText('Code generated with AI', { timeout: 240_000 });
    await generate.getByRole('button', { name: 'Close' }).click();
    await expect(steps(page).getByLabel('Not implemented')).toHaveCount(0);
    await page.getByRole('button', { name: 'Generate code', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /Generate code with AI/ })).toContainText('Every step has code');
    await expect(page.getByRole('menuitem', { name: /Generate code with AI/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await shot(page, 'scenario');
  });
});
