import type { ReportStep, RunReport, TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { storeRun, type RunAttachment, type StoreRunInput, type StoredRun } from './run-store.ts';

/** Crafted reports for the runs service's tests (stored with the real storeRun). */

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
export const iso = (ms: number) => new Date(T0 + ms).toISOString();

export function step(text: string, status: ReportStep['result']['status'], extra: Partial<ReportStep> = {}): ReportStep {
  return {
    keyword: 'Given ',
    type: 'Context',
    text,
    line: 3,
    result: { status, startTime: iso(0), endTime: iso(10), message: status === 'FAILED' ? 'boom' : null },
    commands: [],
    networkData: [],
    webLog: [],
    ...extra,
  };
}

let seq = 0;
export function testCase(name: string, status: TestCaseResult['result']['status'], extra: Partial<TestCaseResult> = {}): TestCaseResult {
  seq += 1;
  return {
    id: `tc-${seq}`,
    scenarioName: name,
    featureName: 'Cart',
    featurePath: 'features/cart.feature',
    line: 10,
    tags: ['@smoke'],
    steps: [step('I open the shop', status)],
    parameters: {},
    result: { status, startTime: iso(seq * 1000), endTime: iso(seq * 1000 + 1500), message: status === 'FAILED' ? 'expected 2 items\n  at cart.mjs:12' : null },
    attempt: 0,
    failedStep: status === 'FAILED' ? 0 : null,
    ...extra,
  };
}

export function report(testCases: TestCaseResult[], extra: Partial<RunReport> = {}): RunReport {
  return {
    name: 'Nightly',
    mode: 'executions',
    username: 'ada',
    env: { name: 'staging', baseUrl: 'http://shop.test' },
    branch: 'main',
    startTime: iso(0),
    endTime: iso(60_000),
    success: testCases.every((t) => t.result.status === 'PASSED'),
    testCases,
    errors: [],
    meta: { implementation: 'cucumber-js', version: '13.0.0' },
    ...extra,
  };
}

export function store(
  ctx: AppContext,
  projectId: string,
  rep: RunReport,
  opts: Partial<Omit<StoreRunInput, 'report'>> & { attachments?: RunAttachment[] } = {},
): Promise<StoredRun> {
  return storeRun(ctx, projectId, { attachments: [], type: 'executions', userId: null, ...opts, report: rep });
}

/** Moves a run (and its test cases) `days` into the past. */
export async function backdate(ctx: AppContext, runId: string, days: number): Promise<void> {
  const at = new Date(Date.now() - days * 86_400_000);
  await ctx.db.updateTable('runs').set({ publish_time: at }).where('id', '=', runId).execute();
  await ctx.db.updateTable('test_cases').set({ publish_time: at }).where('run_id', '=', runId).execute();
}
