import { expect, test, type Page } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

/**
 * The launch page /open-recorder/:cmd hands over to the Stepwise client with a stepwise:// link that
 * carries every parameter of the page, the server and a project access key (made once per browser
 * for a signed-in member, reused after); it shows the client's install commands for the visitor's
 * system, the cloud recorder for recordings, and closes itself after a cancellable countdown.
 */
const CLIENT_KEY_NAME = 'Stepwise client (launch page)';

async function appLink(page: Page): Promise<URL> {
  const button = page.getByRole('button', { name: 'Continue in the app' });
  // Enabled once the link is complete (the access key made or found).
  await expect(button).toBeEnabled();
  return new URL((await button.getAttribute('href'))!);
}

test.describe('recorder launch page', () => {
  test('a member gets a deep link with every parameter, the server and an access key that is made once and works', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('launch');
    const token = await signUpViaApi(request, email);
    const projectId = await createProjectViaApi(request, token, 'Launch Shop');
    await signedInAs(page, email);
    const query = `project_id=${projectId}&env_name=environments%2Fdev.json&git_branch=main&uuid=u-42&newUser=true`;
    await page.goto(`/open-recorder/recorder?${query}`);
    await expect(page.getByRole('heading', { name: 'Record a scenario' })).toBeVisible();

    const link = await appLink(page);
    expect(link.protocol).toBe('stepwise:');
    expect(link.host).toBe('recorder');
    const params = Object.fromEntries(link.searchParams);
    expect(params).toEqual({
      project_id: projectId,
      env_name: 'environments/dev.json',
      git_branch: 'main',
      uuid: 'u-42',
      newUser: 'true',
      access_key: expect.stringMatching(/^swk_/),
      server: new URL(baseURL!).origin,
    });
    // The key opens the project for the client: the branch downloads with it.
    const archive = await request.get(`/api/cli/workspace-archive?projectId=${projectId}&branch=main`, { headers: { authorization: `Bearer ${params.access_key}` } });
    expect(archive.status()).toBe(200);

    // Another link of the same project reuses the key.
    await page.goto(`/open-recorder/execute?project_id=${projectId}&env_name=environments%2Fdev.json&feature_file=features%2Fcart.feature&scenario_name=Add+a+mug`);
    await expect(page.getByRole('heading', { name: 'Execute scenarios' })).toBeVisible();
    const again = await appLink(page);
    expect(again.host).toBe('execute');
    expect(again.searchParams.get('access_key')).toBe(params.access_key);
    expect(again.searchParams.get('scenario_name')).toBe('Add a mug');
    const keys = await request.get(`/api/auth/getAccessKeys?project_id=${projectId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await keys.json()).accessKeys as Array<{ name: string }>).filter((k) => k.name === CLIENT_KEY_NAME)).toHaveLength(1);
    // The cloud recorder is offered for recordings only.
    await expect(page.getByRole('link', { name: 'Use the cloud recorder' })).toHaveCount(0);
  });

  test('shows the install commands of the client for this server, and the cloud recorder with the same parameters', async ({ page, baseURL }) => {
    await page.goto('/open-recorder/recorder?project_id=p1&env_name=environments%2Fdev.json&git_branch=main');
    await expect(page.getByText("Nothing happened? Install the Stepwise client on Linux: in any folder, run in a terminal")).toBeVisible();
    await expect(page.getByText(/If npm answers EACCES, its global folder is not yours/)).toBeVisible();
    await expect(page.getByLabel('Install commands', { exact: true })).toHaveText(`npm install -g ${new URL(baseURL!).origin}/api/client/stepwise-cli.tgz\nstepwise register-protocol --server ${new URL(baseURL!).origin}`);
    await expect(page.getByRole('link', { name: 'Use the cloud recorder' })).toHaveAttribute(
      'href',
      `${new URL(baseURL!).origin}/remote-recorder/recorder?project_id=p1&env_name=environments%2Fdev.json&git_branch=main`,
    );
    // Signed out: no key is made, the client uses its own; a key the link carries is passed on.
    await expect(page.getByText('You are not signed in: the client will use the access key it is set up with (STEPWISE_TOKEN).')).toBeVisible();
    expect((await appLink(page)).searchParams.has('access_key')).toBe(false);
    await page.goto('/open-recorder/open_vscode?project_id=p1&file_path=steps%2Fa.mjs&access_key=swk_given');
    expect(Object.fromEntries((await appLink(page)).searchParams)).toEqual({ project_id: 'p1', file_path: 'steps/a.mjs', access_key: 'swk_given', server: new URL(baseURL!).origin });
  });

  test('a visitor on Windows sees the commands for PowerShell', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' });
    const page = await context.newPage();
    await page.goto('/open-recorder/recorder?project_id=p1');
    await expect(page.getByText("Nothing happened? Install the Stepwise client on Windows: in any folder, run in PowerShell or the Command Prompt")).toBeVisible();
    // npm's global folder is the user's own on Windows: no word of EACCES or sudo there.
    await expect(page.getByText(/EACCES/)).toHaveCount(0);
    await context.close();
  });

  test('a signed-in visitor who is not a member is told the client uses its own key', async ({ page, request }) => {
    const email = uniqueEmail('outsider');
    await signUpViaApi(request, email);
    await signedInAs(page, email);
    await page.goto('/open-recorder/recorder?project_id=not-my-project&env_name=environments%2Fdev.json');
    await expect(page.getByRole('alert').filter({ hasText: 'The client will use the access key it is set up with' })).toBeVisible();
    expect((await appLink(page)).searchParams.has('access_key')).toBe(false);
  });

  test('counts down 10 seconds and closes; Cancel stops it; an unknown mode is refused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/open-recorder/ai_learn?project_id=p1&steps_to_learn=2&step_index=1&stepSource=ai');
    await expect(page.getByText('This tab closes in 10 seconds.')).toBeVisible();
    await page.clock.runFor(3000);
    await expect(page.getByText('This tab closes in 7 seconds.')).toBeVisible();
    await page.clock.runFor(8000);
    // A tab the page did not open itself stays open: it says so.
    await expect(page.getByText('You can close this tab now.')).toBeVisible();

    await page.goto('/open-recorder/apitest?project_id=p1');
    await expect(page.getByText('This tab closes in 10 seconds.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Automatic closing cancelled.')).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(page.getByText('Automatic closing cancelled.')).toBeVisible();

    await page.goto('/open-recorder/format_disk?project_id=p1');
    await expect(page.getByText('The link asks for "format_disk", which the Stepwise client does not know.')).toBeVisible();
  });
});
