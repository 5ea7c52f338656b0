import { expect, test } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { OwnServer, START_TIMEOUT_MS } from './server-process.ts';

test('Settings shows no sandbox warning when step code runs in the sandbox', async ({ page, request }) => {
  const email = uniqueEmail('sandboxed');
  const token = await signUpViaApi(request, email, 'Sandy', 'Boxed');
  const projectId = await createProjectViaApi(request, token, 'Boxed shop');
  await signedInAs(page, email);
  await page.goto(`/${projectId}/settings/members`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Team members' })).toBeVisible();
  await expect(page.getByTestId('sandbox-banner')).toHaveCount(0);
});

test.describe('a server with RUNNER_SANDBOX=off', () => {
  const server = new OwnServer(Number(process.env.E2E_PORT ?? 3210) + 9, { RUNNER_SANDBOX: 'off' });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS);
    await server.start();
  });
  test.afterAll(() => server.dispose());

  test('Settings warns that step code runs with the server\'s rights', async ({ page, request }) => {
    const email = uniqueEmail('unboxed');
    const token = await signUpViaApi(request, email, 'Una', 'Boxed');
    const projectId = await createProjectViaApi(request, token, 'Open shop');
    await signedInAs(page, email);
    await page.goto(`/${projectId}/settings/members`);
    const banner = page.getByTestId('sandbox-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Step code runs with the server's rights");
    await expect(banner).toContainText('RUNNER_SANDBOX=off');
    await page.screenshot({ path: test.info().outputPath('settings-sandbox-off.png') });
  });
});
