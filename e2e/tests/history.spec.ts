import { expect, test, type APIRequestContext } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { post, scenarioRow } from './runs-helpers.ts';

const shots = process.env.E2E_SHOTS ?? '/tmp';
const RUNS = 25;

interface Outcome {
  name: string;
  failed: boolean;
  tags?: string[];
}

/** A cucumber-js run in Cucumber JSON: one step per scenario, failed or passed. */
function cucumberJson(scenarios: Outcome[]): string {
  return JSON.stringify([
    {
      uri: 'features/shop.feature',
      id: 'shop',
      keyword: 'Feature',
      name: 'Shop',
      line: 1,
      tags: [],
      elements: scenarios.map((s, i) => ({
        id: `shop;${s.name.toLowerCase()}`,
        keyword: 'Scenario',
        name: s.name,
        line: 3 + i * 3,
        type: 'scenario',
        tags: (s.tags ?? []).map((name) => ({ name, line: 2 + i * 3 })),
        steps: [
          {
            keyword: 'Then ',
            name: `the ${s.name.toLowerCase()} works`,
            line: 4 + i * 3,
            result: s.failed
              ? { status: 'failed', duration: 2_000_000, error_message: `Error: ${s.name} broke after 1200 ms\n    at World.<anonymous> (file:///ci/steps/shop.mjs:12:5)` }
              : { status: 'passed', duration: 1_000_000 },
          },
        ],
      })),
    },
  ]);
}

/** Run i: Checkout fails now and then (flaky), Basket fails from run 20 on (a regression), Search is quarantined and always fails. */
const runOf = (i: number): Outcome[] => [
  { name: 'Login', failed: false },
  { name: 'Checkout', failed: [3, 7, 12, 16].includes(i) },
  { name: 'Basket', failed: i >= 20 },
  { name: 'Search', failed: true, tags: ['@quarantine'] },
];

async function upload(request: APIRequestContext, key: string, projectId: string, i: number): Promise<string> {
  const res = await request.post('/api/runs/upload-report', {
    params: { projectId, name: `Build ${i + 1}`, format: 'cucumber-json', branch: i === 20 ? 'feature/basket' : 'main' },
    data: cucumberJson(runOf(i)),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).runId;
}

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

  // Quarantined from the next run on, and shown as such.
  await expect(history.getByTestId('quarantined')).toHaveCount(0);
  await history.getByRole('button', { name: 'Quarantine', exact: true }).click();
  await expect(history.getByTestId('quarantined')).toHaveText('Quarantined');
  await expect(history.getByRole('button', { name: 'Lift quarantine' })).toBeVisible();
  const next = await upload(request, key, projectId, RUNS);
  await page.goto(`/${projectId}/run-report/${next}?tab=all`);
  await expect(scenarioRow(page, 'Basket').getByTestId('quarantined')).toBeVisible();
  // Its only failures are quarantined scenarios (Search by its tag, Basket by the flag): the run passed.
  await expect(page.getByTestId('status-chip').first()).toHaveText('Passed');
  await page.screenshot({ path: `${shots}/history-quarantined-run.png`, fullPage: true });
});
