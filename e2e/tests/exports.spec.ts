import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signedInAs, signUpViaApi, uniqueEmail } from './helpers.ts';
import { post } from './runs-helpers.ts';

const shots = 'test-results/exports';
const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/runner/src/import/fixtures/cucumber-js.json');

/** Chooses a format in the run report's Export menu and answers the downloaded file's name and text. */
async function exportAs(page: Page, label: string): Promise<{ name: string; text: string; file: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const downloading = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
  const download = await downloading;
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8'), file };
}

test('run report: the Export menu downloads the run as Cucumber messages, Cucumber JSON, JUnit XML and an HTML page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('exports');
  const token = await signUpViaApi(request, email, 'Erin', 'Export');
  const projectId = (await post(request, token, '/api/auth/CreateProject', { name: 'Exports shop', url: 'https://shop.example.com' })).project.id as string;
  const key = (await post(request, token, '/api/auth/createAccessKey', { projectId, name: 'exports e2e' })).token as string;
  const uploaded = await request.post('/api/runs/upload-report', {
    params: { projectId, name: 'Lamp search', format: 'cucumber-json' },
    data: fs.readFileSync(FIXTURE),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { runId } = (await uploaded.json()) as { runId: string };

  await signedInAs(page, email);
  await page.goto(`/${projectId}/run-report/${runId}`);
  await expect(page.getByRole('heading', { name: 'Lamp search' })).toBeVisible();

  await test.step('the menu lists the four formats', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items).toHaveText([/^Cucumber messages \(NDJSON\)/, /^Cucumber JSON/, /^JUnit XML/, /^HTML report/]);
    await page.screenshot({ path: `${shots}/export-menu.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  await test.step('Cucumber messages: one JSON message a line, both scenarios finished', async () => {
    const { name, text } = await exportAs(page, 'Cucumber messages');
    expect(name).toBe('Lamp-search.ndjson');
    const messages = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, { name?: string }>);
    expect(messages.filter((m) => m.testCaseFinished)).toHaveLength(2);
    expect(messages.filter((m) => m.pickle).map((m) => m.pickle!.name)).toEqual(['Find a lamp', 'Sort results']);
  });

  await test.step('Cucumber JSON: a feature with its two scenarios and the step results the report shows (hooks that passed are left out)', async () => {
    const { name, text } = await exportAs(page, 'Cucumber JSON');
    expect(name).toBe('Lamp-search.json');
    const features = JSON.parse(text) as Array<{ name: string; elements: Array<{ name: string; steps: Array<{ result: { status: string } }> }> }>;
    expect(features.map((f) => f.name)).toEqual(['Search']);
    expect(features[0].elements.map((e) => [e.name, e.steps.map((s) => s.result.status).join(',')])).toEqual([
      ['Find a lamp', 'passed,passed,failed'],
      ['Sort results', 'passed,ambiguous,skipped'],
    ]);
  });

  await test.step('JUnit XML: well-formed for the browser\'s XML parser, two test cases that failed', async () => {
    const { name, text } = await exportAs(page, 'JUnit XML');
    expect(name).toBe('Lamp-search.xml');
    // The browser's own XML parser (the e2e code has no DOM types: the function is sent as text).
    const parsed = (await page.evaluate(`(() => {
      const doc = new DOMParser().parseFromString(${JSON.stringify(text)}, 'application/xml');
      const suite = doc.querySelector('testsuite');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        tests: suite?.getAttribute('tests'),
        failures: suite?.getAttribute('failures'),
        cases: [...doc.querySelectorAll('testcase')].map((c) => c.getAttribute('name')),
      };
    })()`)) as { error: string | null; tests: string; failures: string; cases: string[] };
    expect(parsed).toEqual({ error: null, tests: '2', failures: '2', cases: ['Find a lamp', 'Sort results'] });
  });

  await test.step('HTML: one self-contained page that shows the run (opened on its own, no server)', async () => {
    const { name, file } = await exportAs(page, 'HTML report');
    expect(name).toBe('Lamp-search.html');
    const report = await page.context().newPage();
    const outside: string[] = [];
    report.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
    });
    // Saved under its own name (the browser reads a file by its extension).
    const html = path.join(path.dirname(file), name);
    fs.copyFileSync(file, html);
    await report.bringToFront();
    await report.goto(`file://${html}`);
    // The formatter's page has drawn the run: its feature, its scenarios and their failures.
    await expect(report.getByRole('heading', { name: /Search/ }).first()).toBeVisible();
    await expect(report.getByText('Find a lamp').first()).toBeVisible();
    await expect(report.getByText('Sort results').first()).toBeVisible();
    await expect(report.getByText('<!DOCTYPE html>')).toHaveCount(0);
    await report.screenshot({ path: `${shots}/html-report.png` });
    expect(outside).toEqual([]);
    await report.close();
  });
});
