import { expect, test } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { type Outcome, uploadRun } from './history-helpers.ts';
import { post } from './runs-helpers.ts';

const shots = process.env.E2E_SHOTS ?? '/tmp';
/** Eleven areas, each failing once with its own message: eleven groups of one failure. */
const AREAS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet', 'Kilo'];
const payTimeout = (ms: number): Outcome['message'] => `TimeoutError: waiting for #pay failed after ${ms}ms`;

test('Reports > Failure groups: empty at first, then the failures grouped by cause, a page at a time, each opening its latest failure', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('groups');
  const token = await signUpViaApi(request, email, 'Gus', 'Grouper');
  const projectId = await createProjectViaApi(request, token, 'Grouped shop');
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'groups e2e' })).token as string;

  await signedInAs(page, email);
  await page.goto(`/${projectId}/runs`);
  await expect(page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${shots}/reports-runs-tab.png` });
  await page.getByRole('tab', { name: 'Failure groups' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectId}/runs/failure-groups$`));
  await expect(page.getByRole('tab', { name: 'Failure groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No failures', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Failure groups' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/failure-groups-empty.png` });

  // Build 1: Checkout and Basket time out on the same step (one cause), each area fails its own way; Build 2: Checkout again, another timeout.
  await uploadRun(request, key, projectId, 'Build 1', [
    { name: 'Login', failed: false },
    { name: 'Checkout', failed: true, step: 'I pay', message: payTimeout(3000) },
    { name: 'Basket', failed: true, step: 'I pay', message: payTimeout(4000) },
    ...AREAS.map((area) => ({ name: area, failed: true, message: `Error: the ${area.toLowerCase()} widget is missing` })),
  ]);
  await uploadRun(request, key, projectId, 'Build 2', [
    { name: 'Login', failed: false },
    { name: 'Checkout', failed: true, step: 'I pay', message: payTimeout(5000) },
    { name: 'Basket', failed: false, step: 'I pay' },
    ...AREAS.map((area) => ({ name: area, failed: false })),
  ]);

  await page.reload();
  const table = page.getByRole('table', { name: 'Failure groups' });
  const rows = table.getByTestId('failure-group');
  await expect(page.getByTestId('failure-groups-total')).toHaveText('12 groups of failures');
  await expect(rows).toHaveCount(12);
  // The most frequent first: the pay timeouts, numbers masked, in 2 scenarios and 2 runs.
  const top = rows.first();
  await expect(top.getByTestId('failure-message')).toHaveText('TimeoutError: waiting for #pay failed after <n>ms');
  await expect(top).toContainText('Step: I pay');
  await expect(top.getByRole('cell')).toHaveText([/TimeoutError/, '3', '2', '2', /\d/, /\d/, /Checkout/]);
  await expect(rows.nth(1).getByTestId('failure-count')).toHaveText('1');
  await page.screenshot({ path: `${shots}/failure-groups.png`, fullPage: true });

  // A page of 10, then the last 2.
  await page.getByRole('combobox', { name: 'Groups per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(rows).toHaveCount(10);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId('failure-message')).toHaveText(/^Error: the \w+ widget is missing$/);
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  await page.screenshot({ path: `${shots}/failure-groups-page-2.png`, fullPage: true });
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  // The example opens the latest failure: Checkout in Build 2.
  await rows.first().getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectId}/run-report/[^/]+/[^/]+$`));
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Build 2').first()).toBeVisible();
});
