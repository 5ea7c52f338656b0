import { expect, test, type APIRequestContext } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { type Outcome, uploadRun } from './history-helpers.ts';
import { post, scenarioRow } from './runs-helpers.ts';

const shots = process.env.E2E_SHOTS ?? '/tmp';
const RUNS = 25;

/** Run i: Checkout fails now and then (flaky), Basket fails from run 20 on (a regression), Search is quarantined and always fails. */
const runOf = (i: number): Outcome[] => [
  { name: 'Login', failed: false },
  { name: 'Checkout', failed: [3, 7, 12, 16].includes(i) },
  { name: 'Basket', failed: i >= 20 },
  { name: 'Search', failed: true, tags: ['@quarantine'] },
];

const upload = (request: APIRequestContext, key: string, projectId: string, i: number) =>
  uploadRun(request, key, projectId, `Build ${i + 1}`, runOf(i), i === 20 ? 'feature/basket' : 'main');

test('the history finds the flaky and newly failing scenarios, marks the run report and pages a scenario\'s results', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('history');
  const token = await signUpViaApi(request, email, 'Hana', 'Story');
  const projectId = await createProjectViaApi(request, token, 'History shop');
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'history e2e' })).token as string;
  let lastRun = '';
  for (let i = 0; i < RUNS; i++) lastRun = await upload(request, key, projectId, i);

  await signedInAs(page, email);
  // Dashboard: the lists.
  await page.goto(`/${projectId}/dashboard`);
  const flaky = page.getByRole('region', { name: 'Most flaky' });
  const failing = page.getByRole('region', { name: 'Newly failing' });
  await expect(flaky.getByRole('listitem')).toHaveCount(1);
  await expect(flaky.getByRole('listitem')).toContainText('Checkout');
  await expect(flaky).toContainText('6 flips');
  await expect(failing.getByRole('listitem')).toHaveCount(1);
  await expect(failing.getByRole('listitem')).toContainText('Basket');
  await expect(failing).toContainText(/Failing since .+ on feature\/basket · 5 runs/);
  await failing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/history-dashboard.png`, fullPage: true });

  // The latest run's report: marks and the quarantined scenario.
  await page.goto(`/${projectId}/run-report/${lastRun}?tab=all`);
  await expect(scenarioRow(page, 'Checkout').getByTestId('history-mark')).toHaveText('Flaky');
  await expect(scenarioRow(page, 'Basket').getByTestId('history-mark')).toHaveText('Still failing');
  await expect(scenarioRow(page, 'Search').getByTestId('quarantined')).toHaveText('Quarantined');
  await expect(scenarioRow(page, 'Login').getByTestId('history-mark')).toHaveCount(0);
  // Counters: Search's failure is quarantined, apart from the failed.
  await expect(page.getByTestId('run-report-counters')).toHaveText(/Scenarios\s*4\s*Passed\s*2\s*Failed\s*1\s*Quarantined\s*1\s*not counted as failed/);
  await scenarioRow(page, 'Search').getByTestId('quarantined').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Quarantined by its @quarantine tag');
  await page.screenshot({ path: `${shots}/history-run-report.png`, fullPage: true });

  // The scenario report: its history, a page at a time.
  await scenarioRow(page, 'Basket').click();
  const history = page.getByRole('region', { name: 'History' });
  const strip = history.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(strip).toHaveCount(20);
  await expect(history.getByTestId('history-range')).toHaveText(`1-20 of ${RUNS}`);
  await expect(strip.first()).toHaveAttribute('aria-label', `Failed, Build ${RUNS}`);
  await expect(history.getByTestId('history-stats')).toContainText('75%');
  await expect(history.getByTestId('history-stats')).toContainText(/on feature\/basket/);
  await page.screenshot({ path: `${shots}/history-scenario.png` });
  await history.getByRole('button', { name: 'Older results' }).click();
  await expect(history.getByTestId('history-range')).toHaveText(`21-${RUNS} of ${RUNS}`);
  await expect(strip).toHaveCount(RUNS - 20);
  await expect(strip.last()).toHaveAttribute('aria-label', 'Passed, Build 1');
  await expect(history.getByRole('button', { name: 'Older results' })).toBeDisabled();
  await history.getByRole('button', { name: 'Newer results' }).click();
  await expect(history.getByTestId('history-range')).toHaveText(`1-20 of ${RUNS}`);

  // Quarantined from the next run on, with a reason asked for in a dialog.
  await expect(history.getByTestId('quarantined')).toHaveCount(0);
  await history.getByRole('button', { name: 'Quarantine', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Quarantine scenario' });
  await expect(dialog).toContainText('Basket');
  await expect(dialog.getByRole('button', { name: 'Quarantine' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByTestId('quarantined')).toHaveCount(0);
  await history.getByRole('button', { name: 'Quarantine', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Quarantine scenario' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('   ');
  await expect(dialog.getByRole('button', { name: 'Quarantine' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Basket API rewrite in progress');
  await expect(dialog.getByRole('button', { name: 'Quarantine' })).toBeEnabled();
  await page.screenshot({ path: `${shots}/history-quarantine-dialog.png`, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Quarantine' }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByTestId('quarantined')).toHaveText('Quarantined');
  await history.getByTestId('quarantined').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Quarantined: Basket API rewrite in progress');
  await page.screenshot({ path: `${shots}/history-quarantine-tooltip.png` });
  await expect(history.getByRole('button', { name: 'Lift quarantine' })).toBeVisible();
  const next = await upload(request, key, projectId, RUNS);
  await page.goto(`/${projectId}/run-report/${next}?tab=all`);
  await expect(scenarioRow(page, 'Basket').getByTestId('quarantined')).toBeVisible();
  // Its only failures are quarantined scenarios (Search by its tag, Basket by the flag): the run passed.
  await expect(page.getByTestId('status-chip').first()).toHaveText('Passed');
  await expect(page.getByTestId('run-report-counters')).toHaveText(/Scenarios\s*4\s*Passed\s*2\s*Failed\s*0\s*Quarantined\s*2/);
  await scenarioRow(page, 'Basket').getByTestId('quarantined').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Quarantined: Basket API rewrite in progress');
  await page.screenshot({ path: `${shots}/history-quarantined-run.png`, fullPage: true });

  // A quarantine by the tag is lifted by editing the scenario, not from its history: the button says so.
  await scenarioRow(page, 'Search').click();
  const tagged = page.getByRole('region', { name: 'History' });
  await expect(tagged.getByTestId('quarantined')).toHaveText('Quarantined');
  await expect(tagged.getByRole('button', { name: 'Lift quarantine' })).toBeDisabled();
  await tagged.getByTestId('lift-by-tag').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Quarantined by its @quarantine tag: remove the tag from the scenario to lift it');
});
