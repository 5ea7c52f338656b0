import type { TestCaseResult } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { json } from '../../runs/run-rows.ts';
import type { FailureAnalysis } from '../ai-types.ts';
import { analyseFailureOffline } from './analyse-failure.ts';
import { failureEvidence, pageAt } from './failure-evidence.ts';
import { locatorFailure } from './failure-facts.ts';
import { lastPassingPages, passingPagesKey, type PassingPagesWanted, type StoredAnalysis } from './rca.repository.ts';

/**
 * The root-cause analyses of a run about to be stored: one per failed test case that counts (not
 * replaced by a later attempt). Pure work per case; the database is read once per run, and only when
 * a failure is a locator's, for the pages of the scenarios' last passing runs.
 */

/** Test case statuses that are failures with a cause to find (SKIPPED and UNKNOWN are not). */
const ANALYSED = new Set(['FAILED', 'UNDEFINED', 'AMBIGUOUS', 'PENDING']);

/** A case row as storeRun has it: its id, whether it counts, its scenario. */
export interface CaseRowRef {
  id: string;
  superseded?: boolean | null;
  scenario_key: string;
}

/** The stored form: the FailureAnalysis with `tag` and `text`, which the readers of `analysis` know. */
export function storedAnalysis(a: FailureAnalysis): Record<string, unknown> {
  return { tag: a.category, text: a.summary, category: a.category, summary: a.summary, evidence: a.evidence, suggestedAction: a.suggestedAction, signature: a.signature };
}

export async function analyseRunFailures(
  ctx: Pick<AppContext, 'db' | 'log'>,
  projectId: string,
  testCases: readonly TestCaseResult[],
  rows: readonly CaseRowRef[],
): Promise<StoredAnalysis[]> {
  try {
    const failed = testCases.flatMap((tc, i) => (ANALYSED.has(tc.result.status) && !rows[i].superseded ? [{ tc, row: rows[i], evidence: failureEvidence(tc) }] : []));
    if (!failed.length) return [];
    const wanted = new Map<string, PassingPagesWanted>();
    for (const f of failed) {
      if (f.tc.failedStep === null || !locatorFailure(f.evidence.error)) continue;
      wanted.set(passingPagesKey(f.row.scenario_key, f.tc.failedStep), { scenarioKey: f.row.scenario_key, upTo: f.tc.failedStep });
    }
    const passing = await lastPassingPages(ctx.db, projectId, [...wanted.values()]);
    return failed.map(({ tc, row, evidence }) => {
      const pages = tc.failedStep !== null ? passing.get(passingPagesKey(row.scenario_key, tc.failedStep)) : undefined;
      const analysis = analyseFailureOffline({ ...evidence, lastPassingPage: pages ? pageAt(pages, tc.failedStep!) : null });
      return { testCaseId: row.id, analysis: json(storedAnalysis(analysis)), signature: analysis.signature };
    });
  } catch (err) {
    // An analysis is a help, never a reason to lose a run.
    ctx.log.warn({ err, projectId }, 'root-cause analysis of a run failed');
    return [];
  }
}
