import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { post, stepwise, uploadReport, counters, reportsGrid, gridRows, scenarioRow, step, outputTab, panel, choose, slowComments } from './runs-helpers.ts';

const shots = 'test-results/runs';

/** A local folder with one passing scenario and one (outline) scenario whose product page 404s and whose check fails. */
const FAILING_FEATURE = `Feature: Shop
  Scenario: Home works
    Given I open the "/" page
    Then I should see "Demo Shop"

  Scenario Outline: Broken product page
    Given I open the "product?id=<id>" page
    When I wait 1 second
    Then I should see "<text>"

    Examples:
      | id   | text                     |
      | nope | A text that is not there |
`;

test('reports: runs list with counters, filters, sort and live refresh; a run report; a scenario report with screenshot, console, network, stack trace and comments', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  expect(Number(process.versions.node.split('.')[0]), 'the CLI needs Node 22.18+: run Playwright through npx').toBeGreaterThanOrEqual(22);
  const email = uniqueEmail('runs');
  const token = await signUpViaApi(request, email, 'Rita', 'Reporter');
  const projectId = (await post(request, token, '/api/auth/CreateProject', { name: 'Reports shop', demo: true })).project.id as string;
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'runs e2e' })).token as string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-runs-e2e-'));
  const reportFile = path.join(tmp, 'failing.ndjson');
  let failedRunUrl = '';
  let testCaseId = '';

  await test.step('runs made with the CLI: @smoke passes, the local folder fails; the same report goes to a release branch', async () => {
    const smoke = await stepwise(['run', '--project', projectId, '--env', 'demo', '--server', baseURL!, '--token', key, '--tags', '@smoke', '--name', 'Smoke run']);
    expect(smoke.code, smoke.output).toBe(0);
    fs.mkdirSync(path.join(tmp, 'features'));
    fs.writeFileSync(path.join(tmp, 'features', 'shop.feature'), FAILING_FEATURE);
    const failing = await stepwise(['run', '--dir', tmp, '--base-url', `${baseURL}/demo-shop/`, '--project', projectId, '--token', key, '--server', baseURL!, '--name', 'Shop checks', '--report', reportFile]);
    expect(failing.code, failing.output).toBe(1);
    failedRunUrl = /Report uploaded: (\S+)/.exec(failing.output)?.[1] ?? '';
    expect(failedRunUrl).toContain(`/${projectId}/run-report/`);
    await post(request, token, '/api/workspace/create-new-branch', { projectId, isPrivateRepo: false, sourceBranch: 'main', newBranch: 'release' });
    await uploadReport(request, key, projectId, reportFile, 'Release checks', 'release');
  });

  await signedInAs(page, email);

  await test.step('Reports lists the runs with the counters of the period', async () => {
    await page.goto(`/${projectId}/dashboard`);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/runs$`));
    await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await expect(counters(page)).toHaveText(/Total executions\s*3\s*Successful\s*1\s*Failed\s*2/);
    await expect(gridRows(page)).toHaveCount(3);
    // Default sort: newest first.
    await expect(gridRows(page).first()).toContainText('Release checks');
    await expect(gridRows(page).filter({ hasText: 'Smoke run' })).toContainText('Passed');
    await expect(gridRows(page).filter({ hasText: 'Shop checks' })).toContainText('Failed');
    await expect(gridRows(page).filter({ hasText: 'Shop checks' })).toContainText('1/2 passed');
    await expect(page.getByTestId('runs-shown')).toHaveText('3 of 3 reports');
    await page.screenshot({ path: `${shots}/runs-list.png` });
  });

  await test.step('search (debounced), server-side sort, type and branch filters, the period kept across visits', async () => {
    await page.getByLabel('Search reports').fill('smoke');
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('Smoke run');
    await page.getByLabel('Search reports').fill('');
    await expect(gridRows(page)).toHaveCount(3);

    await reportsGrid(page).getByRole('columnheader', { name: 'Report' }).click();
    await expect(gridRows(page).first()).toContainText('Smoke run');
    await reportsGrid(page).getByRole('columnheader', { name: 'Report' }).click();
    await expect(gridRows(page).first()).toContainText('Release checks');
    await expect(gridRows(page).nth(1)).toContainText('Shop checks');
    await reportsGrid(page).getByRole('columnheader', { name: 'Published' }).click();
    await expect(gridRows(page).first()).toContainText('Release checks');

    await choose(page, 'Type', 'Executions');
    await expect(reportsGrid(page).getByText('No reports found')).toBeVisible();
    await choose(page, 'Type', 'Local');
    await expect(gridRows(page)).toHaveCount(3);
    await choose(page, 'Branch', 'release');
    await expect(gridRows(page)).toHaveCount(1);
    await expect(gridRows(page).first()).toContainText('Release checks');
    await page.screenshot({ path: `${shots}/runs-filtered.png` });
    await choose(page, 'Branch', 'All branches');
    await expect(gridRows(page)).toHaveCount(3);

    await choose(page, 'Period', 'last 24 hours');
    await expect(counters(page)).toHaveText(/Total executions\s*3/);
    expect(await page.evaluate(() => localStorage.getItem('durationIndex'))).toBe('0');
    await page.reload();
    await expect(page.getByRole('toolbar', { name: 'Report filters' }).getByRole('combobox', { name: 'Period' })).toHaveText('last 24 hours');
    await choose(page, 'Period', 'all');
  });

  await test.step('an uploaded report shows up at once (upload_report event)', async () => {
    await expect(page.getByTestId('runs-shown')).toHaveText('3 of 3 reports');
    await uploadReport(request, key, projectId, reportFile, 'Uploaded meanwhile');
    await expect(page.getByTestId('runs-shown')).toHaveText('4 of 4 reports');
    await expect(counters(page)).toHaveText(/Total executions\s*4\s*Successful\s*1\s*Failed\s*3/);
    await expect(gridRows(page).first()).toContainText('Uploaded meanwhile');
  });

  await test.step('ctrl-click opens a report in a new tab; a click opens it here', async () => {
    const [tab] = await Promise.all([page.context().waitForEvent('page'), gridRows(page).filter({ hasText: 'Smoke run' }).click({ modifiers: ['Control'] })]);
    await expect(tab).toHaveURL(new RegExp(`/${projectId}/run-report/`));
    await expect(tab.getByRole('heading', { name: 'Smoke run' })).toBeVisible();
    await tab.close();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/runs$`));
    await gridRows(page).filter({ hasText: 'Shop checks' }).click();
    await expect(page).toHaveURL(failedRunUrl);
  });

  await test.step('the run report: header, counters, Failed only / All, search, grouping', async () => {
    await expect(page.getByRole('heading', { name: 'Shop checks' })).toBeVisible();
    await expect(page.getByTestId('run-mode')).toHaveText('Locally');
    await expect(page.getByTestId('run-run-by')).toHaveText('Rita Reporter');
    await expect(page.getByTestId('run-environment')).toHaveText('local');
    await expect(page.getByRole('button', { name: 'Execution logs' })).toHaveCount(0);
    await expect(page.getByTestId('run-report-counters')).toHaveText(/Scenarios\s*2\s*Passed\s*1\s*Failed\s*1/);
    await expect(page.getByRole('tab', { name: 'Failed only' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('scenario-row')).toHaveCount(1);
    await expect(scenarioRow(page, 'Broken product page')).toContainText('The text "A text that is not there" was not found in the page');
    await page.screenshot({ path: `${shots}/run-report-failed-only.png` });
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('scenario-row')).toHaveCount(2);
    await page.getByLabel('Search scenarios').fill('home');
    await expect(page.getByTestId('scenario-row')).toHaveCount(1);
    await expect(scenarioRow(page, 'Home works')).toBeVisible();
    await page.getByLabel('Search scenarios').fill('');
    await choose(page, 'Group by', 'Failed step');
    await expect(page.getByTestId('scenario-group')).toHaveText(['Then I should see "A text that is not there" (1)', 'No failed step (1)']);
    await page.screenshot({ path: `${shots}/run-report-grouped.png` });
    await choose(page, 'Group by', 'None');
  });

  await test.step('copy link', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveText('Copied');
    // The report's own link, without the table's tab and grouping in the address.
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(page.url().split('?')[0]);
  });

  await test.step('a comment added from the run report, with its banner; Publish needs a changed text', async () => {
    await slowComments(page);
    await scenarioRow(page, 'Broken product page').getByRole('button', { name: 'Add comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add comment' });
    await expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await dialog.getByLabel('Comment').fill('   ');
    await expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await dialog.getByLabel('Comment').fill('Product API answers 404');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByTestId('comment-banner')).toHaveText('Wait for a second, Comment is adding...');
    await expect(dialog).toBeHidden();
    await expect(scenarioRow(page, 'Broken product page').getByTestId('comment-text')).toHaveText('Product API answers 404');
  });

  await test.step('the scenario report: breadcrumb, status, values used, the failed step selected with its stack trace', async () => {
    await scenarioRow(page, 'Broken product page').click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/run-report/[^/]+/[^/]+$`));
    testCaseId = page.url().split('/').at(-1)!;
    // Back from a scenario, the table is as it was left (its tab is in the address).
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('scenario-row')).toHaveCount(2);
    await page.goForward();
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs).toHaveText(/Executions\s*\/\s*Shop checks\s*\/\s*Broken product page/);
    await expect(page.getByRole('heading', { name: 'Broken product page' })).toBeVisible();
    await expect(page.getByTestId('scenario-status')).toHaveText('Failed');
    await expect(page.getByTestId('scenario-steps')).toHaveText('3');
    await expect(page.getByTestId('value-used')).toHaveText(['id: nope', 'text: A text that is not there']);
    await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeVisible();
    const failed = step(page, 'Then I should see "A text that is not there"');
    await expect(failed).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('step-detail')).toHaveText('The text "A text that is not there" was not found in the page');
    await expect(page.getByTestId('command-time')).toHaveText(/^\d+\.\ds$/);
    const shot = panel(page).getByTestId('step-screenshot');
    await expect(shot).toBeVisible();
    await expect.poll(() => shot.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
    await expect(shot).toHaveAttribute('src', /^blob:/);
    await page.screenshot({ path: `${shots}/scenario-failed-step.png` });
    await outputTab(page, 'Stacktrace').click();
    await expect(panel(page).getByLabel('Stack trace')).toContainText('Error: The text "A text that is not there" was not found in the page');
    await outputTab(page, 'Console').click();
    await expect(panel(page)).toContainText('No console logs available');
    await outputTab(page, 'Network').click();
    await expect(panel(page)).toContainText('No network logs available');
  });

  await test.step('the step that opened the page: console error, failing request, full network logs', async () => {
    await step(page, 'Given I open the "product?id=nope" page').click();
    await expect(step(page, 'Given I open the "product?id=nope" page')).toHaveAttribute('aria-expanded', 'true');
    await expect(outputTab(page, 'Stacktrace')).toHaveCount(0);
    await expect(panel(page).getByRole('table', { name: 'Failing requests' }).getByTestId('network-row')).toHaveCount(1);
    const row = panel(page).getByTestId('network-row');
    await expect(row).toContainText('/demo-shop/api/products/nope');
    await expect(row).toContainText('404 Bad Request');
    await expect(row).toContainText(/0\.\d\d kb/);
    await expect(row).toContainText('GET');
    await expect(row).toContainText('fetch');
    await page.screenshot({ path: `${shots}/scenario-network.png` });
    await page.getByRole('button', { name: 'View full network logs' }).click();
    const logs = page.getByRole('dialog', { name: 'Network logs' });
    await expect(logs.getByRole('switch', { name: 'Show XHR/fetch' })).toBeChecked();
    await expect(logs.getByRole('switch', { name: 'Show error only' })).toBeChecked();
    await expect(logs.getByTestId('network-row')).toHaveCount(1);
    await logs.getByRole('switch', { name: 'Show error only' }).uncheck();
    await logs.getByRole('switch', { name: 'Show XHR/fetch' }).uncheck();
    const all = logs.getByTestId('network-row');
    expect(await all.count()).toBeGreaterThanOrEqual(3);
    await expect(all.first()).toContainText('404 Bad Request');
    await expect(all.nth(1)).toContainText('200 Success');
    await page.screenshot({ path: `${shots}/full-network-logs.png` });
    await logs.getByRole('button', { name: 'Close' }).click();
    await outputTab(page, 'Console').click();
    await expect(panel(page).getByTestId('console-entry').first()).toContainText('404');
    await expect(panel(page).getByTestId('console-entry').first()).toContainText('error');
    await page.screenshot({ path: `${shots}/scenario-console.png` });
    await step(page, 'When I wait 1 second').click();
    await outputTab(page, 'Network').click();
    await expect(panel(page)).toContainText('No network logs available');
  });

  await test.step('the comment edited and deleted from the scenario report, each with its banner', async () => {
    await page.getByRole('button', { name: 'Edit comment' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit comment' });
    await expect(edit.getByLabel('Comment')).toHaveValue('Product API answers 404');
    await expect(edit.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await edit.getByLabel('Comment').fill('Product API answers 404 for unknown ids');
    await edit.getByRole('button', { name: 'Publish' }).click();
    await expect(edit.getByTestId('comment-banner')).toHaveText('Wait for a second, Comment is updating...');
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Edit comment' }).click();
    await expect(edit.getByLabel('Comment')).toHaveValue('Product API answers 404 for unknown ids');
    await page.screenshot({ path: `${shots}/comment-edit.png` });
    await edit.getByRole('button', { name: 'Delete' }).click();
    await expect(edit.getByTestId('comment-banner')).toHaveText('Wait for a second, Comment is deleting...');
    await expect(edit).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  });

  await test.step('breadcrumbs lead back to the run and to the list; a missing run reads "Error"', async () => {
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await crumbs.getByRole('link', { name: 'Shop checks' }).click();
    await expect(page.getByRole('heading', { name: 'Shop checks' })).toBeVisible();
    await expect(scenarioRow(page, 'Broken product page').getByRole('button', { name: 'Add comment' })).toBeVisible();
    await crumbs.getByRole('link', { name: 'Executions' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/runs$`));
    await page.goto(`/${projectId}/run-report/no-such-run`);
    await expect(page.getByRole('alert')).toHaveText('Error');
  });

  await test.step('a later run shows the past executions of each scenario as dots', async () => {
    await page.goto(`/${projectId}/runs`);
    await gridRows(page).filter({ hasText: 'Uploaded meanwhile' }).click();
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    const past = scenarioRow(page, 'Home works').getByRole('group', { name: 'Past executions' });
    await expect(past.getByRole('img')).toHaveCount(2);
    await expect(past.getByRole('img', { name: 'Passed' })).toHaveCount(2);
    await expect(scenarioRow(page, 'Broken product page').getByRole('group', { name: 'Past executions' }).getByRole('img', { name: 'Failed' })).toHaveCount(2);
    await page.screenshot({ path: `${shots}/run-report-past-executions.png` });
  });

  await test.step('the scenario report of a test case by its id: breadcrumb to the list, no comment', async () => {
    await page.goto(`/${projectId}/scenario-report/${testCaseId}`);
    await expect(page.getByRole('heading', { name: 'Broken product page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toHaveText(/^Executions\s*\/\s*Broken product page$/);
    await expect(page.getByRole('button', { name: /comment/ })).toHaveCount(0);
    await expect(step(page, 'Then I should see "A text that is not there"')).toHaveAttribute('aria-expanded', 'true');
  });

  fs.rmSync(tmp, { recursive: true, force: true });
});

test('an Execution Planner run shows its mode and execution logs; the runs list loads further pages as it scrolls', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('runs-planner');
  const token = await signUpViaApi(request, email, 'Pia', 'Planner');
  const projectId = (await post(request, token, '/api/auth/CreateProject', { name: 'Planner shop', demo: true })).project.id as string;
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'runs e2e' })).token as string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-runs-e2e-'));
  const reportFile = path.join(tmp, 'home.ndjson');
  const bulk = 55;

  await test.step('an execution of the @search scenarios is run by the planner; a small report is uploaded 55 times', async () => {
    const execution = {
      name: 'Planner search',
      env: 'demo',
      branch: 'main',
      flows: [{ viewport: 'Desktop - 1024px', browser: 'chromium', scenarioGroups: [{ name: 'Scenario Group 1', threadCount: 1, scenarios: [], tags: ['@search'] }] }],
    };
    const id = (await post(request, token, '/api/executions/new', { projectId, execution, maxThreads: 1 })).execution._id as string;
    expect((await post(request, token, `/api/executions/run/${id}`, { VIA_CRON: false, HEADLESS: true, RUN_AS_MOCK: false })).wasRunInitiated).toBe(true);

    fs.mkdirSync(path.join(tmp, 'features'));
    fs.writeFileSync(path.join(tmp, 'features', 'home.feature'), 'Feature: Home\n  Scenario: Home works\n    Given I open the "/" page\n    Then I should see "Demo Shop"\n');
    const local = await stepwise(['run', '--dir', tmp, '--base-url', `${baseURL}/demo-shop/`, '--project', projectId, '--token', key, '--server', baseURL!, '--name', 'Bulk 0', '--report', reportFile]);
    expect(local.code, local.output).toBe(0);
    for (let i = 1; i <= bulk; i++) await uploadReport(request, key, projectId, reportFile, `Bulk ${i}`);

    await expect
      .poll(
        async () => {
          const res = await post(request, token, '/api/runs/project/getDetails', { projectId, filterType: 'executions', limit: 10 });
          return res.projectSummary.reports.length;
        },
        { timeout: 180_000, intervals: [2000] },
      )
      .toBe(1);
  });

  await signedInAs(page, email);

  await test.step('the list shows the first 50 runs and the rest once scrolled to the end, even when a new run comes in meanwhile', async () => {
    let total = bulk + 2;
    await page.goto(`/${projectId}/runs`);
    await expect(page.getByTestId('runs-shown')).toHaveText(`50 of ${total} reports`);
    // The second page's answer is held while a report is uploaded: the live refresh that follows
    // cancels the page's load, and the list must still load on (no further scroll event comes).
    let held = 0;
    await page.route('**/api/runs/project/getDetails', async (route) => {
      if ((route.request().postDataJSON() as { page?: number }).page !== 1 || held++ > 0) return route.continue();
      await uploadReport(request, key, projectId, reportFile, 'Bulk late');
      await new Promise((r) => setTimeout(r, 1500));
      // The refresh has cancelled (aborted) this load by now.
      await route.continue().catch(() => {});
    });
    total += 1;
    const scroller = reportsGrid(page).locator('.MuiDataGrid-virtualScroller');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.getByTestId('runs-shown')).toHaveText(`${total} of ${total} reports`);
    expect(held).toBeGreaterThan(0);
    // Where the user was: loading a page does not take the list back to its top.
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
    await page.unroute('**/api/runs/project/getDetails');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(reportsGrid(page).getByText('Bulk 0', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${shots}/runs-scrolled.png` });
  });

  await test.step('the planner run: mode "Execution Planner", execution logs with a download', async () => {
    await choose(page, 'Type', 'Executions');
    await expect(gridRows(page)).toHaveCount(1);
    await gridRows(page).first().click();
    await expect(page.getByRole('heading', { name: 'Planner search' })).toBeVisible();
    await expect(page.getByTestId('run-mode')).toHaveText('Execution Planner');
    await expect(page.getByTestId('run-environment')).toHaveText('demo');
    await page.getByRole('button', { name: 'Execution logs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Execution logs' });
    const lines = dialog.getByRole('log', { name: 'Execution log lines' });
    await expect(lines).not.toHaveText(/No logs available/);
    await expect(lines).not.toBeEmpty();
    await page.screenshot({ path: `${shots}/execution-logs.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Planner search-logs.txt');
    expect(fs.readFileSync(await download.path(), 'utf8').length).toBeGreaterThan(10);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  fs.rmSync(tmp, { recursive: true, force: true });
});
