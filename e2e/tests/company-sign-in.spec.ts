import { expect, test, type Page } from '@playwright/test';
import { COMPANY_SIGN_IN_LABEL, SESSION_COOKIES, TOKEN_STORAGE_KEY } from '@stepwise/shared';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// The e2e server runs with a real OpenID Connect provider (oidc-provider, started by e2e/start-server.mjs):
// its own sign-in and consent pages, where any login is accepted as that verified e-mail.

/** Signs in at the provider's pages as `email` (the password is not checked there). */
async function atTheProvider(page: Page, email: string): Promise<void> {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('company sign-in', () => {
  test('sign in with the company account, land on the projects, sign out', async ({ page, request }) => {
    // A colleague's account with a project, whose e-mail the provider vouches for: company sign-in links to it.
    const email = uniqueEmail('company');
    const token = await signUpViaApi(request, email, 'Casey', 'Company');
    const projectId = await createProjectViaApi(request, token, 'Company shop');

    await page.goto('/login');
    await expect(page.getByText('Welcome back. Use your company account, or your e-mail and password.')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login-company.png' });
    await page.getByRole('link', { name: COMPANY_SIGN_IN_LABEL }).click();
    await atTheProvider(page, email);
    await expect(page).toHaveURL(new RegExp(`/${projectId}/dashboard$`), { timeout: 20_000 });
    await expect(page.getByRole('combobox', { name: 'Project' })).toContainText('Company shop');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The provider asks whether to end its own session too, then sends the browser back to the login page.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIES.session);
    await page.goto(`/${projectId}/dashboard`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  });

  test('a new company account is created at its first sign-in and starts with onboarding', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/login');
    await page.getByRole('link', { name: COMPANY_SIGN_IN_LABEL }).click();
    await atTheProvider(page, email);
    await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
    await page.screenshot({ path: 'test-results/screens/company-newcomer.png' });
  });

  test('a refused sign-in comes back to the login page with the reason', async ({ page }) => {
    await page.goto('/api/auth/oidc/callback?code=forged&state=forged');
    await expect(page).toHaveURL(/\/login\?ssoError=flowExpired$/);
    await expect(page.getByRole('alert')).toHaveText('The sign-in took too long or was started in another browser. Please try again.');
    await page.screenshot({ path: 'test-results/screens/login-company-refused.png' });
  });
});

test('no session token is readable from page JavaScript', async ({ page, request }) => {
  const email = uniqueEmail('no-token');
  await signUpViaApi(request, email);
  await signedInAs(page, email);
  const session = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIES.session);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  // What any script of the page can read: its cookies and both storages.
  const visible = await page.evaluate<{ cookie: string; local: string; session: string }>(
    '({ cookie: document.cookie, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) })',
  );
  for (const [where, text] of Object.entries(visible)) expect(text, where).not.toContain(session!.value);
  expect(visible.cookie).not.toContain(SESSION_COOKIES.session);
  expect(visible.local).not.toContain(TOKEN_STORAGE_KEY);
});
