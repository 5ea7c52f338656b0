import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

const shots = 'test-results/dashboard';
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/cli/bin/stepwise.mjs');

const metric = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true }).getByTestId('metric-value');
const caption = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true }).getByTestId('metric-caption');

/** Whether the map's pages (or the one of that title) lie wholly inside the map's visible pane. */
async function pagesInMap(page: Page, title?: string): Promise<boolean> {
  const pane = await page.getByTestId('memory-graph').boundingBox();
  let nodes = page.getByTestId('memory-node');
  if (title) nodes = nodes.filter({ has: page.getByTestId('memory-node-title').getByText(title, { exact: true }) });
  const boxes = await Promise.all((await nodes.all()).map((n) => n.boundingBox()));
  if (!pane || boxes.length === 0) return false;
  return boxes.every((b) => b && b.x >= pane.x - 1 && b.y >= pane.y - 1 && b.x + b.width <= pane.x + pane.width + 1 && b.y + b.height <= pane.y + pane.height + 1);
}

async function demoProject(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/api/auth/CreateProject', { data: { name, demo: true }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).project.id;
}

async function accessKey(request: APIRequestContext, token: string, projectId: string): Promise<string> {
  const res = await request.post('/api/auth/createAccessKey', { data: { projectId, name: 'dashboard e2e' }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** `stepwise run` as a CI job would start it: the project's demo features tagged @smoke, uploaded to the server. */
function runSmoke(projectId: string, server: string, key: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'run', '--project', projectId, '--env', 'demo', '--server', server, '--token', key, '--tags', '@smoke', '--name', 'Dashboard smoke'],
      { env: { ...process.env, STEPWISE_TOKEN: '' }, timeout: 180_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

interface Metadata {
  aiRecoveryCount: number;
  rcaCount: number;
  mutatedScenariosCount: number;
}

/** The counts the savings are made of, as the dashboard reads them for the last 7 days. */
async function metadata(request: APIRequestContext, token: string, projectId: string): Promise<Metadata> {
  const now = new Date();
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6);
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, -1);
  const res = await request.get('/api/runs/project/getProjectMetadata', {
    params: { projectId, startDate: start.toISOString(), endDate: end.toISOString(), tzOffsetMinutes: -now.getTimezoneOffset() },
    headers: { authorization: `Bearer ${token}`, 'x-source': 'main-app' },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 });

test('dashboard and application map: a new project at zero, then runs fill the counters and the map; value metrics are personalised', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  expect(Number(process.versions.node.split('.')[0]), 'the CLI needs Node 22.18+: run Playwright through npx').toBeGreaterThanOrEqual(22);
  const email = uniqueEmail('dashboard');
  const token = await signUpViaApi(request, email, 'Dana', 'Dashboard');
  const projectId = await demoProject(request, token, 'Value shop');
  await signedInAs(page, email);

  await test.step('a new project: zero figures that read well, and an empty chart', async () => {
    await page.goto(`/${projectId}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByTestId('no-runs-notice')).toContainText('No runs in the last 7 days yet');
    await expect(metric(page, 'Budget saved')).toHaveText('$0');
    await expect(metric(page, 'Hours saved on maintenance')).toHaveText('0 h');
    await expect(caption(page, 'Hours saved on maintenance')).toHaveText('2 h × 0 AI recoveries');
    await expect(caption(page, 'Hours saved on creation')).toHaveText(/^\(4 h − 0\.25 h\) × \d+ scenarios? created$/);
    await expect(metric(page, 'Executions')).toHaveText('0');
    await expect(caption(page, 'Executions')).toHaveText('0 passed · 0 failed');
    await expect(metric(page, 'Pass ratio')).toHaveText('—');
    await expect(caption(page, 'Pass ratio')).toHaveText('No executions yet');
    await expect(metric(page, 'Total execution time')).toHaveText('0 min');
    await expect(metric(page, 'Scenarios run')).toHaveText('0');
    await expect(page.getByTestId('runs-chart-empty')).toContainText('No executions in this period');
    await expect(page.getByText('With default assumptions ($50 per hour).')).toBeVisible();
    await page.screenshot({ path: `${shots}/dashboard-empty.png` });
  });

  await test.step('the period selector offers the five periods and keeps the choice in the URL', async () => {
    await page.getByRole('combobox', { name: 'Period' }).click();
    await expect(page.getByRole('option')).toHaveText(['Last 7 days', 'Last 14 days', 'Last month', 'Last year', 'Current year']);
    await page.getByRole('option', { name: 'Current year' }).click();
    await expect(page).toHaveURL(/period=current-year/);
    await expect(page.getByTestId('no-runs-notice')).toContainText('No runs in the current year yet');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
  });

  await test.step('the application map of a new project is empty; its back link returns to the dashboard', async () => {
    await page.getByRole('link', { name: 'Application map' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/memory$`));
    await expect(page.getByRole('heading', { name: 'Application map and memory' })).toBeVisible();
    await expect(page.getByText('No memory available')).toBeVisible();
    await page.screenshot({ path: `${shots}/memory-empty.png` });
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/dashboard`));
  });

  await test.step('a CLI run of the @smoke scenarios is uploaded', async () => {
    const key = await accessKey(request, token, projectId);
    const run = await runSmoke(projectId, baseURL!, key);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Report uploaded: /);
  });

  await test.step('the counters and the chart show the run', async () => {
    await page.reload();
    await expect(caption(page, 'Executions')).toHaveText(/^[1-9]\d* passed · \d+ failed$/);
    const [passed, failed] = ((await caption(page, 'Executions').textContent()) ?? '').match(/\d+/g)!.map(Number);
    await expect(metric(page, 'Executions')).toHaveText(String(passed + failed));
    await expect(metric(page, 'Pass ratio')).toHaveText(`${Math.round((passed / (passed + failed)) * 100)}%`);
    await expect(metric(page, 'Scenarios run')).toHaveText(/^([4-9]|\d{2,})$/);
    await expect(metric(page, 'Total execution time')).toHaveText(/^\d+ (s|min)$|^\d+ h( \d+ min)?$/);
    await expect(metric(page, 'Total execution time')).not.toHaveText('0 min');
    await expect(page.getByTestId('no-runs-notice')).toHaveCount(0);
    await expect(page.getByTestId('runs-chart').locator('svg').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/dashboard-runs.png` });
    await page.getByTestId('runs-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/dashboard-runs-chart.png` });
  });

  await test.step('the map shows the Demo Shop pages; a page opens its aria snapshot and its steps; zoom 50%-200% in steps of 10%', async () => {
    await page.getByRole('link', { name: 'Application map' }).click();
    await expect(page.getByTestId('memory-node').first()).toBeVisible();
    expect(await page.getByTestId('memory-node').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('memory-node-title').filter({ hasText: 'Cart - Demo Shop' })).toBeVisible();
    await expect(page.getByTestId('memory-node-route').filter({ hasText: '/demo-shop/checkout' })).toBeVisible();
    await expect(page.locator('.react-flow__edge-text').first()).toHaveText(/^\d+ steps?$/);

    await page.getByRole('button', { name: /^Cart - Demo Shop \(/ }).click();
    const panel = page.getByRole('complementary', { name: 'Page: Cart - Demo Shop' });
    await expect(panel.getByRole('tab', { name: 'Aria snapshot' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByTestId('aria-snapshot')).toContainText('heading "Your cart"');
    // The panel narrows the map, which the user has not moved: it is fitted again (eight pages in a row do
    // not fit at the least zoom, 50%: centred), the page chosen in view.
    await expect.poll(() => pagesInMap(page, 'Cart - Demo Shop')).toBe(true);
    await expect(page.getByTestId('zoom-level')).toHaveText('50%');
    await page.screenshot({ path: `${shots}/memory-snapshot.png` });
    await panel.getByRole('tab', { name: 'Steps' }).click();
    const steps = panel.getByRole('list', { name: 'Steps that ended on this page' });
    await expect(steps.getByRole('listitem').first()).toBeVisible();
    await expect(steps.getByRole('listitem').first().getByText(/^× \d+$/)).toBeVisible();
    await page.screenshot({ path: `${shots}/memory-steps.png` });

    const level = page.getByTestId('zoom-level');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    while (await zoomOut.isEnabled()) {
      const before = await level.textContent();
      await zoomOut.click();
      await expect(level).not.toHaveText(before!);
    }
    await expect(level).toHaveText('50%');
    await zoomIn.click();
    await expect(level).toHaveText('60%');
    for (let pct = 70; pct <= 200; pct += 10) {
      await zoomIn.click();
      await expect(level).toHaveText(`${pct}%`);
    }
    await expect(zoomIn).toBeDisabled();
    // A map the user zoomed keeps its zoom when the panel closes and widens it.
    await panel.getByRole('button', { name: 'Close page details' }).click();
    await expect(panel).toBeHidden();
    await expect(level).toHaveText('200%');
    await page.getByRole('button', { name: 'Fit the map' }).click();
    await expect.poll(() => pagesInMap(page)).toBe(true);
    // Keyboard: a focused page opens with Enter; the fitted map is fitted again beside its panel.
    await page.getByRole('button', { name: /^Checkout - Demo Shop \(/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Page: Checkout - Demo Shop' })).toBeVisible();
    await expect.poll(() => pagesInMap(page, 'Checkout - Demo Shop')).toBe(true);
    // The last page on the right: the fit beside the panel centres the map, which would cut it off; it is
    // brought into view.
    await page.getByRole('complementary', { name: 'Page: Checkout - Demo Shop' }).getByRole('button', { name: 'Close page details' }).click();
    await expect.poll(() => pagesInMap(page)).toBe(true);
    await page.getByRole('button', { name: /^Order confirmed - Demo Shop \(/ }).click();
    await expect(page.getByRole('complementary', { name: 'Page: Order confirmed - Demo Shop' })).toBeVisible();
    await expect.poll(() => pagesInMap(page, 'Order confirmed - Demo Shop')).toBe(true);
    await page.screenshot({ path: `${shots}/memory-last-page.png` });
  });

  await test.step('personalise the value metrics: Apply waits for a change, 3 decimals are refused, the savings follow', async () => {
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    const counts = await metadata(request, token, projectId);
    const created = counts.mutatedScenariosCount;
    const before = 50 * (2 * counts.aiRecoveryCount + 3.75 * created + 2 * counts.rcaCount);
    await expect(metric(page, 'Budget saved')).toHaveText(money(before));

    await page.getByRole('button', { name: 'Personalize value metrics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Personalize value metrics' });
    const apply = dialog.getByRole('button', { name: 'Apply' });
    await expect(dialog.getByLabel('Hourly rate of a test engineer')).toHaveValue('50');
    await expect(dialog.getByLabel('Average time to automate a scenario with Stepwise')).toHaveValue('0.25');
    await expect(apply).toBeDisabled();
    await dialog.getByLabel('Average time to maintain a scenario').fill('1.234');
    await expect(dialog.getByText('Enter a number with at most 2 decimals, such as 12.5')).toBeVisible();
    await expect(apply).toBeDisabled();
    await dialog.getByLabel('Average time to maintain a scenario').fill('2.00');
    await expect(apply).toBeDisabled();
    await dialog.getByLabel('Average time to maintain a scenario').fill('1.5');
    await dialog.getByLabel('Hourly rate of a test engineer').fill('80');
    await dialog.getByLabel('Average time to automate a scenario', { exact: true }).fill('6');
    await dialog.getByLabel('Weekly email updates to').fill('qa-lead@example.com, nope');
    await expect(dialog.getByText('"nope" is not a valid email address')).toBeVisible();
    await expect(apply).toBeDisabled();
    await dialog.getByLabel('Weekly email updates to').fill('qa-lead@example.com');
    await expect(apply).toBeEnabled();
    await page.screenshot({ path: `${shots}/personalize.png` });
    await apply.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Value metrics updated' })).toBeVisible();
    await expect(dialog).toBeHidden();

    const after = 80 * (1.5 * counts.aiRecoveryCount + 5.75 * created + 2 * counts.rcaCount);
    await expect(page.getByText('With your assumptions ($80 per hour).')).toBeVisible();
    await expect(metric(page, 'Budget saved')).toHaveText(money(after));
    await expect(caption(page, 'Budget saved')).toHaveText(/^\$80 \/ h × [\d.,]+ h saved$/);
    await expect(caption(page, 'Hours saved on maintenance')).toHaveText(/^1\.5 h × \d+ AI recover(y|ies)$/);
    await expect(caption(page, 'Hours saved on creation')).toHaveText(/^\(6 h − 0\.25 h\) × \d+ scenarios? created$/);

    await page.reload();
    await page.getByRole('button', { name: 'Personalize value metrics' }).click();
    await expect(dialog.getByLabel('Average time to maintain a scenario')).toHaveValue('1.5');
    await expect(dialog.getByLabel('Weekly email updates to')).toHaveValue('qa-lead@example.com');
    await expect(apply).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: `${shots}/dashboard-personalised.png` });
  });
});
