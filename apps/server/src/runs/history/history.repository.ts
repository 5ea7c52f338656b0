import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HistoryMark, HistoryOutcome } from '@stepwise/shared';

/** Reading the scenario history (the only SQL of runs/history besides the recorder). */

export interface StatsRow {
  history_key: string;
  feature_path: string;
  scenario_name: string;
  example: string;
  last_status: string;
  last_test_case_id: string;
  last_run_id: string;
  last_publish_time: Date;
  recent: string;
  flips: number;
  retry_passes: number;
  flakiness: number;
  flaky: boolean;
  failing_streak: number;
  passed_before: boolean;
  first_failure_run_id: string | null;
  first_failure_time: Date | null;
  first_failure_branch: string | null;
  first_failure_commit: string | null;
  quarantined: boolean;
  quarantine_reason: string | null;
}

const STATS_COLUMNS = sql.raw(`s.history_key, s.feature_path, s.scenario_name, s.example, s.last_status, s.last_test_case_id, s.last_run_id,
  s.last_publish_time, s.recent, s.flips, s.retry_passes, s.flakiness, s.flaky, s.failing_streak, s.passed_before, s.first_failure_run_id,
  s.first_failure_time, s.first_failure_branch, s.first_failure_commit, (s.quarantined or q.history_key is not null) as quarantined,
  q.reason as quarantine_reason`);
const QUARANTINE_JOIN = sql.raw('left join scenario_quarantine q on q.project_id = s.project_id and q.history_key = s.history_key');

/** The history key and project of a test case (computed as the recorder does). */
export async function keyOfTestCase(db: Db, testCaseId: string): Promise<{ projectId: string; key: string } | undefined> {
  const { rows } = await sql<{ projectId: string; key: string }>`
    select tc.project_id as "projectId", md5(tc.feature_path || chr(31) || tc.scenario_name || chr(31) || tc.parameters::text) as key
    from test_cases tc where tc.id = ${testCaseId}`.execute(db);
  return rows[0];
}

export async function findStats(db: Db, projectId: string, key: string): Promise<StatsRow | undefined> {
  const { rows } = await sql<StatsRow>`select ${STATS_COLUMNS} from scenario_stats s ${QUARANTINE_JOIN}
    where s.project_id = ${projectId} and s.history_key = ${key}`.execute(db);
  return rows[0];
}

export interface ResultRow {
  run_id: string;
  run_name: string;
  test_case_id: string;
  status: string;
  outcome: HistoryOutcome;
  mark: HistoryMark | null;
  quarantined: boolean;
  branch: string | null;
  commit: string | null;
  publish_time: Date;
  started_at: Date;
  signature: string | null;
}

/** One page of a scenario's results, newest first, and how many there are. */
export async function historyPage(db: Db, projectId: string, key: string, offset: number, limit: number): Promise<{ rows: ResultRow[]; total: number }> {
  const [page, count] = await Promise.all([
    sql<ResultRow>`
      select r.run_id, coalesce(runs.name, '') as run_name, r.test_case_id, r.status, r.outcome, r.mark, r.quarantined, r.branch, r.commit,
        r.publish_time, r.started_at, r.signature
      from scenario_results r left join runs on runs.id = r.run_id
      where r.project_id = ${projectId} and r.history_key = ${key}
      order by r.started_at desc, r.publish_time desc, r.run_id desc
      offset ${offset} limit ${limit}`.execute(db),
    sql<{ n: string }>`select count(*) as n from scenario_results r where r.project_id = ${projectId} and r.history_key = ${key}`.execute(db),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export interface MarkRow {
  test_case_id: string;
  mark: HistoryMark | null;
  quarantined: boolean;
  flakiness: number | null;
  quarantine_reason: string | null;
}

/** The marks of a run's results, with the reason of the scenario's quarantine flag (when flagged now). */
export async function runMarks(db: Db, runId: string, projectId: string): Promise<MarkRow[]> {
  const { rows } = await sql<MarkRow>`
    select r.test_case_id, r.mark, r.quarantined, s.flakiness, q.reason as quarantine_reason
    from scenario_results r left join scenario_stats s on s.project_id = ${projectId} and s.history_key = r.history_key
    left join scenario_quarantine q on q.project_id = ${projectId} and q.history_key = r.history_key
    where r.run_id = ${runId}`.execute(db);
  return rows;
}

/** The most flaky scenarios (score, then latest first). */
export async function mostFlaky(db: Db, projectId: string, limit: number): Promise<StatsRow[]> {
  const { rows } = await sql<StatsRow>`select ${STATS_COLUMNS} from scenario_stats s ${QUARANTINE_JOIN}
    where s.project_id = ${projectId} and s.flaky
    order by s.flakiness desc, s.last_publish_time desc limit ${limit}`.execute(db);
  return rows;
}

/** Scenarios failing since a run after passing before, not flaky: the latest failure starts first. */
export async function newlyFailing(db: Db, projectId: string, limit: number): Promise<StatsRow[]> {
  const { rows } = await sql<StatsRow>`select ${STATS_COLUMNS} from scenario_stats s ${QUARANTINE_JOIN}
    where s.project_id = ${projectId} and s.failing_streak > 0 and s.passed_before and not s.flaky
    order by s.first_failure_time desc limit ${limit}`.execute(db);
  return rows;
}

export interface GroupRow {
  signature: string;
  message: string;
  step: string | null;
  frame: string | null;
  failures: string;
  scenarios: string;
  runs: string;
  first_seen: Date;
  last_seen: Date;
  example_run_id: string;
  example_test_case_id: string;
  feature_path: string | null;
  scenario_name: string | null;
  example: string | null;
}

/**
 * A page of the failures since `since` grouped by signature, the most frequent first, each with its
 * latest failure (to open), and how many groups there are. The groups come from the signature index
 * alone; the latest failure of each group on the page is looked up by its publish time.
 */
export async function failureGroups(db: Db, projectId: string, since: Date, offset: number, limit: number): Promise<{ rows: GroupRow[]; total: number }> {
  const grouped = sql`
    select signature, count(*) as failures, count(distinct history_key) as scenarios, count(distinct run_id) as runs,
      min(publish_time) as first_seen, max(publish_time) as last_seen
    from scenario_results
    where project_id = ${projectId} and publish_time >= ${since} and signature is not null
    group by signature`;
  const { rows } = await sql<GroupRow & { total: string }>`
    with g as (${grouped}),
    p as (
      select g.*, (select count(*) from g) as total from g
      order by g.failures desc, g.last_seen desc, g.signature offset ${offset} limit ${limit}
    )
    select p.signature, f.message, f.step, f.frame, p.failures, p.scenarios, p.runs, p.first_seen, p.last_seen, p.total,
      e.run_id as example_run_id, e.test_case_id as example_test_case_id, s.feature_path, s.scenario_name, s.example
    from p
    join failure_signatures f on f.project_id = ${projectId} and f.signature = p.signature
    cross join lateral (
      select r.run_id, r.test_case_id, r.history_key from scenario_results r
      where r.project_id = ${projectId} and r.publish_time = p.last_seen and r.signature = p.signature
      order by r.run_id desc, r.history_key limit 1
    ) e
    left join scenario_stats s on s.project_id = ${projectId} and s.history_key = e.history_key
    order by p.failures desc, p.last_seen desc, p.signature`.execute(db);
  if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the count alone.
  const { rows: count } = await sql<{ n: string }>`select count(*) as n from (${grouped}) g`.execute(db);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function setQuarantine(db: Db, projectId: string, key: string, on: boolean, reason: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (on) {
      await trx
        .insertInto('scenario_quarantine')
        .values({ project_id: projectId, history_key: key, reason, user_id: userId })
        .onConflict((oc) => oc.columns(['project_id', 'history_key']).doUpdateSet({ reason, user_id: userId }))
        .execute();
    } else {
      await trx.deleteFrom('scenario_quarantine').where('project_id', '=', projectId).where('history_key', '=', key).execute();
    }
    await trx.updateTable('scenario_stats').set({ quarantined: on }).where('project_id', '=', projectId).where('history_key', '=', key).execute();
  });
}

/** The flagged scenarios of a project as scenarioIdentity names them (what a runner outside the server matches). */
export async function flaggedIdentities(db: Db, projectId: string): Promise<string[]> {
  const { rows } = await sql<{ identity: string }>`
    select s.feature_path || chr(31) || s.scenario_name || chr(31) || s.example as identity
    from scenario_quarantine q join scenario_stats s on s.project_id = q.project_id and s.history_key = q.history_key
    where q.project_id = ${projectId}`.execute(db);
  return rows.map((r) => r.identity);
}
