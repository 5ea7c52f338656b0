import { expect, test, type Page } from '@playwright/test';
import { demoProject, toast } from './executions-helpers.ts';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';

// The AI request box of the step code modal: a quick insert asks for retries, the progress texts
// play, the answer opens as a diff to review, and saving it writes the retry loop into the step file.

const shots = '/tmp/step-code-ai';
const FILE = 'quick_buy.mjs';
const STEPS = `import { When } from '@cucumber/cucumber';

// source: user
When('I put {string} in the cart from its page', { timeout: 120000 }, async function (name) {
  await this.page.getByRole('link', { name }).click();
  await this.page.getByRole('button', { name: 'Add to cart' }).click();
});
`;
const FEATURE = 'Feature: Quick buy\n\n  Scenario: Buy from the product page\n    When I put "Ceramic Coffee Mug" in the cart from its page\n';
const STEP = 'When I put "Ceramic Coffee Mug" in the cart from its page';

async function openStepCode(page: Page, projectId: string) {
  await page.goto(`/${projectId}/features?feature=quick-buy.feature&scenario=0`);
  await page.getByRole('listitem', { name: STEP }).getByRole('button', { name: 'View code' }).click();
  const modal = page.getByRole('dialog', { name: /Step code/ });
  await expect(modal.getByRole('heading', { name: STEP })).toBeVisible();
  return { modal, box: modal.getByRole('region', { name: 'AI update of the step' }) };
}

test('a quick insert asks for retries: the progress texts play, the diff opens for review and the saved file retries the step', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('step-ai');
  const token = await signUpViaApi(request, email, 'Ada', 'Update');
  const projectId = await demoProject(request, token, 'AI update shop');
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) =>
    expect((await request.post(`/api/workspace/${path}`, { data: { projectId, branch: 'main', ...data }, headers })).status()).toBe(200);
  await post('push-scenario', { name: 'quick-buy.feature', parentPath: '', replaceFile: true, data: FEATURE });
  await post('upload-mjs', { files: [{ name: FILE, content: STEPS }] });
  const saved = async () =>
    (await (await request.get(`/api/workspace/get-file-content?${new URLSearchParams({ projectId, branch: 'main', file_path: `steps/${FILE}` })}`, { headers })).json()).content;

  await signedInAs(page, email);
  const { modal, box } = await openStepCode(page, projectId);
  const request_ = box.getByRole('textbox', { name: 'AI request' });
  const send = box.getByRole('button', { name: 'Send AI request' });
  const status = box.getByTestId('ai-request-status');
  const recorded = () => page.evaluate(() => (globalThis as any).aiTexts as Array<{ text: string; typing: boolean }>);

  await test.step('the box: placeholder, the four quick inserts, send disabled while empty', async () => {
    await expect(request_).toHaveAttribute('placeholder', "Describe the update you'd like to make");
    for (const q of ['continue if step fails', 'perform only if element found', 'retry step if it fails', 'set click timeout to 2 minutes']) {
      await expect(box.getByRole('button', { name: q, exact: true })).toBeVisible();
    }
    await expect(send).toBeDisabled();
    await box.getByRole('button', { name: 'retry step if it fails', exact: true }).click();
    await expect(request_).toHaveValue('retry step if it fails');
    await expect(send).toBeEnabled();
    await page.screenshot({ path: `${shots}-box.png` });
  });

  await test.step('send: the progress texts change every 1.5 s, then the done text; the box waits meanwhile', async () => {
    // What the status shows, recorded in the page with whether the request could be typed: on a loaded
    // machine a check or a screenshot may take longer than one text lasts.
    await box.evaluate((el: any) => {
      const page = globalThis as any;
      const seen: Array<{ text: string; typing: boolean }> = (page.aiTexts = []);
      const status = el.querySelector('[data-testid="ai-request-status"]');
      new page.MutationObserver(() => {
        const text = status.textContent ?? '';
        if (seen.at(-1)?.text !== text) seen.push({ text, typing: !el.querySelector('textarea').disabled });
      }).observe(status, { childList: true, subtree: true, characterData: true });
    });
    await send.click();
    await page.screenshot({ path: `${shots}-progress.png` });
    await expect.poll(async () => (await recorded()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    expect((await recorded()).slice(0, 5)).toEqual(
      ['Generating the step code...', 'Generating file...', 'Perfoming cleanup...', 'Finalizing changes...', 'Done! Review the changes'].map((text) => ({ text, typing: false })),
    );
  });

  await test.step('the answer opens as a diff; the box waits while the change is not saved', async () => {
    const diff = modal.getByTestId('diff-view');
    await expect(diff).toContainText('const retries = 3;');
    await expect(diff).toContainText('for (let attempt = 0; ; attempt++) {');
    await expect(status).toContainText('When the step fails it is retried up to 3 times');
    await expect(status).toContainText('Save or discard your code changes first');
    await expect(request_).toBeDisabled();
    await page.screenshot({ path: `${shots}-review.png` });
    expect(await saved()).toBe(STEPS);
  });

  await test.step('save: through the editor\'s save, the file now retries the step', async () => {
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Step code saved')).toBeVisible({ timeout: 30_000 });
    const content = await saved();
    expect(content).toContain("When('I put {string} in the cart from its page', { timeout: 120000 }, async function (name) {\n  const retries = 3;");
    expect(content).toContain('      if (attempt >= retries) throw error;');
    await expect(modal.getByRole('textbox', { name: `Code of ${FILE}` })).toContainText('const retries = 3;');
    await expect(request_).toBeEnabled();
    await expect(request_).toHaveValue('');
  });

  await test.step('a request it cannot read: the error text for 1.5 s, then what it understands', async () => {
    await request_.fill('make me a sandwich');
    await send.click();
    await expect.poll(async () => (await recorded()).map((r) => r.text), { timeout: 30_000 }).toContain('Error updating the step code. Please try again.');
    await page.screenshot({ path: `${shots}-error.png` });
    await expect(status).toContainText('The request was not understood. Ask for one of: continue if step fails;');
    await expect(modal.getByRole('button', { name: 'Edit code' })).toBeVisible();
    expect(await saved()).toContain('const retries = 3;');
  });
});
