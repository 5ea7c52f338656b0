import { sql } from 'kysely';
import { AI_FIXED_RESULTS } from '@stepwise/shared';
import type { Db } from '../db/database.ts';
import { shownStatus } from './runs.repository.ts';

export interface ProjectMetrics {
  passedExecutionsCount: number;
  failedExecutionsCount: number;
  /** Milliseconds. */
  executionTimeMs: number;
  scenariosRun: number;
  createdScenariosCount: number;
  aiRecoveryCount: number;
  rcaCount: number;
  series: Array<{ date: string; passed: number; failed: number; executionTimeMs: number }>;
}

/**
 * The dashboard's figures for runs published from `start` to `end` (both included). Days of the
 * series are taken at `tzOffsetMinutes` east of UTC.
 */
export async function projectMetrics(db: Db, projectId: string, start: Date, end: Date, tzOffsetMinutes: number): Promise<ProjectMetrics> {
  const fixed = sql.join(AI_FIXED_RESULTS.map((r) => sql`${r}`));
  const [runs, series, cases, created] = await Promise.all([
    sql<{ passed: string; failed: string; ms: string; scenarios: string }>`
      select count(*) filter (where ${shownStatus} = 'Passed') as passed,
             count(*) filter (where ${shownStatus} in ('Failed', 'Error')) as failed,
             coalesce(sum(execution_time_ms), 0) as ms,
             coalesce(sum(total_scenarios), 0) as scenarios
      from runs where project_id = ${projectId} and publish_time >= ${start} and publish_time <= ${end}`.execute(db),
    sql<{ day: string; passed: string; failed: string; ms: string }>`
      select to_char((publish_time at time zone 'UTC') + make_interval(mins => ${tzOffsetMinutes}), 'YYYY-MM-DD') as day,
             count(*) filter (where ${shownStatus} = 'Passed') as passed,
             count(*) filter (where ${shownStatus} in ('Failed', 'Error')) as failed,
             coalesce(sum(execution_time_ms), 0) as ms
      from runs where project_id = ${projectId} and publish_time >= ${start} and publish_time <= ${end}
      group by 1 order by 1`.execute(db),
    sql<{ ai: string; rca: string }>`
      select count(*) filter (where lower(btrim(retrain_stats ->> 'result')) in (${fixed})) as ai,
             count(*) filter (where analysis is not null and analysis <> 'null'::jsonb) as rca
      from test_cases where project_id = ${projectId} and publish_time >= ${start} and publish_time <= ${end} and not superseded`.execute(db),
    // A scenario is created in the period when its first result in any run falls in it.
    sql<{ n: string }>`
      select count(*) as n from (
        select min(publish_time) as first from test_cases where project_id = ${projectId} and publish_time <= ${end} group by scenario_key
      ) s where s.first >= ${start}`.execute(db),
  ]);
  const r = runs.rows[0];
  const c = cases.rows[0];
  return {
    passedExecutionsCount: Number(r.passed),
    failedExecutionsCount: Number(r.failed),
    executionTimeMs: Number(r.ms),
    scenariosRun: Number(r.scenarios),
    createdScenariosCount: Number(created.rows[0].n),
    aiRecoveryCount: Number(c.ai),
    rcaCount: Number(c.rca),
    series: series.rows.map((s) => ({ date: s.day, passed: Number(s.passed), failed: Number(s.failed), executionTimeMs: Number(s.ms) })),
  };
}
