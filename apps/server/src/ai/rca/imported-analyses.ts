import type { TestCaseResult } from '@stepwise/shared';
import { serverKey, type AppContext } from '../../context.ts';
import { findRun } from '../../runs/runs.repository.ts';
import { sourceSteps } from '../../runs/source-report.ts';
import { analyseRunFailures } from './run-analyses.ts';
import { saveAnalyses } from './rca.repository.ts';

/** Failures of one imported run analysed at most (the first ones in report order); a report of thousands of failures has few causes. */
export const MAX_IMPORTED_ANALYSES = 100;
const ANALYSED = ['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING'];

/**
 * Root causes of a run imported as Cucumber messages: its steps live in its stored report, so its
 * counted failures are read back from there once the run is stored, and analysed as a run of the
 * server's own is. Never fails the import: a problem is logged.
 */
export async function analyseImportedRun(ctx: AppContext, runId: string): Promise<number> {
  try {
    const run = await findRun(ctx.db, runId);
    if (!run?.source_key) return 0;
    const rows = await ctx.db
      .selectFrom('test_cases')
      .selectAll()
      .where('run_id', '=', runId)
      .where('superseded', '=', false)
      .where('status', 'in', ANALYSED)
      .orderBy('position')
      .limit(MAX_IMPORTED_ANALYSES)
      .execute();
    if (!rows.length) return 0;
    const testCases: TestCaseResult[] = [];
    for (const row of rows) {
      testCases.push({
        id: row.id,
        scenarioName: row.scenario_name,
        featureName: row.feature_name,
        featurePath: row.feature_path,
        line: row.line,
        tags: [],
        steps: await sourceSteps(ctx, run, row),
        parameters: {},
        result: { status: row.status as TestCaseResult['result']['status'], startTime: null, endTime: null, message: row.error_message },
        attempt: row.attempt,
        failedStep: row.failed_step,
      });
    }
    const analyses = await analyseRunFailures(ctx, run.project_id, testCases, rows);
    await ctx.db.transaction().execute((trx) => saveAnalyses(trx, analyses));
    return analyses.length;
  } catch (err) {
    ctx.log.warn({ err, runId }, 'root-cause analysis of an imported run failed');
    return 0;
  }
}

const pending = new WeakMap<object, Set<Promise<unknown>>>();

/** The analysis of an imported run after its upload was answered (a large report's failures take a while); the app's close waits for it. */
export function analyseImportedRunLater(ctx: AppContext, runId: string): void {
  const set = pending.get(serverKey(ctx)) ?? new Set<Promise<unknown>>();
  pending.set(serverKey(ctx), set);
  const job = analyseImportedRun(ctx, runId).finally(() => set.delete(job));
  set.add(job);
}

/** Resolves once the analyses started so far are stored. */
export async function importedAnalysesSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(pending.get(serverKey(ctx)) ?? [])]);
}
