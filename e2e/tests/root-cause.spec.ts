import { expect, test, type APIRequestContext } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { post, scenarioRow, step } from './runs-helpers.ts';

const shots = process.env.E2E_SHOTS ?? '/tmp';

/** A cucumber-js run in Cucumber JSON: the cart total check fails with the message a step of the project throws. */
function cucumberJson(total: string): string {
  const ns = (ms: number) => ms * 1_000_000;
  return JSON.stringify([
    {
      uri: 'features/cart.feature',
      id: 'cart',
      keyword: 'Feature',
      name: 'Cart',
      line: 1,
      tags: [],
      elements: [
        {
          id: 'cart;cart-total',
          keyword: 'Scenario',
          name: 'Cart total',
          line: 3,
          type: 'scenario',
          tags: [{ name: '@cart', line: 2 }],
          steps: [
            { keyword: 'Given ', name: 'I open the "/demo-shop/product/7" page', line: 4, result: { status: 'passed', duration: ns(850) } },
            { keyword: 'When ', name: 'I add "Trail Backpack" to the cart', line: 5, result: { status: 'passed', duration: ns(420) } },
            {
              keyword: 'Then ',
              name: 'the cart total is "$89.00"',
              line: 6,
              result: {
                status: 'failed',
                duration: ns(35),
                error_message: `Error: expected "$89.00" but found "${total}"\n    at World.<anonymous> (file:///home/ci/shop/steps/cart.mjs:31:11)`,
              },
            },
          ],
        },
      ],
    },
  ]);
}

async function upload(request: APIRequestContext, key: string, projectId: string, name: string, total: string): Promise<string> {
  const res = await request.post('/api/runs/upload-report', {
    params: { projectId, name, format: 'cucumber-json' },
    data: cucumberJson(total),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).runId;
}

test('a failed scenario shows its root cause as the failed step\'s AI reasoning, with the failures of the same cause', async ({ page, request }) => {
  const email = uniqueEmail('rca');
  const token = await signUpViaApi(request, email, 'Rosa', 'Cause');
  const projectId = await createProjectViaApi(request, token, 'Root cause shop');
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'rca e2e' })).token as string;
  // The same check fails in two runs (the price in the message differs; the cause is the same).
  await upload(request, key, projectId, 'Nightly 1', '$79.00');
  const runId = await upload(request, key, projectId, 'Nightly 2', '$75.00');

  await signedInAs(page, email);
  await page.goto(`/${projectId}/run-report/${runId}`);
  const row = scenarioRow(page, 'Cart total');
  await expect(row).toContainText('Assertion mismatch: The step expected "$89.00" but got "$75.00".');
  await expect(row.getByTestId('same-cause')).toHaveText(/^Same cause as 1 other failure since .+$/);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/${projectId}/scenario-report/|/${projectId}/run-report/${runId}/`));
  const failed = step(page, 'Then the cart total is "$89.00"');
  // The failed step is selected by default: it shows the error and the AI reasoning.
  await expect(failed).toHaveAttribute('aria-expanded', 'true');
  const reasoning = page.getByRole('region', { name: 'AI reasoning' });
  await expect(reasoning.getByRole('heading', { name: 'AI reasoning' })).toBeVisible();
  await expect(reasoning.getByTestId('root-cause-category')).toHaveText('Assertion mismatch');
  await expect(reasoning).toContainText('The step expected "$89.00" but got "$75.00".');
  const evidence = reasoning.getByRole('list', { name: 'Evidence' }).getByRole('listitem');
  await expect(evidence).toHaveText([
    'Failed step: Then the cart total is "$89.00"',
    'Error: expected "$89.00" but found "$75.00"',
    'Expected: "$89.00"',
    'Received: "$75.00"',
  ]);
  await expect(reasoning).toContainText("Suggested action: If the application's new value is right, update the expected value in the scenario");
  await expect(reasoning.getByTestId('same-cause')).toHaveText(/^Same cause as 1 other failure since .+$/);
  await page.screenshot({ path: `${shots}/root-cause-step-panel.png` });

  // A passing step has no AI reasoning.
  await step(page, 'When I add "Trail Backpack" to the cart').click();
  await expect(page.getByRole('region', { name: 'AI reasoning' })).toHaveCount(0);
});
