import { expect, test, type Page } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

/** Replaces the text of a CodeMirror editor by typing, as a user would. */
async function typeInEditor(page: Page, name: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name, exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const row = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });

async function treeAction(page: Page, node: string, action: string): Promise<void> {
  await row(page, node).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const SCENARIO = [
  '  @regression',
  '  Scenario: Pay by card',
  '    Given I am on the home page',
  '    When I click the "Checkout" button',
  '    And I add 2 items to the cart',
  '    Then I should see "Thank you"',
  '',
].join('\n');

test('a new user organises features, writes a scenario, its data and step code, and works on a branch', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('features');
  const token = await signUpViaApi(request, email, 'Fay', 'Features');
  const projectId = await createProjectViaApi(request, token, 'Features shop');
  await signedInAs(page, email);
  // The code editor (CodeMirror, the app's largest chunk) loads when an editor is first shown, not with the page.
  const editorChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/codemirror-[^/]+\.js$/.test(new URL(r.url()).pathname)) editorChunks.push(r.url());
  });

  await test.step('an empty project offers three ways to create a scenario', async () => {
    await page.goto(`/${projectId}/features`);
    await expect(page.getByRole('heading', { name: 'Create your first scenario' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write a scenario' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record a scenario' })).toBeVisible();
    expect(editorChunks).toEqual([]);
  });

  await test.step('create folders inline', async () => {
    await page.getByRole('button', { name: 'Add folder' }).click();
    const input = page.getByRole('textbox', { name: 'Folder name' });
    await input.fill('Bad/name');
    await expect(page.getByText('Only A-Z, a-z, 0-9, _, -, (), spaces are allowed')).toBeVisible();
    await input.fill('Checkout');
    await input.press('Enter');
    await expect(toast(page, 'Folder created successfully')).toBeVisible();
    await expect(row(page, 'Checkout')).toBeVisible();

    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByRole('textbox', { name: 'Folder name' }).fill('Archive');
    await page.getByRole('heading', { name: 'Features', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: 'Do you want to discard it?' });
    await prompt.getByRole('button', { name: 'Back to edit' }).click();
    await page.getByRole('textbox', { name: 'Folder name' }).press('Enter');
    await expect(row(page, 'Archive')).toBeVisible();
  });

  await test.step('add a feature and its first scenario with the wizard', async () => {
    await page.getByRole('button', { name: 'Add scenario' }).click();
    await page.getByRole('button', { name: 'Gherkin file' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add feature or scenario' });
    await wizard.getByRole('radio', { name: 'New feature' }).check();
    await wizard.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'Checkout', exact: true }).click();
    await wizard.getByLabel('Feature name').fill('Pay$ment');
    await expect(wizard.getByText('Following characters are not allowed: $')).toBeVisible();
    await wizard.getByLabel('Feature name').fill('Payment');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Scenario name').fill('Pay by card');
    await wizard.getByRole('button', { name: 'Create scenario' }).click();
    await expect(toast(page, 'Feature and scenario created')).toBeVisible();
    await expect(page).toHaveURL(/folders=Checkout&feature=Payment\.feature&scenario=0/);
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  });

  await test.step('write steps in the Gherkin editor and tag the scenario', async () => {
    await page.getByLabel('Edit mode').check();
    await typeInEditor(page, 'Edit Scenario Pay by card', SCENARIO);
    expect(editorChunks).toHaveLength(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Scenario saved')).toBeVisible();
    const steps = page.getByRole('list', { name: 'Scenario steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(4);
    await expect(steps.getByRole('listitem', { name: 'And I add 2 items to the cart' }).getByLabel('Not implemented')).toBeVisible();

    await page.getByRole('button', { name: 'Add tag' }).click();
    const tag = page.getByRole('combobox', { name: 'Tag' });
    await tag.fill('smoke!');
    await expect(page.getByText('Use A-Z, a-z, 0-9, -, _ only')).toBeVisible();
    await tag.fill('smoke');
    await tag.press('Enter');
    await expect(page.getByRole('group', { name: 'Tags' }).getByText('@smoke')).toBeVisible();
  });

  await test.step('coming back to the features, the tree held is kept: the server answers without it', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectId}/dashboard`));
    const listed = page.waitForResponse((r) => r.url().endsWith('/api/workspace/get-feature-list'));
    await nav.getByRole('link', { name: 'Features', exact: true }).click();
    const res = await listed;
    expect(res.request().postDataJSON().knownCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(await res.json()).toMatchObject({ unchanged: true });
    expect((await res.json()).foldersAndFeatures).toBeUndefined();
    await expect(row(page, 'Checkout')).toBeVisible();
    await expect(row(page, 'Archive')).toBeVisible();
  });

  await test.step('rename, move and delete in the tree', async () => {
    await treeAction(page, 'Payment', 'Rename');
    const edit = page.getByRole('dialog', { name: 'Edit feature' });
    await edit.getByLabel('Feature name').fill('Payment');
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByLabel('Feature name').fill('Payments');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Renamed feature successfully')).toBeVisible();
    await expect(page).toHaveURL(/feature=Payments\.feature/);

    await treeAction(page, 'Payments', 'Move to folder');
    await page.getByRole('option', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page, 'Feature moved successfully')).toBeVisible();
    await expect(page).toHaveURL(/folders=Archive&feature=Payments\.feature/);

    await treeAction(page, 'Checkout', 'Rename');
    const rename = page.getByRole('textbox', { name: 'New folder name' });
    await rename.fill('Old checkout');
    await rename.press('Enter');
    await expect(toast(page, 'Folder edited successfully')).toBeVisible();
    await treeAction(page, 'Old checkout', 'Delete');
    await page.getByRole('dialog', { name: 'Delete folder' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Folder deleted successfully')).toBeVisible();
    await expect(row(page, 'Old checkout')).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search features' }).fill('no such thing');
    await expect(page.getByText('No results found')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search features' }).fill('card');
    await expect(row(page, 'Pay by card')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search features' }).fill('');
  });

  await test.step('add an environment', async () => {
    await page.getByRole('combobox', { name: 'Environment' }).click();
    await page.getByRole('option', { name: 'Create environment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create environment' });
    await dialog.getByLabel('Base URL').fill('ftp://shop');
    await expect(dialog.getByText('URL must begin with http:// or https://')).toBeVisible();
    await dialog.getByLabel('Base URL').fill('https://staging.shop.example.com');
    await expect(dialog.getByLabel('Environment name')).toHaveValue('staging-shop-example-com');
    await dialog.getByLabel('Environment name').fill('staging');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Environment created')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveText('staging');
  });

  await test.step('add test data with a masked secret', async () => {
    await page.getByRole('link', { name: 'Test Data' }).click();
    await page.getByRole('button', { name: 'Add test data' }).click();
    await expect(page).toHaveURL(/\/test-data\/add$/);
    await page.getByLabel('Key').fill('env');
    await page.getByLabel('Value').fill('x');
    await expect(page.getByText('This key is reserved')).toBeVisible();
    await page.getByLabel('Key').fill('password');
    await page.getByLabel('Value').fill('s3cret-value');
    await page.getByRole('combobox', { name: 'DataType' }).click();
    await page.getByRole('option', { name: 'secret' }).click();
    await page.getByRole('combobox', { name: 'Environment' }).last().click();
    await page.getByRole('option', { name: 'staging' }).click();
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect(toast(page, 'Test data saved')).toBeVisible();
    const table = page.getByRole('table', { name: 'Test data' });
    await expect(table.getByText('s3cret-value')).toHaveCount(0);
    await table.getByRole('button', { name: 'Show value of password' }).click();
    await expect(table.getByText('s3cret-value')).toBeVisible();
  });

  await test.step('store a user with an authenticator and read the TOTP code', async () => {
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('dialog', { name: 'Add User credentials' });
    await form.getByLabel('Username').fill('  buyer@example.com ');
    await form.getByLabel('Password').fill('hunter2hunter2');
    await form.getByLabel('Secret key').fill('JBSW Y3DP EHPK 3PXP');
    await form.getByRole('button', { name: 'Save' }).click();
    const users = page.getByRole('table', { name: 'Stored users' });
    await expect(users.getByRole('row', { name: /buyer@example\.com/ }).getByText('Configured')).toBeVisible();
    await users.getByRole('button', { name: 'View TOTP of buyer@example.com' }).click();
    await expect(page.getByLabel('TOTP code', { exact: true })).toHaveText(/^\d{6}$/);
    await page.getByRole('dialog', { name: /TOTP code of/ }).getByRole('button', { name: 'Close' }).click();
  });

  await test.step('open the step code, edit it, review the diff and save', async () => {
    await page.goto(`/${projectId}/features?folders=Archive&feature=Payments&scenario=0`);
    const step = page.getByRole('listitem', { name: 'And I add 2 items to the cart' });
    await step.getByRole('button', { name: 'View code' }).click();
    const noCode = page.getByRole('dialog', { name: 'No code generated for this step' });
    await expect(noCode.getByRole('button', { name: 'Generate code with AI' })).toBeEnabled();
    await noCode.getByRole('button', { name: 'Write manually' }).click();
    const editor = page.getByRole('textbox', { name: 'Code of user_defined_functions.mjs' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\nexport const broken = (;\n');
    await page.getByRole('button', { name: 'Review Changes' }).click();
    await expect(page.getByTestId('diff-view')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const invalid = page.getByRole('dialog', { name: 'There is a code validation error' });
    await expect(invalid.getByText(/^Line \d+/)).toBeVisible();
    await invalid.getByRole('button', { name: 'Back to editing' }).click();

    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    for (let i = 0; i < 'export const broken = (;\n'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.insertText('// adds items through the UI\n');
    await page.getByRole('button', { name: 'Review Changes' }).click();
    await expect(page.getByTestId('diff-view')).toContainText('adds items through the UI');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Step code saved')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps of the scenario' }).getByRole('button', { name: /I add 2 items to the cart/ })).toContainText('USER');
    await page.getByRole('dialog', { name: /Step code/ }).getByRole('button', { name: 'Close', exact: true }).click();
  });

  await test.step('create a branch, edit there, switch back and see main unchanged', async () => {
    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: 'Create branch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create branch' });
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await expect(dialog.getByText('Please fill in all fields.')).toBeVisible();
    await dialog.getByLabel('New branch name').fill('try-guest-checkout');
    await dialog.getByRole('button', { name: 'Create branch' }).click();
    await expect(toast(page, 'New branch created successfully')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveText('try-guest-checkout');

    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await page.getByRole('menuitem', { name: 'Name, tags and parameters' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit scenario' });
    await rename.getByLabel('Scenario name').fill('Pay as a guest');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Pay as a guest' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: 'main', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await expect(row(page, 'Pay as a guest')).toHaveCount(0);
  });
});

test('deep links, a feature that does not parse, and the unused steps cleanup', async ({ page, request }) => {
  const email = uniqueEmail('deeplinks');
  const token = await signUpViaApi(request, email, 'Dee', 'Links');
  const projectId = await createProjectViaApi(request, token, 'Deep links shop');
  const headers = { authorization: `Bearer ${token}` };
  const ref = { projectId, branch: 'main' };
  const post = async (path: string, data: object) => expect((await request.post(`/api/workspace/${path}`, { data: { ...ref, ...data }, headers })).status()).toBe(200);
  await post('create-folder', { parentPath: '', name: 'shop' });
  await post('push-scenario', { name: 'search.feature', parentPath: 'shop', scenarioIndex: null, data: '  @regression\n  Scenario: Find a product\n    Given I am on the home page\n    Then I should see "Products"\n' });
  await post('push-scenario', { name: 'broken.feature', parentPath: '', replaceFile: true, data: 'Feature: broken\n  Scenario: half written\n    Given I am on the home page\n  Examples oops\n' });
  await post('upload-mjs', { files: [{ name: 'leftovers.mjs', content: "import { When } from '@cucumber/cucumber';\n\nWhen('nobody calls this any more', async function () {});\n" }] });
  await signedInAs(page, email);

  await test.step('a legacy feature link with open_step_code opens the scenario and its step code', async () => {
    await page.goto(`/${projectId}/features?feature=shop/search&scenario=0&open_step_code=true`);
    const modal = page.getByRole('dialog', { name: /Step code/ });
    await expect(modal.getByRole('heading', { name: 'Given I am on the home page' })).toBeVisible();
    await expect(modal.getByText('(built-in library, read-only)')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Edit code' })).toBeDisabled();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).not.toHaveURL(/open_step_code/);
    await expect(page.getByRole('heading', { name: 'Find a product' })).toBeVisible();
  });

  await test.step('a feature that does not parse shows the parser error and is fixed as a whole file', async () => {
    await page.getByRole('treeitem', { name: 'broken', exact: true }).click();
    await expect(page.getByText('This feature has a syntax error')).toBeVisible();
    await expect(page.getByText(/^Line 4/)).toBeVisible();
    await typeInEditor(page, 'Edit broken.feature', 'Feature: broken\n  Scenario: half written\n    Given I am on the home page\n');
    await page.getByRole('button', { name: 'Save file' }).click();
    await expect(toast(page, 'Feature saved')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'half written' })).toBeVisible();
  });

  await test.step('the new user tour walks through four steps', async () => {
    await page.goto(`/${projectId}/features?newUser=true`);
    const tour = page.getByRole('dialog', { name: 'Your features' });
    await expect(tour.getByText('Step 1 of 4')).toBeVisible();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).not.toHaveURL(/newUser/);
  });

  await test.step('connecting Git asks for an environment first, then reports wrong credentials', async () => {
    await page.goto(`/${projectId}/settings/private-repository`);
    await page.getByRole('button', { name: 'Connect Git' }).click();
    await page.getByRole('dialog', { name: 'Create an environment first' }).getByRole('button', { name: 'Create environment' }).click();
    const env = page.getByRole('dialog', { name: 'Create environment' });
    await env.getByLabel('Use the demo app').check();
    await expect(env.getByLabel('Environment name')).toHaveValue('Demo Shop');
    await env.getByRole('button', { name: 'Create' }).click();
    const git = page.getByRole('dialog', { name: 'Authorize Git access' });
    await git.getByLabel('Username').fill('tester');
    await git.getByLabel('Token').fill('not-a-valid-token');
    await git.getByLabel('Repository URL').fill('http://127.0.0.1:9/nowhere.git');
    await git.getByRole('button', { name: 'AUTHORIZE' }).click();
    await expect(git.getByText('There was an error, please make sure your credentials are correct')).toBeVisible({ timeout: 30_000 });
    await git.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('unused step definitions are listed and deleted', async () => {
    await page.goto(`/${projectId}/settings/code-cleanup`);
    await page.getByRole('checkbox', { name: 'When nobody calls this any more' }).check();
    await page.getByRole('button', { name: 'Delete (1)' }).click();
    await page.getByRole('dialog', { name: 'Delete unused steps' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '1 unused steps deleted')).toBeVisible();
    await expect(page.getByText('No unused steps')).toBeVisible();
  });
});
