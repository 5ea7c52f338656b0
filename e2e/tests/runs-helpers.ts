import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of runs.spec.ts: API calls, the CLI, and the locators of the reports pages. */

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/cli/bin/stepwise.mjs');

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: auth(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

export function stepwise(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      // The failing check gives up after 1.5 s instead of 30.
      { env: { ...process.env, STEPWISE_TOKEN: '', STEPWISE_FIND_TIMEOUT_MS: '1500' }, timeout: 180_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

export async function uploadReport(request: APIRequestContext, key: string, projectId: string, file: string, name: string, branch?: string) {
  const res = await request.post('/api/runs/upload-report', {
    params: { projectId, name, ...(branch ? { branch } : {}) },
    data: fs.readFileSync(file),
    headers: { ...auth(key), 'content-type': 'application/x-ndjson' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const counters = (page: Page) => page.getByTestId('run-counters');
export const reportsGrid = (page: Page) => page.getByRole('grid', { name: 'Reports' });
export const gridRows = (page: Page) => reportsGrid(page).locator('.MuiDataGrid-row');
export const scenarioRow = (page: Page, name: string) => page.getByRole('table', { name: 'Scenarios' }).getByRole('row', { name, exact: true });
export const step = (page: Page, name: string) => page.getByRole('list', { name: 'Steps' }).getByRole('button', { name, exact: true });
export const outputTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Step output' }).getByRole('tab', { name });
export const panel = (page: Page) => page.getByTestId('right-panel');

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('main').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Comment calls answer a little later, so that the info banner of each action can be seen. */
export async function slowComments(page: Page) {
  await page.route('**/api/runs/comments/**', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
}
