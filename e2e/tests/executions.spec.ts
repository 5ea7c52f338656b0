import { expect, test } from '@playwright/test';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { OwnServer, START_TIMEOUT_MS } from './server-process.ts';
import { toast, allRow, demoProject, openPlanner, choose, defineAndSelect, planDraft, activeRow, nextQuarter, time12 } from './executions-helpers.ts';

const shots = 'test-results/executions';

test('plan an execution in the wizard, see it listed, edit its flows on the detail page and delete it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('executions');
  const token = await signUpViaApi(request, email, 'Eve', 'Executor');
  const projectId = await demoProject(request, token, 'Executions shop');
  await signedInAs(page, email);

  await test.step('the list starts empty, with the Beta badge, the CI/CD link and the planner button', async () => {
    await page.goto(`/${projectId}/executions`);
    await expect(page.getByRole('heading', { name: 'Executions', exact: true })).toBeVisible();
    await expect(page.getByText('Beta', { exact: true })).toBeVisible();
    await expect(page.getByText('No executions scheduled yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Active (0)' })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByText('No executions running')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByText('No executions scheduled yet')).toBeVisible();
    await page.screenshot({ path: `${shots}/list-empty.png` });
  });

  await test.step('step 1: Next needs a name, an environment and a branch', async () => {
    const wizard = await openPlanner(page);
    const next = wizard.getByRole('button', { name: 'Next' });
    // Environment and branch start as the ones chosen in the top bar.
    await expect(wizard.getByRole('combobox', { name: 'Environment' })).toHaveText('demo');
    await expect(wizard.getByRole('combobox', { name: 'Branch' })).toHaveText('main');
    await wizard.getByLabel('Execution name').fill('   ');
    await expect(next).toBeDisabled();
    await wizard.getByLabel('Execution name').fill('Nightly smoke');
    await expect(next).toBeEnabled();
    await expect(wizard.getByRole('combobox', { name: 'Viewport' })).toHaveAttribute('aria-disabled', 'true');
    // Screenshots: every step unless another choice is made.
    await expect(wizard.getByRole('combobox', { name: 'Screenshots' })).toHaveText('Every step');
    await choose(page, wizard, 'Screenshots', 'Failed steps only');
    await expect(wizard.getByRole('combobox', { name: 'Screenshots' })).toHaveText('Failed steps only');
    await page.screenshot({ path: `${shots}/wizard-1-define.png` });
    await next.click();
  });

  await test.step('step 2: tags select the scenarios; threads 0..min(allowance, scenarios)', async () => {
    const select = page.getByRole('dialog', { name: 'Select scenarios' });
    await expect(select.getByRole('button', { name: 'Next' })).toBeDisabled();
    await select.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@smoke', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(select.getByTestId('selected-count')).toHaveText(/Scenario Group 1: [1-9]\d* scenarios? selected/);
    const threads = select.getByRole('group', { name: 'Threads for Scenario Group 1' });
    await expect(threads.getByText('max.')).toBeVisible();
    const fewer = threads.getByRole('button', { name: 'Fewer threads' });
    while (await fewer.isEnabled()) await fewer.click();
    await expect(threads.getByTestId('thread-count')).toHaveText('0');
    await expect(threads.getByTestId('no-threads-dot')).toBeVisible();
    await threads.getByRole('button', { name: 'More threads' }).click();
    await expect(threads.getByTestId('no-threads-dot')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/wizard-2-select.png` });
    await select.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Define an execution' }).getByLabel('Execution name')).toHaveValue('Nightly smoke');
    await page.getByRole('dialog', { name: 'Define an execution' }).getByRole('button', { name: 'Next' }).click();
    await select.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 3: days in week order, repeat, time and time zone; Apply creates it', async () => {
    const schedule = page.getByRole('dialog', { name: 'Schedule execution' });
    await choose(page, schedule, 'Repeat', 'Every weekday');
    await choose(page, schedule, 'Time', '6:30 AM');
    await schedule.getByRole('combobox', { name: 'Time zone' }).click();
    await expect(page.getByRole('option', { name: 'GMT +05:45' })).toBeVisible();
    await page.getByRole('option', { name: 'GMT +00:00' }).click();
    await expect(schedule.getByTestId('schedule-summary')).toHaveText('Every weekday at 6:30 AM (GMT +00:00)');
    await page.screenshot({ path: `${shots}/wizard-3-schedule.png` });
    await schedule.getByRole('button', { name: 'Apply' }).click();
    await expect(schedule).toBeHidden();
    const row = allRow(page, 'Nightly smoke');
    await expect(row.getByTestId('execution-status')).toHaveText('Planned');
    await expect(row.getByText('Every weekday at 6:30 AM (GMT +00:00)')).toBeVisible();
    await expect(row.getByRole('switch', { name: 'Enabled: Nightly smoke' })).toBeChecked();
  });

  await test.step('"Skip for now" creates a draft without schedule; a taken name is refused', async () => {
    const schedule = await defineAndSelect(page, 'Login checks', 'login');
    await schedule.getByRole('button', { name: 'Skip for now' }).click();
    const row = allRow(page, 'Login checks');
    await expect(row.getByTestId('execution-status')).toHaveText('Draft');
    await expect(row.getByRole('switch', { name: 'Enabled: Login checks' })).toBeDisabled();
    await expect(row.getByText('Eve Executor').first()).toBeVisible();

    const again = await defineAndSelect(page, 'Login checks', 'login');
    await again.getByRole('button', { name: 'Skip for now' }).click();
    await expect(toast(page, 'Choose a unique name, discarding your changes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'All (2)' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Find an execution' }).fill('login');
    await expect(allRow(page, 'Nightly smoke')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Find an execution' }).fill('');
    await page.screenshot({ path: `${shots}/list-all.png` });
  });

  await test.step('the Enabled toggle deschedules and schedules', async () => {
    const toggle = allRow(page, 'Nightly smoke').getByRole('switch', { name: 'Enabled: Nightly smoke' });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
  });

  await test.step('"Execute in CI/CD" builds the CLI command from branch, tags and run name', async () => {
    await page.getByRole('button', { name: 'How to run in CI/CD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Execute in CI/CD' });
    await dialog.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@smoke', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Run name').fill('Release 7');
    await expect(dialog.getByTestId('cicd-command')).toHaveText(
      `npx stepwise run --project ${projectId} --branch main --env demo --tags "@smoke" --name "Release 7" --format bvt`,
    );
    await expect(dialog.getByText('STEPWISE_TOKEN')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Screenshots' }).click();
    await page.getByRole('option', { name: 'Failed steps only' }).click();
    await expect(dialog.getByTestId('cicd-command')).toHaveText(
      `npx stepwise run --project ${projectId} --branch main --env demo --tags "@smoke" --name "Release 7" --screenshots on-failure --format bvt`,
    );
    await page.screenshot({ path: `${shots}/cicd.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('npmrc settings are saved', async () => {
    await page.getByRole('button', { name: 'npmrc settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Define .npmrc settings' });
    await dialog.getByLabel('.npmrc').fill('@acme:registry=https://npm.acme.example/');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'npmrc settings' }).click();
    await expect(dialog.getByLabel('.npmrc')).toHaveValue('@acme:registry=https://npm.acme.example/');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the detail page: flows, scenario groups, selected scenarios, environment', async () => {
    await allRow(page, 'Nightly smoke').getByText('Nightly smoke').click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/execution/`));
    await expect(page.getByRole('heading', { name: 'Nightly smoke' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Schedule: Every weekday at 6:30 AM (GMT +00:00)' })).toBeVisible();
    await page.getByRole('button', { name: 'Screenshots: Failed steps only' }).click();
    await page.getByRole('menuitem', { name: 'None' }).click();
    await expect(page.getByRole('button', { name: 'Screenshots: None' })).toBeVisible();
    await expect(page.getByTestId('flow')).toHaveCount(1);
    await page.getByRole('button', { name: /scenarios? in Scenario Group 1/ }).click();
    const selected = page.getByRole('dialog', { name: 'Selected scenarios' });
    const eye = selected.getByRole('link', { name: /^Open / }).first();
    await expect(eye).toHaveAttribute('href', new RegExp(`^/${projectId}/features\\?feature=.+&scenario=\\d+$`));
    await expect(eye).toHaveAttribute('target', '_blank');
    // The steps of a scenario and their code, in the step code viewer (the execution's branch).
    await selected.getByRole('button', { name: /^Step code of / }).first().click();
    const code = page.getByRole('dialog', { name: /Step code/ });
    await expect(code.getByRole('list', { name: 'Steps of the scenario' }).getByRole('button').first()).toBeVisible();
    await expect(code.locator('.cm-content').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/execution-step-code.png` });
    await code.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(selected).toBeVisible();
    await selected.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Add a flow' }).click();
    await expect(page.getByTestId('flow')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Run now' })).toBeEnabled();
    await page.getByRole('button', { name: 'Add scenario group to Flow 2' }).click();
    const editor = page.getByRole('dialog', { name: 'Select scenarios' });
    await editor.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@cart', exact: true }).click();
    await page.keyboard.press('Escape');
    await editor.getByRole('button', { name: 'Add group' }).click();
    const flow2 = page.getByRole('region', { name: 'Flow 2' });
    await expect(flow2.getByRole('listitem', { name: 'Scenario Group 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Add scenario group to Flow 2' }).click();
    await editor.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: '@search', exact: true }).click();
    await page.keyboard.press('Escape');
    await editor.getByRole('button', { name: 'Add group' }).click();
    const groups = flow2.getByTestId('scenario-group');
    await expect(groups).toHaveText([/Scenario Group 1/, /Scenario Group 2/]);

    // Keyboard drag: the second group moves above the first.
    // Each key waits for what it starts: the pick-up, then two frames for the move to be measured.
    const handle = flow2.getByRole('button', { name: 'Drag Scenario Group 2' });
    const frames = () => page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await frames();
    await page.keyboard.press('ArrowUp');
    await frames();
    await page.keyboard.press('Space');
    await expect(groups).toHaveText([/Scenario Group 2/, /Scenario Group 1/]);

    await page.getByRole('button', { name: 'Collapse all' }).click();
    await expect(page.getByTestId('scenario-group').first()).toBeHidden();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(page.getByTestId('scenario-group').first()).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate Flow 1' }).click();
    await expect(page.getByTestId('flow')).toHaveCount(3);
    await page.getByRole('button', { name: 'Delete Flow 2' }).click();
    await expect(page.getByTestId('flow')).toHaveCount(2);
    await page.screenshot({ path: `${shots}/detail.png`, fullPage: true });
  });

  await test.step('leaving with unsaved changes asks first; Save stores them and returns to the list', async () => {
    await page.getByRole('link', { name: 'Executions' }).first().click();
    const prompt = page.getByRole('dialog', { name: 'You have unsaved changes' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Back to editing' }).click();
    await expect(page.getByTestId('flow')).toHaveCount(2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Execution saved successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/executions`));
    await allRow(page, 'Nightly smoke').getByText('Nightly smoke').click();
    await expect(page.getByTestId('flow')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Screenshots: None' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a flow' }).click();
    await page.getByRole('link', { name: 'Executions' }).first().click();
    await page.getByRole('dialog', { name: 'You have unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/executions`));
  });

  await test.step('delete asks for confirmation', async () => {
    await allRow(page, 'Login checks').getByRole('button', { name: 'Delete: Login checks' }).click();
    await page.getByRole('dialog', { name: 'Delete execution' }).getByRole('button', { name: 'Delete' }).click();
    await expect(allRow(page, 'Login checks')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'All (1)' })).toBeVisible();
  });
});

test('run now: the run shows live in Active, its console, then its report; a long run is halted', async ({ page, request }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('runs');
  const token = await signUpViaApi(request, email, 'Rui', 'Runner');
  const projectId = await demoProject(request, token, 'Runs shop');
  await signedInAs(page, email);
  await page.goto(`/${projectId}/executions`);
  await planDraft(page, 'Search check', 'search');

  await test.step('Run now switches to Active with live progress until the run finishes', async () => {
    await allRow(page, 'Search check').getByRole('button', { name: 'Run now: Search check' }).click();
    await expect(page).toHaveURL(/view=active/);
    const row = activeRow(page, 'Search check');
    await expect(row).toBeVisible();
    await expect(row.getByRole('progressbar', { name: 'Scenarios execution progress' })).toBeVisible();
    await page.screenshot({ path: `${shots}/active-running.png` });
    await expect(row.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 180_000 });
    // The outline "Search for <term>" runs once per example row.
    await expect(row.getByTestId('execution-progress')).toHaveText(/^\d+ passed \(\d+\.\d%\) · \d+ failed \(\d+\.\d%\) · 3 total$/);
    const report = row.getByRole('link', { name: 'Open report: Search check' });
    await expect(report).toHaveAttribute('href', new RegExp(`^/${projectId}/run-report/.+`));
    await page.screenshot({ path: `${shots}/active-finished.png` });
  });

  await test.step('the execution console lists the status messages once each', async () => {
    await activeRow(page, 'Search check').getByRole('button', { name: 'Execution console: Search check' }).click();
    const log = page.getByRole('dialog', { name: 'Execution console' }).getByRole('log');
    await expect(log).toContainText('Queued');
    await expect(log).toContainText('Checking out main');
    await expect(log.getByText('Queued', { exact: true })).toHaveCount(1);
    await page.screenshot({ path: `${shots}/console.png` });
    await page.getByRole('dialog', { name: 'Execution console' }).getByRole('button', { name: 'Close' }).click();
  });

  await test.step('a long run is stopped from the Active grid', async () => {
    await page.getByRole('button', { name: /^All/ }).click();
    await planDraft(page, 'Full regression', 'regression', 1);
    await allRow(page, 'Full regression').getByRole('button', { name: 'Run now: Full regression' }).click();
    const row = activeRow(page, 'Full regression');
    await expect(row.getByTestId('live-status')).toHaveText(/Queued|Checking out|Running/);
    await row.getByRole('button', { name: 'Stop execution: Full regression' }).click();
    await expect(row.getByText(/Stopping execution\.\.\.|Stopped/)).toBeVisible();
    await expect(row.getByTestId('live-status')).toHaveText('Stopped', { timeout: 60_000 });
    await page.getByRole('button', { name: /^All/ }).click();
    await expect(allRow(page, 'Full regression').getByTestId('execution-status')).toHaveText('Draft');
  });
});

test.describe('a schedule that survives a restart', () => {
  // Schedules are quarter hours: once the schedule is saved, this server restarts with its scheduler
  // clock set shortly before the next one (time to start and reload the page: three times the first
  // start, at least 15 s, which a slow machine needs), so the fire comes without waiting up to 15
  // minutes, and the schedule is read back from the database. Everything else (runs, reports) is real.
  const fireAt = nextQuarter(20 * 60_000);
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 3210) + 7, { NODE_ENV: 'test' });
  let leadMs = 45_000;
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    const started = Date.now();
    await server.start();
    leadMs = Math.min(45_000, Math.max(15_000, 3 * (Date.now() - started)));
  });
  test.afterAll(() => server.dispose());

  test('fires at its time and the run shows up in Active with its report link', async ({ page, request }) => {
    test.setTimeout(300_000);
    const email = uniqueEmail('schedule');
    const token = await signUpViaApi(request, email, 'Sid', 'Scheduler');
    const projectId = await demoProject(request, token, 'Schedule shop');
    await signedInAs(page, email);
    await page.goto(`/${projectId}/executions`);

    const schedule = await defineAndSelect(page, 'Quarter hourly search', 'search');
    await choose(page, schedule, 'Repeat', 'Every day');
    await choose(page, schedule, 'Time', time12(fireAt));
    await schedule.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: 'GMT +00:00' }).click();
    await schedule.getByRole('button', { name: 'Apply' }).click();
    const row = allRow(page, 'Quarter hourly search');
    await expect(row.getByRole('switch', { name: 'Enabled: Quarter hourly search' })).toBeChecked();
    await expect(row.getByTestId('execution-status')).toHaveText('Planned');
    // This server has no DOCS_URL or SUPPORT_URL: the top bar shows no link that would lead nowhere.
    await expect(page.getByRole('link', { name: 'Documentation' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Support' })).toHaveCount(0);

    await server.stop();
    await server.start({ SCHEDULER_CLOCK_OFFSET_MS: String(fireAt.getTime() - leadMs - Date.now()) });
    await page.reload();
    await expect(row.getByRole('switch', { name: 'Enabled: Quarter hourly search' })).toBeChecked();
    await page.getByRole('button', { name: /^Active/ }).click();
    const live = activeRow(page, 'Quarter hourly search');
    await expect(live).toBeVisible({ timeout: 150_000 });
    await expect(live.getByTestId('live-status')).toHaveText(/Passed|Failed/, { timeout: 120_000 });
    await expect(live.getByRole('link', { name: 'Open report: Quarter hourly search' })).toHaveAttribute('href', new RegExp(`^/${projectId}/run-report/`));
  });
});

test.describe('licence', () => {
  // Plans are changed with the admin command on the server machine, with the server stopped.
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 3210) + 8, { SUPPORT_URL: 'https://sales.example.com/stepwise' });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    await server.start();
  });
  test.afterAll(() => server.dispose());

  test('a plan without execution threads shows the upsell; an expired one blocks with the upgrade prompt', async ({ page, request }) => {
    // The server is restarted inside the test (the plans are set with it stopped): a production start
    // took most of the default 60 s on a loaded 2-core machine.
    test.setTimeout(180_000);
    const email = uniqueEmail('licence');
    const token = await signUpViaApi(request, email, 'Lee', 'Licence');
    const noThreads = await demoProject(request, token, 'No threads shop');
    const projectId = await demoProject(request, token, 'Licence shop');
    const created = await request.post('/api/executions/new', {
      data: { projectId, execution: { name: 'Weekly', env: 'demo', branch: 'main', flows: [], schedule: { days: ['Mon'], isBiweekly: false, time: '01:45', timeZone: 0 } } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status()).toBe(200);
    await server.stop();
    server.admin('set-plan', noThreads, 'Enterprise', '--threads', '0');
    server.admin('set-plan', projectId, 'Enterprise', '--days', '0');
    await server.start();
    await signedInAs(page, email);

    await test.step('maxExecutionThreads 0: the upsell with Contact sales', async () => {
      await page.goto(`/${noThreads}/executions`);
      const upsell = page.getByRole('region', { name: 'Executions upsell' });
      await expect(upsell.getByText('Executions are not part of your plan')).toBeVisible();
      await expect(upsell.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', 'https://sales.example.com/stepwise');
      await page.screenshot({ path: `${shots}/upsell.png` });
    });

    await test.step('expired licence: toggle, edit schedule, delete, run and row click open the upgrade prompt', async () => {
      await page.goto(`/${projectId}/executions`);
      const prompt = page.getByRole('dialog', { name: 'Your licence has expired' });
      // The shell shows it once on arrival.
      await prompt.getByRole('button', { name: 'Close' }).click();
      const row = allRow(page, 'Weekly');
      for (const open of [
        () => row.getByRole('switch', { name: 'Enabled: Weekly' }).click(),
        () => row.getByRole('button', { name: 'Edit schedule: Weekly' }).click(),
        () => row.getByRole('button', { name: 'Delete: Weekly' }).click(),
        () => row.getByText('Weekly', { exact: true }).click(),
      ]) {
        await open();
        await expect(prompt).toBeVisible();
        await prompt.getByRole('button', { name: 'Close' }).click();
        await expect(prompt).toBeHidden();
      }
      await expect(page).toHaveURL(new RegExp(`/${projectId}/executions`));
      await expect(row.getByRole('switch', { name: 'Enabled: Weekly' })).not.toBeChecked();
    });
  });
});
