import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addMemberViaApi, createProjectViaApi, signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

const STEPS = "import { When } from '@cucumber/cucumber';\n\nWhen('I add socks to the cart', async function () {});\n";
const FEATURE = 'Feature: Cart\n\n  Scenario: Add socks\n    Given I am on the home page\n    When I add socks to the cart\n';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const conflict = (page: Page) => page.getByRole('dialog', { name: 'Someone else changed this' });

/** A screenshot of the page once the conflict dialog has faded in. */
async function shoot(page: Page, file: string): Promise<void> {
  await expect(conflict(page)).toBeVisible();
  // Spinners run for ever; the dialog's fade does not.
  await page.evaluate('Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished))');
  await page.screenshot({ path: file });
}

/** Ada (admin) and Sam (member) share a project holding an environment, a test data row, a feature and its step file. */
async function sharedProject(request: APIRequestContext, prefix: string) {
  const ada = uniqueEmail(`${prefix}-ada`);
  const sam = uniqueEmail(`${prefix}-sam`);
  const adaToken = await signUpViaApi(request, ada, 'Ada', 'Admin');
  const samToken = await signUpViaApi(request, sam, 'Sam', 'Second');
  const projectId = await createProjectViaApi(request, adaToken, `${prefix} shop`);
  await addMemberViaApi(request, adaToken, projectId, sam, samToken);
  const headers = { authorization: `Bearer ${adaToken}` };
  const post = async (path: string, data: object) =>
    expect((await request.post(`/api/workspace/${path}`, { data: { projectId, branch: 'main', ...data }, headers })).status()).toBe(200);
  await post('push-env', { name: 'staging', data: { baseUrl: 'https://staging.example.com' } });
  await post('changeTestData', { testData: [{ key: 'user', value: 'first', DataType: 'string', environment: '*' }] });
  await post('create-folder', { parentPath: '', name: 'shop' });
  await post('push-scenario', { name: 'cart.feature', parentPath: 'shop', replaceFile: true, data: FEATURE });
  await post('upload-mjs', { files: [{ name: 'cart.mjs', content: STEPS }] });
  const get = async (path: string, query: Record<string, string> = {}) =>
    (await request.get(`/api/workspace/${path}?${new URLSearchParams({ projectId, branch: 'main', ...query })}`, { headers })).json();
  const envList = async () => (await request.post('/api/workspace/get-env-list', { data: { projectId, branch: 'main' }, headers })).json();
  return { projectId, ada, sam, get, envList, featureLink: `/${projectId}/features?folders=shop&feature=cart.feature&scenario=0` };
}

/** A browser of its own (one person, one tab), signed in and on `path`. */
async function openAs(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, email);
  await page.goto(path);
  return page;
}

/** Replaces the text of a CodeMirror editor by typing. */
async function typeInEditor(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name, exact: true }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('test data edited in two places: the second save asks; Overwrite keeps mine, Reload shows theirs', async ({ browser, request }) => {
  const { projectId, ada, sam, get } = await sharedProject(request, 'conflict-data');
  const a = await openAs(browser, ada, `/${projectId}/test-data`);
  const b = await openAs(browser, sam, `/${projectId}/test-data`);
  const table = (p: Page) => p.getByRole('table', { name: 'Test data' });
  const startEditing = async (p: Page) => {
    await table(p).getByRole('button', { name: 'Edit user' }).click();
    await expect(p.getByLabel('Value')).toBeVisible();
  };
  const saveValue = async (p: Page, value: string) => {
    await p.getByLabel('Value').fill(value);
    await p.getByRole('button', { name: 'Save row' }).click();
  };
  const stored = async () => (await get('testData')).testData[0].value;

  await test.step('both edit the row; the first save goes through', async () => {
    await startEditing(a);
    await startEditing(b);
    await saveValue(a, 'from ada');
    await expect(toast(a, 'Test data saved')).toBeVisible();
  });

  await test.step('the second save shows the conflict instead of overwriting silently', async () => {
    await saveValue(b, 'from sam');
    await expect(conflict(b)).toContainText('The test data was changed by someone else since you opened it.');
    await shoot(b, '/tmp/conflict-test-data.png');
    expect(await stored()).toBe('from ada');
  });

  await test.step('Overwrite saves mine over theirs', async () => {
    await conflict(b).getByRole('button', { name: 'Overwrite' }).click();
    await expect(toast(b, 'Test data saved')).toBeVisible();
    await expect(table(b).getByText('from sam')).toBeVisible();
    expect(await stored()).toBe('from sam');
  });

  await test.step('another round: Reload drops mine and shows what the other saved', async () => {
    await startEditing(a);
    await startEditing(b);
    await saveValue(b, 'sam again');
    await expect(toast(b, 'Test data saved')).toBeVisible();
    await saveValue(a, 'ada again');
    await conflict(a).getByRole('button', { name: 'Reload' }).click();
    await expect(conflict(a)).toHaveCount(0);
    await expect(a.getByLabel('Value')).toHaveCount(0);
    await expect(table(a).getByText('sam again')).toBeVisible();
    await expect(table(a).getByText('ada again')).toHaveCount(0);
    expect(await stored()).toBe('sam again');
  });
});

test('an environment edited in two places: Reload fills the form with theirs, the next save goes through', async ({ browser, request }) => {
  const { projectId, ada, sam, envList } = await sharedProject(request, 'conflict-env');
  const a = await openAs(browser, ada, `/${projectId}/test-data`);
  const b = await openAs(browser, sam, `/${projectId}/test-data`);
  const openEdit = async (p: Page) => {
    await p.getByRole('combobox', { name: 'Environment' }).click();
    await p.getByRole('button', { name: 'Edit environment staging' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit environment' });
    await expect(dialog.getByLabel('Base URL')).toHaveValue('https://staging.example.com');
    return dialog;
  };
  const stored = async () => (await envList()).allEnv[0].baseUrl;

  const [editA, editB] = [await openEdit(a), await openEdit(b)];
  await editA.getByLabel('Base URL').fill('https://ada.example.com');
  await editA.getByRole('button', { name: 'Save' }).click();
  await expect(toast(a, 'Environment saved')).toBeVisible();

  await editB.getByLabel('Base URL').fill('https://sam.example.com');
  await editB.getByRole('button', { name: 'Save' }).click();
  await expect(conflict(b)).toContainText('This environment was changed by someone else since you opened it.');
  await shoot(b, '/tmp/conflict-environment.png');
  expect(await stored()).toBe('https://ada.example.com');

  await conflict(b).getByRole('button', { name: 'Reload' }).click();
  await expect(editB.getByLabel('Base URL')).toHaveValue('https://ada.example.com');
  await expect(editB.getByText('Showing the latest saved version')).toBeVisible();
  await editB.getByLabel('Base URL').fill('https://sam.example.com');
  await editB.getByRole('button', { name: 'Save' }).click();
  await expect(toast(b, 'Environment saved')).toBeVisible();
  expect(await stored()).toBe('https://sam.example.com');
});

test('a step file edited in two step code modals: the second save asks, Overwrite saves it', async ({ browser, request }) => {
  const { ada, sam, get, featureLink } = await sharedProject(request, 'conflict-code');
  const a = await openAs(browser, ada, featureLink);
  const b = await openAs(browser, sam, featureLink);
  const mine = (who: string) => `${STEPS}// ${who} was here\n`;
  const editCode = async (p: Page, who: string) => {
    await p.getByRole('listitem', { name: 'When I add socks to the cart' }).getByRole('button', { name: 'View code' }).click();
    await p.getByRole('dialog', { name: /Step code/ }).getByRole('button', { name: 'Edit code' }).click();
    await typeInEditor(p, 'Code of cart.mjs', mine(who));
    await p.getByRole('button', { name: 'Review Changes' }).click();
  };
  const stored = async () => (await get('get-file-content', { file_path: 'steps/cart.mjs' })).content;

  await editCode(a, 'ada');
  await editCode(b, 'sam');
  await a.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(a, 'Step code saved')).toBeVisible();

  await b.getByRole('button', { name: 'Save changes' }).click();
  await expect(conflict(b)).toContainText('This file was changed by someone else since you opened it.');
  await shoot(b, '/tmp/conflict-step-code.png');
  expect(await stored()).toBe(mine('ada'));

  await conflict(b).getByRole('button', { name: 'Overwrite' }).click();
  await expect(toast(b, 'Step code saved')).toBeVisible();
  expect(await stored()).toBe(mine('sam'));
});

test('a scenario edited in two places: the second save asks, Reload shows the other text', async ({ browser, request }) => {
  const { ada, sam, featureLink } = await sharedProject(request, 'conflict-scenario');
  const a = await openAs(browser, ada, featureLink);
  const b = await openAs(browser, sam, featureLink);
  const text = (last: string) => `  Scenario: Add socks\n    Given I am on the home page\n    When I add socks to the cart\n    Then ${last}\n`;
  const edit = async (p: Page, last: string) => {
    await p.getByLabel('Edit mode').check();
    await typeInEditor(p, 'Edit Scenario Add socks', text(last));
  };

  await edit(a, 'ada checks out');
  await edit(b, 'sam checks out');
  await a.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(a, 'Scenario saved')).toBeVisible();

  await b.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(conflict(b)).toContainText('This feature was changed by someone else since you opened it.');
  await shoot(b, '/tmp/conflict-scenario.png');

  await conflict(b).getByRole('button', { name: 'Reload' }).click();
  const view = b.getByRole('textbox', { name: 'Scenario Add socks', exact: true });
  await expect(view).toContainText('Then ada checks out');
  await expect(view).not.toContainText('sam checks out');
  await expect(b.getByLabel('Edit mode')).not.toBeChecked();
});
