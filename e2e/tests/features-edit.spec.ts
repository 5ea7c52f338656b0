import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

const SEARCH = [
  '  @regression',
  '  Scenario: Find a product',
  '    Given I am on the home page',
  '    When I search for "<product>"',
  '    Then I should see "Results"',
  '',
  '  Scenario: Browse offers',
  '    Given I am on the offers page',
  '    Then I should see "Offers"',
  '',
].join('\n');

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const row = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });

/** A user with a project holding shop/search.feature (two scenarios); returns what the test needs. */
async function projectWithSearchFeature(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const token = await signUpViaApi(request, email, 'Eda', 'Editor');
  const projectId = await createProjectViaApi(request, token, `${prefix} shop`);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) =>
    expect((await request.post(`/api/${path}`, { data: { projectId, branch: 'main', ...data }, headers })).status()).toBe(200);
  await post('workspace/create-folder', { parentPath: '', name: 'shop' });
  await post('workspace/push-scenario', { name: 'search.feature', parentPath: 'shop', replaceFile: true, data: `Feature: Search\n\n${SEARCH}` });
  return { email, token, projectId, post, link: `/${projectId}/features?folders=shop&feature=search.feature` };
}

test('edit a scenario: name, tags and key/value parameters, with their validation', async ({ page, request }) => {
  const { email, link } = await projectWithSearchFeature(request, 'edit-scenario');
  await signedInAs(page, email);
  await page.goto(`${link}&scenario=0`);
  await expect(page.getByRole('heading', { name: 'Find a product' })).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Edit scenario' });
  await test.step('open it from the Edit scenario menu', async () => {
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await page.getByRole('menuitem', { name: 'Name, tags and parameters' }).click();
    await expect(dialog.getByLabel('Scenario name')).toHaveValue('Find a product');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: '@regression' })).toBeVisible();
  });

  await test.step('the name follows the scenario rename rules', async () => {
    const name = dialog.getByLabel('Scenario name');
    await name.fill('Browse offers');
    await expect(dialog.getByText('Another scenario exists with the given name.')).toBeVisible();
    await name.fill(' Find it');
    await expect(dialog.getByText('String cannot start with a space.')).toBeVisible();
    await name.fill('Find a product!');
    await expect(dialog.getByText('Only letters, digits, spaces, _, -, ( and ) are allowed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await name.fill('Search for a product');
  });

  await test.step('tags are checked and added with Enter', async () => {
    const tags = dialog.getByRole('combobox', { name: 'Tags' });
    await tags.fill('smoke!');
    await expect(dialog.getByText('Use A-Z, a-z, 0-9, -, _ only')).toBeVisible();
    await tags.fill('smoke');
    await tags.press('Enter');
    await expect(dialog.getByRole('button', { name: '@smoke' })).toBeVisible();
  });

  await test.step('every parameter needs a key, each key once', async () => {
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByRole('textbox', { name: 'Key 2' }).fill('product');
    await dialog.getByRole('textbox', { name: 'Value 2' }).fill('tea');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please fill in all fields.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Key 1' }).fill('product');
    await expect(dialog.getByText('This key was added previously')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Key 1' }).fill('query');
    await dialog.getByRole('textbox', { name: 'Value 1' }).fill('green tea');
    await expect(dialog.getByText('This key was added previously')).toHaveCount(0);
    await expect(dialog.getByText('Please fill in all fields.')).toHaveCount(0);
    await dialog.screenshot({ path: test.info().outputPath('edit-scenario-dialog.png') });
  });

  await test.step('saving writes the Examples table and makes it an outline', async () => {
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Scenario updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Search for a product' })).toBeVisible();
    await expect(page.getByText(/^Scenario Outline · features\/shop\/search\.feature/)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Tags' }).getByText('@smoke')).toBeVisible();
    const gherkin = page.getByRole('textbox', { name: 'Scenario Search for a product', exact: true });
    await expect(gherkin).toContainText('Examples:');
    await expect(gherkin).toContainText('| query     | product |');
    await expect(gherkin).toContainText('| green tea | tea     |');
    await expect(page.getByRole('list', { name: 'Scenario steps' }).getByRole('listitem')).toHaveCount(3);
  });

  await test.step('from the tree: the saved parameters come back, one is removed', async () => {
    await row(page, 'Search for a product').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Edit scenario', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'Key 1' })).toHaveValue('query');
    await expect(dialog.getByRole('textbox', { name: 'Value 1' })).toHaveValue('green tea');
    await dialog.getByRole('button', { name: 'Remove parameter 1' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Scenario updated')).toBeVisible();
    const gherkin = page.getByRole('textbox', { name: 'Scenario Search for a product', exact: true });
    await expect(gherkin).not.toContainText('green tea');
    await expect(gherkin).toContainText('| product |');
  });

  await test.step('cancelling with changes asks before discarding them', async () => {
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await page.getByRole('menuitem', { name: 'Name, tags and parameters' }).click();
    await dialog.getByLabel('Scenario name').fill('Something else');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Do you want to discard it?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Search for a product' })).toBeVisible();
  });
});

test('the scenario view option is kept in the link', async ({ page, request }) => {
  const { email, link } = await projectWithSearchFeature(request, 'view-toggle');
  await signedInAs(page, email);
  const view = page.getByRole('group', { name: 'Scenario view' });
  const gherkin = (name: string) => page.getByRole('textbox', { name: `Scenario ${name}`, exact: true });
  const steps = page.getByRole('list', { name: 'Scenario steps' });

  await test.step('by default the Gherkin text and the steps show', async () => {
    await page.goto(`${link}&scenario=0`);
    await expect(view.getByRole('button', { name: 'Gherkin and steps' })).toHaveAttribute('aria-pressed', 'true');
    await expect(gherkin('Find a product')).toBeVisible();
    await expect(steps).toBeVisible();
  });

  await test.step('choosing Steps puts it in the link and shows only the steps', async () => {
    await view.getByRole('button', { name: 'Steps', exact: true }).click();
    await expect(page).toHaveURL(/scenario-view-toggle-option=steps/);
    await expect(gherkin('Find a product')).toHaveCount(0);
    await expect(steps.getByRole('listitem')).toHaveCount(3);
  });

  await test.step('it stays when another scenario is selected and after a reload', async () => {
    await row(page, 'Browse offers').click();
    await expect(page).toHaveURL(/scenario=1/);
    await expect(page).toHaveURL(/scenario-view-toggle-option=steps/);
    await expect(page.getByRole('heading', { name: 'Browse offers' })).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveCount(2);
    await page.reload();
    await expect(view.getByRole('button', { name: 'Steps', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(gherkin('Browse offers')).toHaveCount(0);
  });

  await test.step('a link with the Gherkin view shows the text only', async () => {
    await page.goto(`${link}&scenario=0&scenario-view-toggle-option=gherkin`);
    await expect(view.getByRole('button', { name: 'Gherkin', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(gherkin('Find a product')).toBeVisible();
    await expect(steps).toHaveCount(0);
  });

  await test.step('switching on Edit mode from the steps view opens the Gherkin editor', async () => {
    await view.getByRole('button', { name: 'Steps', exact: true }).click();
    // The switch is used once the steps view shows (the toggle's navigation is asynchronous).
    await expect(view.getByRole('button', { name: 'Steps', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Edit mode').check();
    await expect(page).toHaveURL(/scenario-view-toggle-option=gherkin/);
    await expect(page.getByRole('textbox', { name: 'Edit Scenario Find a product', exact: true })).toBeVisible();
  });
});

test('a scenario published elsewhere shows up 10 s and again 60 s later', async ({ page, request }) => {
  const { email, token, projectId, post, link } = await projectWithSearchFeature(request, 'publish');
  await page.clock.install();
  await signedInAs(page, email);
  // Wait until the realtime channel has joined the project (socket.io CONNECT acknowledged).
  const joined = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/storage/ws/')).then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
  await page.goto(`${link}&scenario=0`);
  await expect(row(page, 'Browse offers')).toBeVisible();
  await joined;

  const addScenario = (name: string) =>
    post('workspace/push-scenario', { name: 'search.feature', parentPath: 'shop', scenarioIndex: null, data: `  Scenario: ${name}\n    Given I am on the home page\n` });
  const publish = async () =>
    expect((await request.post('/api/storage/event', { data: { event: 'publish_scenario', projectId }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await addScenario('Recorded in the client');
  await publish();
  await page.waitForTimeout(500);
  await expect(row(page, 'Recorded in the client')).toHaveCount(0);
  await page.clock.fastForward(10_000);
  await expect(row(page, 'Recorded in the client')).toBeVisible();

  // Published a little later, without a new event: the 60 s refresh brings it.
  await addScenario('Recorded a bit later');
  await page.clock.fastForward(20_000);
  await expect(row(page, 'Recorded a bit later')).toHaveCount(0);
  await page.clock.fastForward(30_000);
  await expect(row(page, 'Recorded a bit later')).toBeVisible();
});

test('the tree arrives compressed as the browser asks, the same tree under each caller\'s own fields', async ({ page, request }) => {
  const { email, link, post } = await projectWithSearchFeature(request, 'compressed-tree');
  const many = Array.from({ length: 40 }, (_, i) => `  Scenario: Pay with card ${i}\n    Given I am on the home page\n`).join('\n');
  await post('workspace/push-scenario', { name: 'pay.feature', parentPath: 'shop', replaceFile: true, data: `Feature: Pay\n\n${many}` });
  await signedInAs(page, email);
  const treeAnswer = () => page.waitForResponse((r) => r.url().endsWith('/api/workspace/get-feature-list') && r.status() === 200);

  const [first] = await Promise.all([treeAnswer(), page.goto(link.replace('search.feature', 'pay.feature'))]);
  // The tree is compressed once per tree and each caller's fields joined after it (docs/DECISIONS.md).
  expect(['br', 'gzip']).toContain((await first.allHeaders())['content-encoding']);
  await expect(row(page, 'Pay with card 0')).toBeVisible();

  // Another scenario selected and the page read again: another answer (the caller's fields) on the same compressed tree.
  await row(page, 'Pay with card 2').click();
  await expect(page.getByRole('heading', { name: 'Pay with card 2' })).toBeVisible();
  const [again] = await Promise.all([treeAnswer(), page.reload()]);
  expect(['br', 'gzip']).toContain((await again.allHeaders())['content-encoding']);
  const body = await again.json();
  expect(body.status).toBe('success');
  expect(body.foldersAndFeatures[0].children.map((n: { name: string }) => n.name)).toEqual(['pay.feature', 'search.feature']);
  await expect(row(page, 'Pay with card 2')).toBeVisible();
});
