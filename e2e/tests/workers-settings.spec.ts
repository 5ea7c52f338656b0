import { expect, test } from '@playwright/test';
import { addMemberViaApi, createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

test('Settings > Workers: an admin creates a worker token (shown once with its command), sees it listed and revokes it; members see no Workers tab', async ({ page, browser, request }) => {
  const admin = uniqueEmail('workers-admin');
  const adminToken = await signUpViaApi(request, admin, 'Ada', 'Admin');
  const projectId = await createProjectViaApi(request, adminToken, 'Workers shop');
  const member = uniqueEmail('workers-member');
  const memberToken = await signUpViaApi(request, member, 'Max', 'Member');
  await addMemberViaApi(request, adminToken, projectId, member, memberToken);

  await signedInAs(page, admin);
  await page.goto(`/${projectId}/settings/members`);
  await page.getByRole('tab', { name: 'Workers' }).click();
  await expect(page).toHaveURL(new RegExp(`/${projectId}/settings/workers$`));
  // This server runs executions itself (no RUN_WORKERS=external): the page says so.
  await expect(page.getByText(/RUN_WORKERS=external/)).toBeVisible();

  await page.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
  await expect(dialog.getByText('Token name cannot be empty')).toBeVisible();
  await dialog.getByLabel('Worker name').fill('runner-1');
  await dialog.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
  await expect(dialog.getByTestId('new-worker-command')).toHaveText(/^npx stepwise worker --server http:\/\/127\.0\.0\.1:\d+ --token sww_\S+$/);
  const command = (await dialog.getByTestId('new-worker-command').textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();

  const grid = page.getByRole('grid', { name: 'Worker tokens' });
  const row = grid.getByRole('row').filter({ hasText: 'runner-1' });
  await expect(row).toBeVisible();
  // Masked in the list, never the whole token again.
  const whole = command.split(' ').at(-1)!;
  await expect(page.getByText(whole)).toHaveCount(0);
  await expect(row.getByRole('gridcell').nth(4)).toHaveText('0');

  await page.getByRole('button', { name: 'Revoke worker token runner-1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /confirm|revoke/i }).last().click();
  await expect(row.getByText('Revoked')).toBeVisible();
  // The revoked token is refused by the server.
  const registered = await request.post('/api/workers/register', { headers: { authorization: `Bearer ${whole}` } });
  expect(registered.status()).toBe(401);

  const memberPage = await (await browser.newContext()).newPage();
  await signedInAs(memberPage, member);
  await memberPage.goto(`/${projectId}/settings/members`);
  await expect(memberPage.getByRole('tab', { name: 'Team members' })).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: 'Workers' })).toHaveCount(0);
  await memberPage.goto(`/${projectId}/settings/workers`);
  await expect(memberPage.getByText('Only project admins manage run workers.')).toBeVisible();
});
