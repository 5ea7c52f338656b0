import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { demoProject } from './executions-helpers.ts';

const TOKEN = 'npm_e2eSecretToken42';
const MASK = '********';

async function apiPost(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The .npmrc as the runner and the command-line client get it: through an access key's run context. */
async function storedNpmrc(request: APIRequestContext, token: string, projectId: string): Promise<string> {
  const key = await apiPost(request, token, '/api/auth/createAccessKey', { projectId, name: `check ${Date.now()}` });
  return (await apiPost(request, key.token, '/api/cli/run-context', { projectId, branch: 'main' })).npmrc;
}

test('the .npmrc: admins edit it with its tokens masked, members read it; members cannot change the weekly mail recipients', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const adminEmail = uniqueEmail('npmrc-admin');
  const memberEmail = uniqueEmail('npmrc-member');
  const adminToken = await signUpViaApi(request, adminEmail, 'Ada', 'Admin');
  const memberToken = await signUpViaApi(request, memberEmail, 'Mo', 'Member');
  const projectId = await demoProject(request, adminToken, 'Npmrc shop');
  const invitation = await apiPost(request, adminToken, '/api/auth/create-invitation', { project_id: projectId, sent_to_email_list: [memberEmail] });
  await apiPost(request, memberToken, '/api/auth/addMember', { id: invitation.invitation_ids[0] });
  await apiPost(request, adminToken, '/api/auth/updateDashboardPersonalizationInfo', {
    project_id: projectId,
    dashboardPersonalizationInfo: { weeklyEmailUpdatesTo: 'qa-lead@example.com' },
  });

  const dialog = page.getByRole('dialog', { name: 'Define .npmrc settings' });
  const field = dialog.getByLabel('.npmrc');

  await test.step('the admin saves a registry and its token; the token comes back masked', async () => {
    await signedInAs(page, adminEmail);
    await page.goto(`/${projectId}/executions`);
    await page.getByRole('button', { name: 'npmrc settings' }).click();
    await field.fill(`@acme:registry=https://npm.acme.example/\n//npm.acme.example/:_authToken=${TOKEN}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'npmrc settings' }).click();
    await expect(field).toHaveValue(`@acme:registry=https://npm.acme.example/\n//npm.acme.example/:_authToken=${MASK}`);
    await expect(dialog.getByText(`shown as ${MASK} (leave them as they are to keep them)`)).toBeVisible();
  });

  await test.step('an edit that leaves the mask keeps the stored token', async () => {
    await field.fill(`@acme:registry=https://npm.acme.example/\n//npm.acme.example/:_authToken=${MASK}\nalways-auth=true`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedNpmrc(request, adminToken, projectId)).toBe(`@acme:registry=https://npm.acme.example/\n//npm.acme.example/:_authToken=${TOKEN}\nalways-auth=true`);
  });

  await test.step('a mask left where nothing is stored is refused with the line it is on', async () => {
    await page.getByRole('button', { name: 'npmrc settings' }).click();
    await field.fill(`//other.example/:_authToken=${MASK}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Line 1 of the .npmrc' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await storedNpmrc(request, adminToken, projectId)).toContain(TOKEN);
  });

  await test.step('a member reads the settings, masked, and cannot change them', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signedInAs(other, memberEmail);
    await other.goto(`/${projectId}/executions`);
    await other.getByRole('button', { name: 'npmrc settings' }).click();
    const memberDialog = other.getByRole('dialog', { name: 'Define .npmrc settings' });
    const memberField = memberDialog.getByLabel('.npmrc');
    await expect(memberField).toHaveValue(`@acme:registry=https://npm.acme.example/\n//npm.acme.example/:_authToken=${MASK}\nalways-auth=true`);
    await expect(memberField).toHaveAttribute('readonly', '');
    await expect(memberDialog.getByText('Only project admins can change these settings.')).toBeVisible();
    await expect(memberDialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await other.screenshot({ path: 'test-results/npmrc/member-read-only.png' });
    await memberDialog.getByRole('button', { name: 'Close' }).click();

    await other.goto(`/${projectId}/dashboard`);
    await other.getByRole('button', { name: 'Personalize value metrics' }).click();
    const personalize = other.getByRole('dialog', { name: 'Personalize value metrics' });
    await expect(personalize.getByLabel('Weekly email updates to')).toHaveValue('qa-lead@example.com');
    await expect(personalize.getByLabel('Weekly email updates to')).toHaveAttribute('readonly', '');
    await expect(personalize.getByText('Only project admins can change the recipients')).toBeVisible();
    await context.close();
  });
});
