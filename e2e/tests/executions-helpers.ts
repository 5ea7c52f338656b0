import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of executions.spec.ts: the execution planner's wizard, lists and schedule times. */

export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
export const allRow = (page: Page, name: string) => page.getByRole('table', { name: 'All executions' }).getByRole('row', { name, exact: true });

/** A demo project: its main branch holds the demo shop features (tagged @smoke, @regression, @login...) and the "demo" environment. */
export async function demoProject(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/api/auth/CreateProject', { data: { name, demo: true }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).project.id;
}

export async function openPlanner(page: Page) {
  await page.getByRole('button', { name: 'Plan an execution' }).click();
  return page.getByRole('dialog', { name: 'Define an execution' });
}

export async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Steps 1 and 2 of the wizard: name, environment "demo", branch main, then the given tag. */
export async function defineAndSelect(page: Page, name: string, tag: string) {
  const wizard = await openPlanner(page);
  await wizard.getByLabel('Execution name').fill(name);
  await choose(page, wizard, 'Environment', 'demo');
  await wizard.getByRole('button', { name: 'Next' }).click();
  const select = page.getByRole('dialog', { name: 'Select scenarios' });
  await select.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: `@${tag}`, exact: true }).click();
  await page.keyboard.press('Escape');
  await select.getByRole('button', { name: 'Next' }).click();
  return page.getByRole('dialog', { name: 'Schedule execution' });
}

/** Creates an execution through the wizard (no schedule) and returns to the All list. */
export async function planDraft(page: Page, name: string, tag: string, threads?: number) {
  const wizard = await openPlanner(page);
  await wizard.getByLabel('Execution name').fill(name);
  await choose(page, wizard, 'Environment', 'demo');
  await wizard.getByRole('button', { name: 'Next' }).click();
  const select = page.getByRole('dialog', { name: 'Select scenarios' });
  await select.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: `@${tag}`, exact: true }).click();
  await page.keyboard.press('Escape');
  if (threads !== undefined) {
    const group = select.getByRole('group', { name: 'Threads for Scenario Group 1' });
    while (Number(await group.getByTestId('thread-count').textContent()) > threads) await group.getByRole('button', { name: 'Fewer threads' }).click();
  }
  await select.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Schedule execution' }).getByRole('button', { name: 'Skip for now' }).click();
  await expect(allRow(page, name)).toBeVisible();
}

export const activeRow = (page: Page, name: string) => page.getByRole('grid', { name: 'Active executions' }).getByRole('row').filter({ hasText: name });

/** The next UTC quarter hour at least `leadMs` from now (schedules are in 15-minute steps). */
export function nextQuarter(leadMs: number): Date {
  const step = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + leadMs) / step) * step);
}

export const time12 = (d: Date) => `${d.getUTCHours() % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
