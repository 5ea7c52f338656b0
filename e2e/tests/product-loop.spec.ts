import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './helpers.ts';

// The whole product loop as a new user walks it, only through the UI: sign up, a demo project,
// two scenarios written in the features editor, an execution planned and run now, its report,
// a comment on the failing scenario, then the dashboard counters and the application map.

const shots = 'test-results/product-loop';
const EXECUTION = 'Loop check';
const FEATURE = 'Product loop';
const PASSING = 'The home page shows the shop';
const FAILING = 'A missing text is reported';

// The built-in "I should see" waits up to STEPWISE_FIND_TIMEOUT_MS (30 s by default) before it fails;
// every built-in check polls the same way, so the failing scenario takes that long (STEPWISE_FIND_TIMEOUT_MS
// set in the shell reaches the runner: Playwright's webServer and start-server.mjs pass the environment on).
const scenarioText = (name: string, check: string) => ['  @loop', `  Scenario: ${name}`, '    Given I open the "/" page', `    Then I should see "${check}"`, ''].join('\n');

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, animations: 'disabled' });

/** Replaces the text of a CodeMirror editor by typing, as a user would. */
async function typeInEditor(page: Page, name: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name, exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Writes the steps of the scenario just created by the wizard in the Gherkin editor and saves them. */
async function writeScenario(page: Page, name: string, check: string): Promise<void> {
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.getByLabel('Edit mode').check();
  await typeInEditor(page, `Edit Scenario ${name}`, scenarioText(name, check));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Scenario saved')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Scenario steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.getByRole('listitem', { name: `Then I should see "${check}"` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tags' }).getByText('@loop')).toBeVisible();
}

test('a new user walks the product loop: sign up, demo project, write scenarios, run them, read the report, see the dashboard and map', async ({ page }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('loop');
  let projectId = '';

  await test.step('sign up through the sign-up page and the onboarding steps', async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Lou');
    await page.getByLabel('Last name').fill('Looper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await shot(page, '01-signup');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    // The client download opens the install page in a new tab (no CLIENT_DOWNLOAD_URL): its commands
    // name this server; a person would copy them, close the tab and come back.
    const [download] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'DOWNLOAD CLIENT', exact: true }).click()]);
    await expect(download).toHaveURL(/\/client$/);
    await expect(download.getByRole('heading', { name: 'Install the Stepwise client' })).toBeVisible();
    await expect(download.getByLabel('Install commands', { exact: true })).toHaveText(`npm install -g ${new URL(page.url()).origin}/api/client/stepwise-cli.tgz\nstepwise register-protocol --server ${new URL(page.url()).origin}`);
    // What the first command fetches: the package this server serves.
    const served = await download.request.get(`${new URL(download.url()).origin}/api/client/stepwise-cli.tgz`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/gzip');
    await shot(download, '01b-client');
    await download.close();
    await page.getByRole('button', { name: 'I HAVE INSTALLED THE CLIENT', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Welcome, Lou')).toBeVisible();
  });

  await test.step('create a project with the demo app', async () => {
    await page.getByRole('button', { name: 'Create project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new project' });
    await dialog.getByLabel('Use the demo app').check();
    await expect(dialog.getByLabel('Project name')).toHaveValue('Demo Shop');
    await expect(dialog.getByLabel('Application URL')).toHaveValue(/\/demo-shop\/$/);
    const create = dialog.getByRole('button', { name: 'CREATE PROJECT', exact: true });
    await expect(create).toBeEnabled();
    await shot(page, '02-create-project');
    await create.click();
    await expect(toast(page, 'New project created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/dashboard$/, { timeout: 20_000 });
    projectId = page.url().split('/').at(-2)!;
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  await test.step('in Features, add a feature with a passing and a failing scenario tagged @loop', async () => {
    await nav(page, 'Features').click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/features`));
    // The demo features are there.
    await expect(page.getByRole('treeitem', { name: 'search', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add scenario' }).click();
    await page.getByRole('button', { name: 'Gherkin file' }).click();
    let wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await wizard.getByRole('radio', { name: 'New feature' }).check();
    await wizard.getByLabel('Feature name').fill(FEATURE);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Scenario name').fill(PASSING);
    await wizard.getByRole('button', { name: 'Create scenario' }).click();
    await expect(toast(page, 'Feature and scenario created')).toBeVisible();
    await writeScenario(page, PASSING, 'Demo Shop');

    // The feature's menu in the tree adds a scenario to it.
    await page.getByRole('treeitem', { name: FEATURE, exact: true }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Add scenario', exact: true }).click();
    await page.getByRole('button', { name: 'Gherkin file' }).click();
    wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await expect(wizard.getByRole('radio', { name: 'Existing feature' })).toBeChecked();
    await expect(wizard.getByLabel('Select a feature')).toHaveValue(`${FEATURE}.feature`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Scenario name').fill(FAILING);
    await wizard.getByRole('button', { name: 'Create scenario' }).click();
    await expect(toast(page, 'Scenario created')).toBeVisible();
    await writeScenario(page, FAILING, 'A text that is not on the page');
    await expect(page.getByRole('treeitem', { name: PASSING, exact: true })).toBeVisible();
    await shot(page, '03-features');
  });

  await test.step('in Executions, plan an execution of @loop with two threads, without a schedule', async () => {
    await nav(page, 'Executions').click();
    await expect(page.getByRole('heading', { name: 'Executions', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Plan an execution' }).click();
    const define = page.getByRole('dialog', { name: 'Define an execution' });
    await define.getByLabel('Execution name').fill(EXECUTION);
    await choose(page, define, 'Environment', 'demo');
    await expect(define.getByRole('combobox', { name: 'Branch' })).toHaveText('main');
    await define.getByRole('button', { name: 'Next' }).click();

    const select = page.getByRole('dialog', { name: 'Select scenarios' });
    await select.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@loop', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(select.getByTestId('selected-count')).toHaveText('Scenario Group 1: 2 scenarios selected');
    const threads = select.getByRole('group', { name: 'Threads for Scenario Group 1' });
    const count = threads.getByTestId('thread-count');
    while (Number(await count.textContent()) < 2 && (await threads.getByRole('button', { name: 'More threads' }).isEnabled())) {
      await threads.getByRole('button', { name: 'More threads' }).click();
    }
    while (Number(await count.textContent()) > 2) await threads.getByRole('button', { name: 'Fewer threads' }).click();
    await expect(count).toHaveText('2');
    await shot(page, '04-wizard-select');
    await select.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Schedule execution' }).getByRole('button', { name: 'Skip for now' }).click();
    const row = page.getByRole('table', { name: 'All executions' }).getByRole('row', { name: EXECUTION, exact: true });
    await expect(row.getByTestId('execution-status')).toHaveText('Draft');
  });

  await test.step('run it now: it shows in Active with live progress and finishes Failed', async () => {
    const all = page.getByRole('table', { name: 'All executions' }).getByRole('row', { name: EXECUTION, exact: true });
    await all.getByRole('button', { name: `Run now: ${EXECUTION}` }).click();
    await expect(page).toHaveURL(/view=active/);
    const row = page.getByRole('grid', { name: 'Active executions' }).getByRole('row').filter({ hasText: EXECUTION });
    await expect(row.getByRole('progressbar', { name: 'Scenarios execution progress' })).toBeVisible();
    await expect(row.getByTestId('live-status')).toHaveText(/Queued|Checking out|Running/);
    await shot(page, '05-active-running');
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 150_000 });
    await expect(row.getByTestId('live-status')).toHaveText('Failed');
    await expect(row.getByTestId('execution-progress')).toHaveText('1 passed (50.0%) · 1 failed (50.0%) · 2 total');
    await shot(page, '06-active-finished');
  });

  await test.step('in Reports, open the run: 2 scenarios, 1 passed and 1 failed', async () => {
    await nav(page, 'Reports').click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/runs$`));
    const run = page.getByRole('grid', { name: 'Reports' }).locator('.MuiDataGrid-row').filter({ hasText: EXECUTION });
    await expect(run).toHaveCount(1);
    await shot(page, '07-reports');
    await run.click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/run-report/`));
    await expect(page.getByRole('heading', { name: EXECUTION })).toBeVisible();
    await expect(page.getByTestId('run-report-counters')).toHaveText(/Scenarios\s*2\s*Passed\s*1\s*Failed\s*1/);
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('scenario-row')).toHaveCount(2);
    await shot(page, '08-run-report');
  });

  await test.step('the failing scenario: its screenshot, console and network tabs, and a comment', async () => {
    await page.getByRole('table', { name: 'Scenarios' }).getByRole('row', { name: FAILING, exact: true }).click();
    await expect(page.getByRole('heading', { name: FAILING })).toBeVisible();
    await expect(page.getByTestId('scenario-status')).toHaveText('Failed');
    const failed = page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: 'Then I should see "A text that is not on the page"', exact: true });
    await expect(failed).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('step-detail')).toHaveText('The text "A text that is not on the page" was not found in the page');
    const panel = page.getByTestId('right-panel');
    const image = panel.getByTestId('step-screenshot');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /.+/);
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
    await shot(page, '09-scenario-screenshot');

    const tab = (name: string) => page.getByRole('tablist', { name: 'Step output' }).getByRole('tab', { name });
    await tab('Console').click();
    await expect(panel.getByTestId('console-entry').first().or(panel.getByText('No console logs available'))).toBeVisible();
    await shot(page, '10-scenario-console');
    await tab('Network').click();
    // What the failing step saw on the network varies (the shop may fetch while the step waits): rows of
    // failed requests, requests without an issue, or none at all.
    await expect(
      panel.getByTestId('network-row').first().or(panel.getByText('No network issues detected')).or(panel.getByText('No network logs available')),
    ).toBeVisible();
    await shot(page, '11-scenario-network');

    await page.getByRole('button', { name: 'Add comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add comment' });
    await dialog.getByLabel('Comment').fill('The shop does not show this text: expected failure of the loop');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit comment' })).toBeVisible();
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: EXECUTION }).click();
    await expect(page.getByRole('table', { name: 'Scenarios' }).getByRole('row', { name: FAILING, exact: true }).getByTestId('comment-text')).toHaveText(
      'The shop does not show this text: expected failure of the loop',
    );
    await shot(page, '12-run-report-comment');
  });

  await test.step('the Dashboard counts the run; the application map shows the Demo Shop pages', async () => {
    await nav(page, 'Dashboard').click();
    const group = (title: string) => page.getByRole('group', { name: title, exact: true });
    // The project is new: the one execution, failed, with its two scenarios.
    await expect(group('Executions').getByTestId('metric-value')).toHaveText('1');
    await expect(group('Executions').getByTestId('metric-caption')).toHaveText('0 passed · 1 failed');
    await expect(group('Pass ratio').getByTestId('metric-value')).toHaveText('0%');
    await expect(group('Scenarios run').getByTestId('metric-value')).toHaveText('2');
    await expect(group('Total execution time').getByTestId('metric-value')).not.toHaveText('0 min');
    await expect(page.getByTestId('no-runs-notice')).toHaveCount(0);
    await shot(page, '13-dashboard');
    await page.getByTestId('runs-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('runs-chart').locator('svg').first()).toBeVisible();
    await shot(page, '14-dashboard-chart');

    await page.getByRole('link', { name: 'Application map' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/memory$`));
    await expect(page.getByTestId('memory-node').first()).toBeVisible();
    const home = page.getByTestId('memory-node').filter({ has: page.getByTestId('memory-node-route').getByText('/demo-shop', { exact: true }) });
    await expect(home.getByTestId('memory-node-title')).toHaveText('Demo Shop');
    await shot(page, '15-application-map');
  });
});
