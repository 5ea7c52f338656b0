import { sql } from 'kysely';
import type { ReportStep, RunReport, TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { storeRun } from '../run-store.ts';

/**
 * A run of any size with its steps in its rows (as a run of executions is stored), built for measuring
 * exports: a template of TEMPLATE_CASES test cases (two features, 7 steps each, every 12th failing with
 * a message and a stack, a few skipped) stored by the run store, then copied in the database with
 * INSERT ... SELECT generate_series (each copy a feature file of its own) until the run holds `cases`
 * test cases; the run's counts are those of its rows. What an upload of that size would take (its
 * body limit, the import's time) is not part of it.
 */

export const TEMPLATE_CASES = 100;

const T0 = Date.parse('2026-01-05T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const STEPS: Array<[string, ReportStep['type'], string]> = [
  ['Given ', 'Context', 'I am logged in as "user@example.com"'],
  ['When ', 'Action', 'I open the "/cart" page'],
  ['When ', 'Action', 'I click "Buy"'],
  ['And ', 'Conjunction', 'I fill "coupon" with "SPRING-2026"'],
  ['Then ', 'Outcome', 'I should see "Order placed"'],
  ['And ', 'Conjunction', 'the "cart badge" shows 0'],
  ['Then ', 'Outcome', 'the URL should contain "orders"'],
];

function templateCase(i: number): TestCaseResult {
  const status: TestCaseResult['result']['status'] = i % 12 === 11 ? 'FAILED' : i % 25 === 24 ? 'SKIPPED' : 'PASSED';
  const start = i * 2000;
  const failAt = status === 'FAILED' ? 4 : -1;
  const steps: ReportStep[] = STEPS.map(([keyword, type, text], s) => {
    const stepStatus = failAt < 0 ? (status === 'SKIPPED' ? 'SKIPPED' : 'PASSED') : s < failAt ? 'PASSED' : s === failAt ? 'FAILED' : 'SKIPPED';
    return {
      keyword,
      type,
      text,
      line: 4 + s,
      match: `steps/shop.mjs:${10 + s * 7}`,
      result: {
        status: stepStatus,
        startTime: at(start + s * 200),
        endTime: at(start + s * 200 + 150),
        duration: 150,
        message: stepStatus === 'FAILED' ? `expected "Order placed" but saw "Payment declined" (case ${i})` : null,
        errorStack: stepStatus === 'FAILED' ? `AssertionError: expected "Order placed"\n    at Context.<anonymous> (steps/shop.mjs:38:11)\n    at run (node_modules/runner/step.js:91:5)` : null,
      },
      commands: [],
      networkData: [],
      webLog: [],
    };
  });
  const feature = i < TEMPLATE_CASES / 2 ? 0 : 1;
  return {
    id: `case-${i}`,
    scenarioName: `buys item ${i} with a coupon`,
    featureName: feature ? 'Checkout' : 'Cart',
    featurePath: feature ? 'features/checkout.feature' : 'features/cart.feature',
    line: 3 + (i % 50) * 10,
    tags: ['@shop', i % 3 === 0 ? '@smoke' : '@regression'],
    steps,
    parameters: i % 5 === 0 ? { coupon: 'SPRING-2026', items: String(i % 7) } : {},
    result: { status, startTime: at(start), endTime: at(start + 1500), message: status === 'FAILED' ? steps[failAt].result.message : null },
    attempt: 0,
    failedStep: failAt >= 0 ? failAt : null,
  };
}

/** Stores a run of `cases` test cases in the project; returns its id. */
export async function storeLargeRun(ctx: AppContext, projectId: string, cases: number, name = `Large run of ${cases}`): Promise<string> {
  const testCases = Array.from({ length: Math.min(cases, TEMPLATE_CASES) }, (_, i) => templateCase(i));
  const report: RunReport = {
    name,
    mode: 'executions',
    username: 'bench',
    env: { name: 'staging', baseUrl: 'http://shop.test' },
    branch: 'main',
    startTime: at(0),
    endTime: at(cases * 2000),
    success: false,
    testCases,
    errors: [],
    meta: { implementation: 'stepwise', version: null },
  };
  const { runId } = await storeRun(ctx, projectId, { report, attachments: [], type: 'executions', userId: null });
  const copies = Math.ceil(cases / TEMPLATE_CASES) - 1;
  if (copies > 0) {
    // Copy g of template test case p: position g * TEMPLATE_CASES + p, in features/copy-<g>-<feature>.
    await sql`
      insert into test_cases (id, run_id, project_id, position, report_case_id, scenario_name, feature_name, feature_path, line, tags, status,
        start_time, end_time, duration_ms, failed_step, error_message, parameters, steps, attempt, superseded, scenario_key, publish_time,
        failed_step_keyword, failed_step_text)
      select tc.id || '-' || g, tc.run_id, tc.project_id, g * ${TEMPLATE_CASES} + tc.position, tc.report_case_id || '-' || g, tc.scenario_name,
        tc.feature_name || ' ' || g, replace(tc.feature_path, 'features/', 'features/copy-' || g || '-'), tc.line, tc.tags, tc.status,
        tc.start_time, tc.end_time, tc.duration_ms, tc.failed_step, tc.error_message, tc.parameters, tc.steps, tc.attempt, false,
        replace(tc.scenario_key, 'features/', 'features/copy-' || g || '-'), tc.publish_time, tc.failed_step_keyword, tc.failed_step_text
      from test_cases tc cross join generate_series(1, ${copies}) g
      where tc.run_id = ${runId} and g * ${TEMPLATE_CASES} + tc.position < ${cases}`.execute(ctx.db);
    await sql`
      update runs set total_scenarios = c.total, scenarios_passed = c.passed, scenarios_failed = c.total - c.passed, status = 'Failed'
      from (select count(*)::int as total, (count(*) filter (where status = 'PASSED'))::int as passed from test_cases where run_id = ${runId} and not superseded) c
      where runs.id = ${runId}`.execute(ctx.db);
    await ctx.caches.changed({ kind: 'runs', projectId });
  }
  return runId;
}
