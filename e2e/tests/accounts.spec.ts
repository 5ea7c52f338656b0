import { expect, test } from '@playwright/test';
import { logIn, PASSWORD, signUpViaApi, uniqueEmail } from './helpers.ts';

test('a new user signs up, creates a project, invites a colleague, manages tokens and signs back in', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const owner = uniqueEmail('owner');
  const colleague = uniqueEmail('colleague');

  await test.step('an anonymous visitor is sent to the login page with a callback', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
    await expect(page.getByText('Please fill all the fields')).toBeVisible();
  });

  await test.step('sign up and go through the onboarding steps', async () => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Olive');
    await page.getByLabel('Last name').fill('Owner');
    await page.getByLabel('Email').fill(owner);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await page.getByRole('button', { name: 'DOWNLOAD CLIENT', exact: true }).click();
    await page.getByRole('button', { name: 'I HAVE INSTALLED THE CLIENT', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Welcome, Olive')).toBeVisible();
    // The checklist's Download opens the same install page in a new tab.
    const checklist = page.getByRole('list', { name: 'Get started checklist' });
    const [install] = await Promise.all([page.context().waitForEvent('page'), checklist.getByRole('button', { name: 'Download', exact: true }).click()]);
    await expect(install).toHaveURL(/\/client$/);
    await expect(install.getByRole('heading', { name: 'Install the Stepwise client' })).toBeVisible();
    await install.close();
  });

  let projectId = '';
  await test.step('create a project and land on its dashboard', async () => {
    await page.getByRole('button', { name: 'Create project', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Application URL').fill('ftp://nope');
    await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'CREATE PROJECT', exact: true })).toBeDisabled();
    await dialog.getByLabel('Application URL').fill('https://www.shop.example.com/start');
    await expect(dialog.getByLabel('Project name')).toHaveValue('shop.example.com');
    await dialog.getByRole('button', { name: 'CREATE PROJECT', exact: true }).click();
    await expect(page.getByText('New project created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/dashboard$/, { timeout: 20_000 });
    projectId = page.url().split('/').at(-2)!;
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  await test.step('invite a colleague from the members settings', async () => {
    await page.goto(`/${projectId}/settings/members`);
    const input = page.getByLabel('Email addresses');
    await input.fill(owner);
    await input.press('Enter');
    await page.getByRole('button', { name: 'SEND INVITE', exact: true }).click();
    await expect(page.getByText('You cannot invite yourself to the project.')).toBeVisible();
    await page.reload();
    await page.getByLabel('Email addresses').fill(colleague.toUpperCase());
    await page.getByLabel('Email addresses').press('Enter');
    await page.getByRole('button', { name: 'SEND INVITE', exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(colleague.replace(/[.]/g, '\\.')) })).toBeVisible();
  });

  await test.step('the colleague signs in and accepts the invitation', async () => {
    await signUpViaApi(request, colleague, 'Colin', 'Colleague');
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/login');
    await logIn(other, colleague);
    await expect(other).toHaveURL(/\/invitations/);
    await expect(other.getByText('shop.example.com')).toBeVisible();
    await other.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`/${projectId}/dashboard`));
    await context.close();
  });

  await test.step('both people are in the members table', async () => {
    await page.reload();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row', { name: new RegExp(owner.replace(/[.]/g, '\\.')) })).toBeVisible();
    await expect(grid.getByRole('row', { name: new RegExp(colleague.replace(/[.]/g, '\\.')) })).toBeVisible();
    await expect(grid.getByText('Invited')).toHaveCount(0);
    await expect(grid.getByText('Admin')).toBeVisible();
  });

  await test.step('create and delete an access token', async () => {
    await page.goto(`/${projectId}/settings/access-tokens`);
    await page.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
    await expect(dialog.getByText('Token name cannot be empty')).toBeVisible();
    await dialog.getByLabel('Token name').fill('ci pipeline');
    await dialog.getByRole('button', { name: 'CREATE TOKEN', exact: true }).click();
    await expect(dialog.getByText(/swk_/)).toBeVisible();
    await dialog.getByRole('button', { name: /close|done/i }).first().click();
    await expect(page.getByRole('grid').getByText('ci pipeline')).toBeVisible();
    await page.getByRole('button', { name: 'Delete token ci pipeline' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /confirm|delete/i }).last().click();
    await expect(page.getByRole('grid').getByText('ci pipeline')).toHaveCount(0);
  });

  await test.step('log out, then come back to the callback URL after signing in', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(`/${projectId}/settings/access-tokens?tab=1#top`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
    await logIn(page, owner);
    await expect(page).toHaveURL(new RegExp(`/${projectId}/settings/access-tokens\\?tab=1#top$`));
  });
});
