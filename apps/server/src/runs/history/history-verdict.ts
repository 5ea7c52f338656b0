import { sql, type Transaction } from 'kysely';
import { QUARANTINE_TAG } from '@stepwise/shared';
import type { Database } from '../../db/schema.ts';
import { HISTORY_KEY_SQL, retriedKeysSql } from './history-recorder.ts';
import { quarantinedCounts, scenarioResults } from './history-rules.ts';

/** A stored run's verdict once its quarantined scenarios are out of it. */
export interface RunVerdict {
  /** Counted quarantined scenarios that did not pass. */
  quarantinedFailures: number;
  /** The run's status and failed count without them (when any did not pass). */
  verdict: { status: string; scenariosFailed: number } | null;
}

/**
 * In the transaction that stores a run, once its test cases are in: the run's verdict without its
 * quarantined scenarios (tagged @quarantine, or flagged by an admin), and the run marked as waiting
 * for its scenario history (recorded after the commit, history-catch-up.ts). Only the scenarios with
 * a test case that did not pass are read: a passing scenario never changes the verdict.
 */
export async function settleRunVerdict(trx: Transaction<Database>, runId: string, projectId: string): Promise<RunVerdict> {
  const { rows } = await sql<{ cases: string | null }>`
    with retried as (${retriedKeysSql(runId)}), c as (
      select tc.position, tc.status, tc.tags, ${HISTORY_KEY_SQL} as key from test_cases tc where tc.run_id = ${runId} and not tc.superseded
    ), bad as (
      select distinct key from c where status <> 'PASSED'
    )
    select json_agg(json_build_array(c.key, c.status, r.key is not null, c.tags @> ${JSON.stringify([QUARANTINE_TAG])}::jsonb or q.history_key is not null)
      order by c.position)::text as cases
    from c
    join bad b on b.key = c.key
    left join retried r on r.key = c.key
    left join scenario_quarantine q on q.project_id = ${projectId} and q.history_key = c.key`.execute(trx);
  const tuples = JSON.parse(rows[0]?.cases ?? 'null') as [string, string, boolean, boolean][] | null;
  const cases = (tuples ?? []).map(([key, status, retried, quarantined]) => ({ key, status, retried, quarantined }));
  const { notPassed, failed } = quarantinedCounts(scenarioResults(cases));
  if (!notPassed) {
    await sql`update runs set history_pending = true where id = ${runId}`.execute(trx);
    return { quarantinedFailures: 0, verdict: null };
  }
  // Out of the verdict: a run whose only failures are quarantined scenarios passes.
  const { rows: [verdict] } = await sql<{ status: string; scenariosFailed: number }>`update runs set history_pending = true, scenarios_quarantined = ${notPassed},
        scenarios_failed = greatest(0, scenarios_failed - ${failed}),
        status = case when status = 'Failed' and scenarios_failed - ${failed} <= 0 and errors = '[]'::jsonb then 'Passed' else status end
    where id = ${runId}
    returning status, scenarios_failed as "scenariosFailed"`.execute(trx);
  return { quarantinedFailures: notPassed, verdict: verdict ?? null };
}
