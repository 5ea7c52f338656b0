import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDataDto, RunReportDto, TestCaseReportDto, TestCaseRow } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createProject, signUpUser, type TestUser } from '../../test/factories.ts';
import { expectOk } from '../../test/assertions.ts';
import { report, step, store, testCase } from '../../runs/runs-fixtures.ts';
import { FAILURE_CATEGORIES } from '../ai-types.ts';
import { addToCartPassing, CLICK_TIMEOUT, failedStep, failing, failureOfEachCategory } from './rca-fixtures.ts';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpUser(server.baseUrl);
});
afterAll(() => server.close());

async function runReport(runId: string): Promise<RunReportDto> {
  const res = await user.api.get(`runs/cucumber-runs/get?runId=${runId}`);
  expectOk(res);
  return res.body.run;
}
async function testCaseReport(testCaseId: string): Promise<TestCaseReportDto> {
  const res = await user.api.get(`runs/cucumber-runs/get-testcase?testCaseId=${testCaseId}`);
  expectOk(res);
  return res.body.testCase;
}
const byName = (run: RunReportDto, name: string) => run.report.testCases.find((t) => t.scenarioName === name && !t.superseded) as TestCaseRow;

/** Puts a run (and its test cases) at an exact publish time. */
async function publishAt(runId: string, iso: string) {
  await server.ctx.db.updateTable('runs').set({ publish_time: iso }).where('id', '=', runId).execute();
  await server.ctx.db.updateTable('test_cases').set({ publish_time: iso }).where('run_id', '=', runId).execute();
}

describe('a run with one failure of each category', () => {
  let projectId: string;
  let run: RunReportDto;
  const failures = failureOfEachCategory();

  beforeAll(async () => {
    projectId = await createProject(user, { name: 'Root causes' });
    await store(server.ctx, projectId, report([addToCartPassing()]));
    const superseded = failing('Cart total', [failedStep('Then', 'the cart total is "$89.00"', 'expected "$89.00" but found "$0.00"')], { attempt: 0 });
    const cases = [testCase('Browse', 'PASSED'), superseded, ...Object.values(failures).map((tc) => ({ ...tc, attempt: tc.scenarioName === 'Cart total' ? 1 : 0 }))];
    run = await runReport((await store(server.ctx, projectId, report(cases))).runId);
  });

  it('names each failure\'s category, with a summary a tester reads first', () => {
    const got = Object.fromEntries(Object.entries(failures).map(([expected, tc]) => [expected, byName(run, tc.scenarioName).rootCause?.category]));
    expect(got).toEqual(Object.fromEntries(FAILURE_CATEGORIES.map((c) => [c, c])));
    expect(Object.fromEntries(Object.values(failures).map((tc) => [tc.scenarioName, byName(run, tc.scenarioName).analysis]))).toEqual({
      'Add to cart': 'The button "Add to cart" was on the page in the last passing run and is gone now; the page has button "Add to basket" instead.',
      'Cart total': 'The step expected "$89.00" but got "$79.00".',
      'Slow search': 'The page did not finish loading after 30 s.',
      'Old account link': 'The page http://shop.test/demo-shop/account could not be opened (net::ERR_TOO_MANY_REDIRECTS).',
      Checkout: 'The application answered HTTP 500 to POST /demo-shop/api/checkout during the step.',
      'Home page': 'The application at http://127.0.0.1:9 could not be reached (ERR_CONNECTION_REFUSED).',
      'Sign in': 'The step needs test data "email", which the run did not have.',
      Wishlist: "The step's own code threw TypeError at steps/wishlist.mjs:14.",
    });
  });

  it('quotes the facts and suggests a concrete action', () => {
    const cart = byName(run, 'Add to cart').rootCause!;
    expect(cart.evidence).toEqual([
      'Failed step: When I add "Trail Backpack" to the cart',
      "Error: locator.click: Timeout 5000ms exceeded. waiting for getByRole('button', { name: 'Add to cart' })",
      "Locator: getByRole('button', { name: 'Add to cart' })",
      'button "Add to cart" is not on the page now (http://shop.test/demo-shop/product/7)',
      'The last passing run had button "Add to cart" (http://shop.test/demo-shop/product/7)',
      'Similar element now: button "Add to basket"',
    ]);
    expect(cart.suggestedAction).toBe('If button "Add to basket" is the same control, update the step\'s locator to it; otherwise check whether the application lost button "Add to cart".');
    expect(byName(run, 'Cart total').rootCause!.evidence).toEqual(expect.arrayContaining(['Expected: "$89.00"', 'Received: "$79.00"']));
    expect(byName(run, 'Checkout').rootCause!.evidence).toContain('HTTP 500 from POST http://shop.test/demo-shop/api/checkout');
    expect(byName(run, 'Sign in').rootCause!.suggestedAction).toContain('Add "email" to the test data');
    expect(byName(run, 'Wishlist').rootCause!.suggestedAction).toContain('steps/wishlist.mjs:14');
  });

  it('analyses only the failures that count', () => {
    expect(byName(run, 'Browse')).toMatchObject({ analysis: null, rootCause: null });
    const old = run.report.testCases.find((t) => t.scenarioName === 'Cart total' && t.superseded)!;
    expect(old).toMatchObject({ analysis: null, rootCause: null });
  });

  it('stores the analysis with its tag, text and signature column', async () => {
    const row = await server.ctx.db.selectFrom('test_cases').select(['analysis', 'analysis_signature']).where('id', '=', byName(run, 'Home page').id).executeTakeFirstOrThrow();
    const analysis = row.analysis as Record<string, unknown>;
    expect(analysis).toMatchObject({ tag: 'environment_unreachable', category: 'environment_unreachable', text: analysis.summary, signature: row.analysis_signature });
    expect(row.analysis_signature).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives the failed step the analysis as its AI reasoning', async () => {
    const tc = await testCaseReport(byName(run, 'Add to cart').id);
    const failed = tc.steps[tc.failedStep!.index];
    expect(failed.evaluation?.rootCause).toMatchObject({ category: 'locator_changed', sameCause: null });
    expect(failed.evaluation?.reasoning).toMatch(/^Locator changed: The button "Add to cart" was on the page/);
    expect(failed.evaluation?.reasoning).toContain('\n- Similar element now: button "Add to basket"\nSuggested action: If button');
    expect(tc.steps[0].evaluation).toBeUndefined();
  });
});

describe('failures of the same cause across runs', () => {
  let projectId: string;
  const unreachable = (port: number, path: string) =>
    failing('Home page', [
      failedStep('Given', 'I open the "/" page', `page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:${port}/${path}\nCall log:\n  - navigating to "http://127.0.0.1:${port}/${path}", waiting until "load"\n`),
    ]);
  const runs: string[] = [];

  beforeAll(async () => {
    projectId = await createProject(user, { name: 'Grouping' });
    runs.push((await store(server.ctx, projectId, report([unreachable(3000, ''), failing('Add to cart', [step('x', 'PASSED'), failedStep('When', 'I add "Trail Backpack" to the cart', CLICK_TIMEOUT)])]))).runId);
    runs.push((await store(server.ctx, projectId, report([unreachable(4173, 'demo-shop/')]))).runId);
    await publishAt(runs[0], '2025-03-01T09:00:00.000Z');
    await publishAt(runs[1], '2025-03-04T09:00:00.000Z');
    // The same cause in another project is not counted.
    const elsewhere = await createProject(user, { name: 'Elsewhere' });
    await store(server.ctx, elsewhere, report([unreachable(3000, '')]));
  });

  it('says how many other failures of the project had the same cause, and since when', async () => {
    const second = byName(await runReport(runs[1]), 'Home page');
    expect(second.rootCause?.sameCause).toEqual({ count: 1, since: '2025-03-01T09:00:00.000Z' });
    const first = await runReport(runs[0]);
    expect(byName(first, 'Home page').rootCause?.sameCause).toEqual({ count: 1, since: '2025-03-04T09:00:00.000Z' });
    expect(byName(first, 'Add to cart').rootCause).toMatchObject({ category: 'locator_changed', sameCause: null });
  });

  it('counts a third failure, and the step shows the line', async () => {
    const third = (await store(server.ctx, projectId, report([unreachable(3000, 'home')]))).runId;
    const row = byName(await runReport(third), 'Home page');
    expect(row.rootCause?.sameCause).toEqual({ count: 2, since: '2025-03-01T09:00:00.000Z' });
    const tc = await testCaseReport(row.id);
    expect(tc.steps[0].evaluation?.reasoning).toMatch(/\nSame cause as 2 other failures since 2025-03-01$/);
  });
});

describe('the dashboard counts analysed failures', () => {
  it('rcaCount is the number of counted failures with an analysis in the period', async () => {
    const projectId = await createProject(user, { name: 'Dashboard RCA' });
    const failures = Object.values(failureOfEachCategory()).slice(0, 3);
    await store(server.ctx, projectId, report([testCase('Browse', 'PASSED'), ...failures]));
    await store(server.ctx, projectId, report([testCase('Browse', 'FAILED', { attempt: 0 }), testCase('Browse', 'PASSED', { attempt: 1 })]));
    const around = (ms: number) => new Date(Date.now() + ms).toISOString();
    const res = await user.api.get(`runs/project/getProjectMetadata?projectId=${projectId}&startDate=${around(-3_600_000)}&endDate=${around(3_600_000)}`);
    expectOk(res);
    expect((res.body as DashboardDataDto).rcaCount).toBe(3);
  });
});
