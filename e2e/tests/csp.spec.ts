import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, logIn, signUpViaApi, uniqueEmail } from './helpers.ts';

// Some 35 cold page loads one after the other, each its own start of the app: on a machine busy with the
// PostgreSQL pass and two other browser files (CI), one of them has taken over 10 s. The sweep is about
// the policy, not speed: each screen gets 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A Cucumber JSON report with passed and failed scenarios and screenshots (the runner's import fixture). */
const REPORT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/runner/src/import/fixtures/cucumber-jvm.json');

/**
 * Collects what the browser says about the content security policy: every `securitypolicyviolation`
 * event of every document (reported through a binding, which the policy cannot block) and every
 * console message naming the policy.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation(location.pathname + ': ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + e.sourceFile + ':' + e.lineNumber + ') ' + e.sample);
    });`,
  });
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) problems.push(`${page.url()}: console ${msg.type()}: ${msg.text()}`);
  });
  return problems;
}

async function api<T = Record<string, unknown>>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json() as Promise<T>;
}

/** A demo project (demo features, "demo" environment) with one execution and one uploaded run. */
async function seed(request: APIRequestContext, token: string) {
  const { project } = await api<{ project: { id: string } }>(request, token, '/api/auth/CreateProject', { name: 'Policy shop', demo: true });
  const projectId = project.id;
  const { token: key } = await api<{ token: string }>(request, token, '/api/auth/createAccessKey', { projectId, name: 'csp e2e' });
  const group = { name: 'Smoke', threadCount: 1, scenarios: [], tags: ['@smoke'] };
  const { execution } = await api<{ execution: { _id: string } }>(request, token, '/api/executions/new', {
    projectId,
    execution: { name: 'Nightly', env: 'demo', flows: [{ scenarioGroups: [group] }] },
  });
  const upload = await request.post('/api/runs/upload-report', {
    params: { projectId, name: 'Imported checks' },
    data: fs.readFileSync(REPORT),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return { projectId, executionId: execution._id, runId: (await upload.json()).runId as string };
}

// Every screen with its transitions and animations running (the other specs ask for reduced motion).
test.use({ reducedMotion: 'no-preference' });

test('no screen of the app or of the demo shop breaks its content security policy', async ({ page, request }) => {
  test.setTimeout(480_000);
  const problems = await watchPolicy(page);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const visit = async (url: string, ready: () => Promise<void>) => {
    await test.step(url, async () => {
      await page.goto(url);
      await ready();
      expect(problems, `after ${url}`).toEqual([]);
    });
  };
  const heading = (name: string | RegExp) => () => expect(page.getByRole('heading', { name }).first()).toBeVisible();
  const text = (t: string | RegExp) => () => expect(page.getByText(t).first()).toBeVisible();

  const csp = (await request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");

  await visit('/login', () => expect(page.getByRole('button', { name: 'LOG IN', exact: true })).toBeVisible());
  await visit('/signup', () => expect(page.getByLabel('Email')).toBeVisible());
  await visit('/no/such/page', text('Page Not Found!'));
  await visit('/invitation?id=abc', text('Invalid invitation,no invited_by'));

  const email = uniqueEmail('csp');
  const token = await signUpViaApi(request, email, 'Cora', 'Policy');
  const { projectId, executionId, runId } = await seed(request, token);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  expect(problems).toEqual([]);

  await visit('/home', () => expect(page.getByRole('main')).toBeVisible());
  await visit('/onboarding', () => expect(page.getByRole('main')).toBeVisible());
  await visit('/remote-recorder/recorder?project_id=p1', () => expect(page.getByRole('main')).toBeVisible());
  await visit('/invitations', heading('Project invitations'));
  await visit('/open-recorder/recorder?project_id=p1&env_name=environments/dev&git_branch=main', () =>
    expect(page.getByRole('button', { name: 'Continue in the app' })).toBeVisible(),
  );
  const p = `/${projectId}`;
  await visit(`${p}/dashboard`, heading('Dashboard'));
  await visit(`${p}/memory`, heading('Application map and memory'));
  await visit(`${p}/features?feature=search.feature&scenario=0`, heading(/Search for/));
  await test.step('the Gherkin editor', async () => {
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await page.getByRole('menuitem', { name: 'Edit Gherkin' }).click();
    await expect(page.locator('.cm-editor').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
  await visit(`${p}/test-data`, heading('Test Data'));
  await visit(`${p}/code-cleanup`, heading('Code Cleanup'));
  await visit(`${p}/executions`, heading('Executions'));
  await visit(`${p}/execution/${executionId}`, text('Nightly'));
  await visit(`${p}/runs`, heading('Reports'));
  await visit(`${p}/runs/instructions`, () => expect(page.getByRole('main')).toBeVisible());
  await visit(`${p}/run-report/${runId}`, text('Imported checks'));
  await test.step('a scenario report with its screenshot', async () => {
    await page.getByRole('table', { name: 'Scenarios' }).getByRole('row', { name: /Add socks to the cart/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/run-report/${runId}/`));
    await expect(page.getByRole('img').first()).toBeVisible();
    await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /the cart holds 2 items/ }).click();
    await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
  const testCaseId = new URL(page.url()).pathname.split('/').pop();
  await visit(`${p}/scenario-report/${testCaseId}`, text('Add socks to the cart'));
  await visit(`${p}/ai-oversight`, heading('Code Review'));
  for (const tab of ['members', 'access-tokens', 'code-cleanup']) await visit(`${p}/settings/${tab}`, () => expect(page.getByRole('main')).toBeVisible());
  await visit(`${p}/settings/new-access-token`, () => expect(page.getByRole('dialog', { name: 'Create access token' })).toBeVisible());
  await visit(`${p}/settings/private-repository`, text('Connect your Git repo for Policy shop'));
  await page.waitForTimeout(500);
  expect(problems).toEqual([]);
  // Realtime (socket.io on this origin) got through connect-src.
  expect(sockets.filter((url) => url.startsWith('ws://127.0.0.1')).length).toBeGreaterThan(0);

  await test.step('the demo shop: browse, search, cart, sign-in, checkout', async () => {
    await visit('/demo-shop/', () => expect(page.getByRole('link', { name: /Trail Backpack/ }).first()).toBeVisible());
    await page.getByRole('link', { name: /Trail Backpack/ }).first().click();
    await page.getByRole('button', { name: /Add to cart/i }).click();
    await visit('/demo-shop/cart', () => expect(page.locator('.cart-product img').first()).toBeVisible());
    await visit('/demo-shop/search?q=coffee', text('Ceramic Coffee Mug'));
    await visit('/demo-shop/login', () => expect(page.getByRole('button', { name: /Sign in|Log in/i })).toBeVisible());
    await visit('/demo-shop/checkout', () => expect(page.getByRole('main')).toBeVisible());
    await visit('/demo-shop/no-such-page', text('Page not found'));
  });
  expect(problems).toEqual([]);
});
