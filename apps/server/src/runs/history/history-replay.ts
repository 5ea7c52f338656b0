import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { HistoryMark, HistoryOutcome } from '@stepwise/shared';
import { nextStats, type Measures, type StatsState } from './history-rules.ts';

/**
 * A scenario's stats and its results' marks computed again from all its results, in the order its runs
 * started (start time, publish time, run id): when a run is recorded after a run that started later
 * (runs stored concurrently, an older report uploaded late) and when runs are deleted. The same
 * rules as the recorder (history-rules.ts), one result after the other from the first.
 */

/** Runs of one project are recorded, replayed and deleted one at a time. */
export async function lockProjectHistory(trx: Transaction<Database>, projectId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`scenario-history:${projectId}`}))`.execute(trx);
}

interface ReplayRow {
  history_key: string;
  run_id: string;
  test_case_id: string;
  status: string;
  outcome: HistoryOutcome;
  mark: HistoryMark | null;
  quarantined: boolean;
  branch: string | null;
  commit: string | null;
  started_at: Date;
  publish_time: Date;
}

interface Replayed {
  key: string;
  last: ReplayRow;
  state: StatsState;
  measures: Measures;
}

/** Replays the given scenarios of a project; a scenario left without results loses its stats. */
export async function replayStats(trx: Transaction<Database>, projectId: string, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  const { rows } = await sql<ReplayRow>`
    select history_key, run_id, test_case_id, status, outcome, mark, quarantined, branch, commit, started_at, publish_time
    from scenario_results where project_id = ${projectId} and history_key = any(${[...keys]}::text[])
    order by history_key, started_at, publish_time, run_id`.execute(trx);
  const marks: Array<{ runId: string; key: string; mark: HistoryMark | null }> = [];
  const done = new Map<string, Replayed>();
  for (const r of rows) {
    const prev = done.get(r.history_key);
    const step = nextStats(prev?.state ?? null, { outcome: r.outcome, runId: r.run_id, publishTime: new Date(r.publish_time), branch: r.branch, commit: r.commit });
    if (step.mark !== r.mark) marks.push({ runId: r.run_id, key: r.history_key, mark: step.mark });
    done.set(r.history_key, { key: r.history_key, last: r, state: step.state, measures: step.measures });
  }
  if (marks.length) {
    await sql`update scenario_results r set mark = u.mark
      from unnest(${marks.map((m) => m.runId)}::text[], ${marks.map((m) => m.key)}::text[], ${marks.map((m) => m.mark)}::text[]) as u(run_id, key, mark)
      where r.run_id = u.run_id and r.history_key = u.key`.execute(trx);
  }
  const gone = keys.filter((k) => !done.has(k));
  if (gone.length) await sql`delete from scenario_stats where project_id = ${projectId} and history_key = any(${gone}::text[])`.execute(trx);
  if (done.size) await updateStats(trx, projectId, [...done.values()]);
}

async function updateStats(trx: Transaction<Database>, projectId: string, done: Replayed[]): Promise<void> {
  const col = <T>(f: (d: Replayed) => T) => done.map(f);
  const ff = (d: Replayed) => d.state.firstFailure;
  await sql`update scenario_stats s set last_status = u.status, last_test_case_id = u.test_case_id, last_run_id = u.run_id, last_publish_time = u.publish_time,
      recent = u.recent, flips = u.flips, retry_passes = u.retry_passes, flakiness = u.score, flaky = u.flaky, failing_streak = u.streak,
      passed_before = u.passed_before, first_failure_run_id = u.ff_run, first_failure_time = u.ff_time, first_failure_branch = u.ff_branch,
      first_failure_commit = u.ff_commit, quarantined = u.quarantined
    from unnest(${col((d) => d.key)}::text[], ${col((d) => d.last.status)}::text[], ${col((d) => d.last.test_case_id)}::text[], ${col((d) => d.last.run_id)}::text[],
      ${col((d) => new Date(d.last.publish_time).toISOString())}::timestamptz[], ${col((d) => d.state.recent)}::text[], ${col((d) => d.measures.flips)}::int[],
      ${col((d) => d.measures.retryPasses)}::int[], ${col((d) => d.measures.score)}::real[], ${col((d) => d.measures.flaky)}::boolean[],
      ${col((d) => d.state.failingStreak)}::int[], ${col((d) => d.state.passedBefore)}::boolean[], ${col((d) => ff(d)?.runId ?? null)}::text[],
      ${col((d) => ff(d)?.publishTime.toISOString() ?? null)}::timestamptz[], ${col((d) => ff(d)?.branch ?? null)}::text[], ${col((d) => ff(d)?.commit ?? null)}::text[],
      ${col((d) => d.last.quarantined)}::boolean[])
      as u(key, status, test_case_id, run_id, publish_time, recent, flips, retry_passes, score, flaky, streak, passed_before, ff_run, ff_time, ff_branch, ff_commit, quarantined)
    where s.project_id = ${projectId} and s.history_key = u.key`.execute(trx);
}

/**
 * Deletes runs (their test cases and history results go with them, by the triggers on runs) and
 * replays the stats of every scenario they had a result of. Returns how many runs were deleted.
 */
export async function deleteRuns(ctx: Pick<AppContext, 'db' | 'caches'>, runIds: readonly string[]): Promise<number> {
  if (!runIds.length) return 0;
  let ids: string[] = [];
  const n = await ctx.db.transaction().execute(async (trx) => {
    const projects = await trx.selectFrom('runs').select('project_id').distinct().where('id', 'in', [...runIds]).execute();
    ids = projects.map((p) => p.project_id).sort();
    for (const projectId of ids) await lockProjectHistory(trx, projectId);
    const affected = await trx.selectFrom('scenario_results').select(['project_id', 'history_key']).distinct().where('run_id', 'in', [...runIds]).execute();
    const deleted = await trx.deleteFrom('runs').where('id', 'in', [...runIds]).executeTakeFirst();
    for (const projectId of ids) {
      await replayStats(trx, projectId, affected.filter((a) => a.project_id === projectId).map((a) => a.history_key));
    }
    return Number(deleted.numDeletedRows);
  });
  // Committed: every server's runs list answers of these projects are made again.
  for (const projectId of ids) await ctx.caches.changed({ kind: 'runs', projectId });
  return n;
}
