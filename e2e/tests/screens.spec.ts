import { expect, test } from '@playwright/test';
import { browserSessionToken, createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

test.describe('motion', () => {
  // The tests' browser asks for reduced motion (playwright.config.ts); the app honours the preference.
  const durations = (page: import('@playwright/test').Page) =>
    page.getByRole('link', { name: 'GO BACK', exact: true }).evaluate((el) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { transitionDuration: string; animationDuration: string } }).getComputedStyle(el);
      return [style.transitionDuration, style.animationDuration].flatMap((d) => d.split(',')).map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000));
    });

  test('transitions end at once for who asks for reduced motion', async ({ page }) => {
    await page.goto('/no/such/page/at/all');
    expect(Math.max(...(await durations(page)))).toBeLessThan(1);
  });

  test.describe('without the preference', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('the same button keeps its transitions', async ({ page }) => {
      await page.goto('/no/such/page/at/all');
      expect(Math.max(...(await durations(page)))).toBeGreaterThanOrEqual(100);
    });
  });
});

test.describe('screens around the account area', () => {
  test('not-found screen and its GO BACK button', async ({ page }) => {
    await page.goto('/no/such/page/at/all');
    await expect(page.getByText('Page Not Found!')).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/not-found.png' });
    await page.getByRole('link', { name: 'GO BACK', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('invitation link without its values, and logged out', async ({ page }) => {
    await page.goto('/invitation');
    await expect(page.getByText('Invalid invitation,no id')).toBeVisible();
    await page.goto('/invitation?id=abc');
    await expect(page.getByText('Invalid invitation,no invited_by')).toBeVisible();
    await page.goto('/invitation?id=abc&invited_by=a@example.com');
    await expect(page.getByText('Invalid invitation,no project')).toBeVisible();
    await page.goto('/invitation?id=abc&invited_by=a@example.com&project=p');
    await expect(page.getByText('You need to be logged in to accept the invitation')).toBeVisible();
    await page.goto('/invitations');
    await expect(page.getByText('You need to be logged in to accept the invitation')).toBeVisible();
  });

  test('a stale invitation link shows that it is invalid once signed in', async ({ page, request }) => {
    const email = uniqueEmail('stale');
    await signUpViaApi(request, email);
    await signedInAs(page, email);
    await page.goto('/invitation?id=00000000-0000-0000-0000-000000000000&invited_by=x@example.com&project=p');
    await expect(page.getByText('This invitation is invalid')).toBeVisible();
  });

  test('declining an invitation from the link', async ({ page, request }) => {
    const admin = uniqueEmail('admin');
    const guest = uniqueEmail('guest');
    const adminToken = await signUpViaApi(request, admin);
    const projectId = await createProjectViaApi(request, adminToken, 'Decline Co');
    await signUpViaApi(request, guest);
    const inv = await request.post('/api/auth/create-invitation', {
      data: { project_id: projectId, sent_to_email_list: [guest] },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const id = (await inv.json()).invitation_ids[0];
    await signedInAs(page, guest);
    await page.goto(`/invitation?id=${id}&invited_by=${admin}&project=${projectId}`);
    await expect(page.getByText('Decline Co')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/invitation.png' });
    await page.getByRole('button', { name: 'DECLINE', exact: true }).click();
    await expect(page.getByText('You have declined the invitation')).toBeVisible();
  });

  test('recorder launch page counts down and can be cancelled', async ({ page, request }) => {
    const email = uniqueEmail('rec');
    await signUpViaApi(request, email);
    await signedInAs(page, email);
    await page.goto('/open-recorder/recorder?project_id=p1&env_name=environments/dev&git_branch=main');
    await expect(page.getByRole('button', { name: 'Continue in the app' })).toBeVisible();
    await expect(page.getByText(/10|9|8/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: 'test-results/screens/open-recorder.png' });
  });

  test('shell: sidebar toggles with ctrl+B, project pages, settings tabs, window-too-small overlay', async ({ page, request }) => {
    const email = uniqueEmail('shell');
    const token = await signUpViaApi(request, email);
    const projectId = await createProjectViaApi(request, token, 'Shell Shop');
    await signedInAs(page, email);
    await page.goto(`/${projectId}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The administrator's documentation and support addresses (DOCS_URL, SUPPORT_URL: e2e/start-server.mjs).
    await expect(page.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', 'https://docs.example.com/stepwise');
    await expect(page.getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:qa-support@example.com');
    await page.screenshot({ path: 'test-results/screens/dashboard.png' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const before = (await nav.boundingBox())!.width;
    await page.keyboard.press('Control+b');
    await expect.poll(async () => (await nav.boundingBox())!.width).not.toBe(before);
    for (const [path, heading] of [
      ['features', 'Features'],
      ['executions', 'Executions'],
      ['runs', 'Reports'],
      ['ai-oversight', 'Code Review'],
      ['memory', 'Application map and memory'],
      ['test-data', 'Test Data'],
      ['code-cleanup', 'Code Cleanup'],
    ]) {
      await page.goto(`/${projectId}/${path}`);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await page.goto(`/${projectId}/settings/private-repository`);
    await expect(page.getByText('Connect your Git repo for Shell Shop')).toBeVisible();
    await page.goto(`/not-a-project-id/dashboard`);
    await expect(page).toHaveURL(new RegExp(`/${projectId}/dashboard`));
    await page.setViewportSize({ width: 800, height: 500 });
    await expect(page.getByText('Your window is too small')).toBeVisible();
  });

  test('project rename and delete from settings', async ({ page, request }) => {
    const email = uniqueEmail('rename');
    const token = await signUpViaApi(request, email);
    const projectId = await createProjectViaApi(request, token, 'Old Name');
    await signedInAs(page, email);
    await page.goto(`/${projectId}/settings/members`);
    const nameField = page.getByLabel('Project name');
    await nameField.fill('New Name');
    await page.getByRole('button', { name: 'SAVE', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Project' })).toContainText('New Name');
    await page.screenshot({ path: 'test-results/screens/settings.png', fullPage: true });
    await page.getByRole('button', { name: /delete project/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: /confirm|delete/i }).last().click();
    await expect(page).not.toHaveURL(new RegExp(projectId));
  });

  test('an expired session shows the session-expired dialog', async ({ page, request }) => {
    const email = uniqueEmail('expired');
    const token = await signUpViaApi(request, email);
    const projectId = await createProjectViaApi(request, token, 'Expiring');
    await signedInAs(page, email);
    await page.goto(`/${projectId}/settings/members`);
    const stored = await browserSessionToken(page);
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${stored}` } });
    await page.goto(`/${projectId}/settings/access-tokens`);
    await expect(page.getByText('Your session has expired. Please login again.')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/session-expired.png' });
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
