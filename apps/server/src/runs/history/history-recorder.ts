import { sql, type Transaction } from 'kysely';
import { QUARANTINE_TAG, exampleText, type HistoryMark, type HistoryOutcome } from '@stepwise/shared';
import type { Database } from '../../db/schema.ts';
import { nextStats, outcomeOf, scenarioResults, type StatsState } from './history-rules.ts';
import { failureParts, signatureOf, type FailureParts } from '../failure-signature.ts';
import { lockProjectHistory, replayStats } from './history-replay.ts';

/**
 * Records a stored run in the scenario history, in a transaction of its own after the run's commit
 * (history-catch-up.ts; the run's verdict without its quarantined scenarios is settled in the run's
 * own transaction, history-verdict.ts): one result per scenario of the run (its counted test cases;
 * a scenario run in several browsers gives its worst result), each scenario's stats moved on by that
 * result, and the failures' signatures. Runs of one project are recorded one at a time (a
 * transaction lock). The history's order is the runs' start: a scenario whose latest result is of a
 * run that started after this one (stored concurrently, or uploaded late) has its stats and marks
 * replayed (history-replay.ts).
 */

/** A scenario's key across runs: feature path, scenario name and example row (jsonb's own text of the parameters). */
export const HISTORY_KEY_SQL = sql<string>`md5(tc.feature_path || chr(31) || tc.scenario_name || chr(31) || tc.parameters::text)`;

/** The keys of a run's scenarios with a superseded attempt that did not pass (a pass then is a pass on retry). */
export const retriedKeysSql = (runId: string) =>
  sql<{ key: string }>`select distinct ${HISTORY_KEY_SQL} as key from test_cases tc where tc.run_id = ${runId} and tc.superseded and tc.status <> 'PASSED'`;

/** [id, key, featurePath, name, parameters, status, tagged, retried, error, failed step, stats state json, flagged] */
type CaseTuple = [string, string, string, string, Record<string, string>, string, boolean, boolean, string | null, string | null, StatsJson | null, boolean];
interface StatsJson {
  recent: string;
  streak: number;
  passedBefore: boolean;
  ffRun: string | null;
  ffTime: string | null;
  ffBranch: string | null;
  ffCommit: string | null;
  /** Start and publish time of the run of the scenario's latest result. */
  lastStart: string | null;
  lastPub: string | null;
}

interface RunFacts {
  project_id: string;
  publish_time: Date;
  started_at: Date;
  branch: string | null;
  commit: string | null;
}

export interface RecordedHistory {
  results: number;
}

export async function recordRunHistory(trx: Transaction<Database>, runId: string): Promise<RecordedHistory> {
  const run = await trx
    .selectFrom('runs')
    .select(['project_id', 'publish_time', sql<Date>`coalesce(start_time, publish_time)`.as('started_at'), 'branch', sql<string | null>`meta->>'commit'`.as('commit')])
    .where('id', '=', runId)
    .executeTakeFirstOrThrow() as RunFacts;
  await lockProjectHistory(trx, run.project_id);
  const cases = (await readCases(trx, runId, run.project_id)).map((tuple) => ({ key: tuple[1], status: tuple[5], retried: tuple[7], tuple }));
  const results: ResultRow[] = [];
  const signatures = new Map<string, FailureParts>();
  const late: string[] = [];
  for (const { tuple } of scenarioResults(cases)) {
    const [id, key, featurePath, name, params, status, tagged, retried, error, failedStep, prev, flagged] = tuple;
    const outcome = outcomeOf(status, retried);
    const { state, measures, mark } = nextStats(stateOf(prev), { outcome, runId, publishTime: run.publish_time, branch: run.branch, commit: run.commit });
    if (prev && startedBefore(run, prev)) late.push(key);
    let signature: string | null = null;
    if (outcome === 'F') {
      const parts = failureParts(error, failedStep);
      signature = signatureOf(parts);
      signatures.set(signature, parts);
    }
    const quarantined = tagged || flagged;
    results.push({ key, id, status, outcome, mark, quarantined, signature, featurePath, name, example: exampleText(params), state, score: measures.score, flaky: measures.flaky, flips: measures.flips, retryPasses: measures.retryPasses });
  }
  if (results.length === 0) return { results: 0 };
  await insertResults(trx, runId, run, results);
  await upsertStats(trx, runId, run, results);
  if (signatures.size) await insertSignatures(trx, run.project_id, signatures);
  if (late.length) await replayStats(trx, run.project_id, late);
  return { results: results.length };
}

interface ResultRow {
  key: string;
  id: string;
  status: string;
  outcome: HistoryOutcome;
  mark: HistoryMark | null;
  quarantined: boolean;
  signature: string | null;
  featurePath: string;
  name: string;
  example: string;
  state: StatsState;
  score: number;
  flaky: boolean;
  flips: number;
  retryPasses: number;
}

/** The run's counted test cases with their scenario's stats and quarantine flag, as one JSON text. */
async function readCases(trx: Transaction<Database>, runId: string, projectId: string): Promise<CaseTuple[]> {
  const { rows } = await sql<{ cases: string | null }>`
    with retried as (${retriedKeysSql(runId)}), c as (
      select tc.*, ${HISTORY_KEY_SQL} as key from test_cases tc where tc.run_id = ${runId} and not tc.superseded
    )
    select json_agg(json_build_array(c.id, c.key, c.feature_path, c.scenario_name, c.parameters, c.status,
      c.tags @> ${JSON.stringify([QUARANTINE_TAG])}::jsonb, r.key is not null,
      case when c.status <> 'PASSED' then c.error_message end, case when c.status <> 'PASSED' then c.failed_step_text end,
      case when s.history_key is not null then json_build_object('recent', s.recent, 'streak', s.failing_streak, 'passedBefore', s.passed_before,
        'ffRun', s.first_failure_run_id, 'ffTime', s.first_failure_time, 'ffBranch', s.first_failure_branch, 'ffCommit', s.first_failure_commit,
        'lastStart', lr.started_at, 'lastPub', lr.publish_time) end,
      q.history_key is not null) order by c.position)::text as cases
    from c
    left join retried r on r.key = c.key
    left join scenario_stats s on s.project_id = ${projectId} and s.history_key = c.key
    left join scenario_results lr on lr.run_id = s.last_run_id and lr.history_key = s.history_key
    left join scenario_quarantine q on q.project_id = ${projectId} and q.history_key = c.key`.execute(trx);
  return JSON.parse(rows[0]?.cases ?? 'null') ?? [];
}

/** The run started before the one of the scenario's latest result (then its publish time; equal: in commit order). */
function startedBefore(run: RunFacts, s: StatsJson): boolean {
  if (!s.lastStart || !s.lastPub) return false;
  const start = new Date(run.started_at).getTime();
  const last = Date.parse(s.lastStart);
  return start < last || (start === last && new Date(run.publish_time).getTime() < Date.parse(s.lastPub));
}

function stateOf(s: StatsJson | null): StatsState | null {
  if (!s) return null;
  return {
    recent: s.recent,
    failingStreak: s.streak,
    passedBefore: s.passedBefore,
    firstFailure: s.ffRun && s.ffTime ? { runId: s.ffRun, publishTime: new Date(s.ffTime), branch: s.ffBranch, commit: s.ffCommit } : null,
  };
}

async function insertResults(trx: Transaction<Database>, runId: string, run: RunFacts, rows: ResultRow[]): Promise<void> {
  const col = <T>(f: (r: ResultRow) => T) => rows.map(f);
  await sql`insert into scenario_results (project_id, history_key, run_id, test_case_id, publish_time, started_at, status, outcome, mark, quarantined, branch, commit, signature)
    select ${run.project_id}, u.key, ${runId}, u.id, ${run.publish_time}, ${run.started_at}, u.status, u.outcome, u.mark, u.quarantined, ${run.branch}, ${run.commit}, u.signature
    from unnest(${col((r) => r.key)}::text[], ${col((r) => r.id)}::text[], ${col((r) => r.status)}::text[], ${col((r) => r.outcome)}::text[],
      ${col((r) => r.mark)}::text[], ${col((r) => r.quarantined)}::boolean[], ${col((r) => r.signature)}::text[])
      as u(key, id, status, outcome, mark, quarantined, signature)`.execute(trx);
}

async function upsertStats(trx: Transaction<Database>, runId: string, run: RunFacts, rows: ResultRow[]): Promise<void> {
  const col = <T>(f: (r: ResultRow) => T) => rows.map(f);
  const ff = (r: ResultRow) => r.state.firstFailure;
  await sql`insert into scenario_stats (project_id, history_key, feature_path, scenario_name, example, last_status, last_test_case_id, last_run_id,
      last_publish_time, recent, flips, retry_passes, flakiness, flaky, failing_streak, passed_before,
      first_failure_run_id, first_failure_time, first_failure_branch, first_failure_commit, quarantined)
    select ${run.project_id}, u.key, u.feature_path, u.name, u.example, u.status, u.id, ${runId}, ${run.publish_time}, u.recent, u.flips, u.retry_passes,
      u.score, u.flaky, u.streak, u.passed_before, u.ff_run, u.ff_time, u.ff_branch, u.ff_commit, u.quarantined
    from unnest(${col((r) => r.key)}::text[], ${col((r) => r.featurePath)}::text[], ${col((r) => r.name)}::text[], ${col((r) => r.example)}::text[],
      ${col((r) => r.status)}::text[], ${col((r) => r.id)}::text[], ${col((r) => r.state.recent)}::text[], ${col((r) => r.flips)}::int[],
      ${col((r) => r.retryPasses)}::int[], ${col((r) => r.score)}::real[], ${col((r) => r.flaky)}::boolean[], ${col((r) => r.state.failingStreak)}::int[],
      ${col((r) => r.state.passedBefore)}::boolean[], ${col((r) => ff(r)?.runId ?? null)}::text[], ${col((r) => ff(r)?.publishTime.toISOString() ?? null)}::timestamptz[],
      ${col((r) => ff(r)?.branch ?? null)}::text[], ${col((r) => ff(r)?.commit ?? null)}::text[], ${col((r) => r.quarantined)}::boolean[])
      as u(key, feature_path, name, example, status, id, recent, flips, retry_passes, score, flaky, streak, passed_before, ff_run, ff_time, ff_branch, ff_commit, quarantined)
    on conflict (project_id, history_key) do update set
      feature_path = excluded.feature_path, scenario_name = excluded.scenario_name, example = excluded.example, last_status = excluded.last_status,
      last_test_case_id = excluded.last_test_case_id, last_run_id = excluded.last_run_id, last_publish_time = excluded.last_publish_time,
      recent = excluded.recent, flips = excluded.flips, retry_passes = excluded.retry_passes, flakiness = excluded.flakiness, flaky = excluded.flaky,
      failing_streak = excluded.failing_streak, passed_before = excluded.passed_before, first_failure_run_id = excluded.first_failure_run_id,
      first_failure_time = excluded.first_failure_time, first_failure_branch = excluded.first_failure_branch,
      first_failure_commit = excluded.first_failure_commit, quarantined = excluded.quarantined`.execute(trx);
}

async function insertSignatures(trx: Transaction<Database>, projectId: string, signatures: Map<string, FailureParts>): Promise<void> {
  const list = [...signatures];
  await sql`insert into failure_signatures (project_id, signature, message, step, frame)
    select ${projectId}, u.signature, u.message, u.step, u.frame
    from unnest(${list.map(([s]) => s)}::text[], ${list.map(([, p]) => p.message)}::text[], ${list.map(([, p]) => p.step)}::text[], ${list.map(([, p]) => p.frame)}::text[])
      as u(signature, message, step, frame)
    on conflict (project_id, signature) do nothing`.execute(trx);
}
