import { sql, type Insertable, type RawBuilder, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, Run, RunsTable, TestCaseRow, TestCasesTable } from '../db/schema.ts';
import { TEST_CASE_COLUMN_TYPES, testCaseColumns, type TestCaseColumn, type TestCaseColumnBatch } from './test-case-columns.ts';

/** Inserts a run and its test cases inside the caller's transaction. */
export async function insertRunWithCases(trx: Transaction<Database>, run: Insertable<RunsTable>, cases: Insertable<TestCasesTable>[]): Promise<void> {
  // Each test case carries its run's publish time (past results of a scenario come from one index).
  const publishTime = await insertRunRow(trx, run);
  if (cases.length) await insertTestCaseColumns(trx, { id: run.id, projectId: run.project_id, publishTime }, { columns: testCaseColumns(cases), same: {} });
}

/** Inserts a run row inside the caller's transaction; answers its publish time (its test cases carry it). */
export async function insertRunRow(trx: Transaction<Database>, run: Insertable<RunsTable>): Promise<Date> {
  const { publish_time } = await trx.insertInto('runs').values(run).returning('publish_time').executeTakeFirstOrThrow();
  return publish_time;
}

/**
 * Inserts test cases of a run given as column literals (testCaseColumns): one statement for any
 * number of rows, inside the caller's transaction. A column given once (`same`) is read once, in a
 * one-row subquery that is kept apart (`offset 0`) so that its value is not worked out again per row.
 */
export async function insertTestCaseColumns(trx: Transaction<Database>, run: { id: string; projectId: string; publishTime: Date }, batch: TestCaseColumnBatch): Promise<void> {
  const all = Object.keys(TEST_CASE_COLUMN_TYPES) as TestCaseColumn[];
  const arrays = all.filter((n) => batch.columns[n] !== undefined);
  const once = all.filter((n) => batch.columns[n] === undefined);
  const missing = once.find((n) => batch.same[n] === undefined);
  if (missing) throw new Error(`insertTestCaseColumns: no value for ${missing}`);
  if (arrays.length === 0) throw new Error('insertTestCaseColumns: no column per row (the rows are as many as its elements)');
  const arrayType = (n: TestCaseColumn) => sql.raw(TEST_CASE_COLUMN_TYPES[n] === 'jsonb' ? 'text[]' : `${TEST_CASE_COLUMN_TYPES[n]}[]`);
  const read = (from: string, n: TestCaseColumn) => (TEST_CASE_COLUMN_TYPES[n] === 'jsonb' ? sql`${sql.ref(`${from}.${n}`)}::jsonb` : sql.ref(`${from}.${n}`));
  const params = sql.join(arrays.map((n) => sql`${batch.columns[n]}::${arrayType(n)}`));
  const values = sql.join([...arrays.map((n) => read('u', n)), ...once.map((n) => read('c', n))]);
  const constants = once.length ? sql`cross join (select ${sql.join(once.map((n) => sql`(${`{${batch.same[n]}}`}::${arrayType(n)})[1] as ${sql.ref(n)}`))} offset 0) as c` : sql``;
  await sql`insert into test_cases (run_id, project_id, publish_time, ${sql.join([...arrays, ...once].map((n) => sql.ref(n)))})
    select ${run.id}, ${run.projectId}, ${run.publishTime}, ${values}
    from unnest(${params}) as u(${sql.join(arrays.map((n) => sql.ref(n)))}) ${constants}`.execute(trx);
}

/** Marks test cases of a run as replaced by a later attempt or rerun (left out of the counts). */
export async function markSuperseded(trx: Transaction<Database>, runId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('test_cases').set({ superseded: true }).where('run_id', '=', runId).where(sql<boolean>`id = any(${[...ids]}::text[])`).execute();
}

/** Replaces what a run row says once all of its test cases are in (counts, status, times, errors, meta). */
export async function updateRunRow(trx: Transaction<Database>, runId: string, values: Updateable<RunsTable>): Promise<void> {
  await trx.updateTable('runs').set(values).where('id', '=', runId).execute();
}

export function findRun(db: Db, runId: string): Promise<Run | undefined> {
  return db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

export async function runExists(db: Db, runId: string): Promise<boolean> {
  return (await db.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst()) !== undefined;
}

/** Test cases of a run in report order. */
export function listTestCases(db: Db, runId: string): Promise<TestCaseRow[]> {
  return db.selectFrom('test_cases').selectAll().where('run_id', '=', runId).orderBy('position').execute();
}

// ---------------------------------------------------------------------------------------------------
// Reading (the runs service)

/** The status a run shows: 'Passed' only when every scenario passed (spec 2.4) or is quarantined (out of the verdict). */
export const shownStatus = sql<string>`(case when runs.status = 'Passed' and runs.scenarios_passed + runs.scenarios_quarantined < runs.total_scenarios then 'Failed' else runs.status end)`;

export type RunSortField = 'publishTime' | 'name' | 'startTime' | 'executionTime' | 'totalScenarios' | 'totalScenariosPassed' | 'status';
const SORT_SQL: Record<RunSortField, RawBuilder<unknown>> = {
  publishTime: sql`runs.publish_time`,
  name: sql`lower(runs.name)`,
  startTime: sql`runs.start_time`,
  executionTime: sql`runs.execution_time_ms`,
  totalScenarios: sql`runs.total_scenarios`,
  totalScenariosPassed: sql`runs.scenarios_passed`,
  status: shownStatus,
};

export interface RunListFilter {
  projectId: string;
  since: Date;
  /** Case-insensitive, in name, branch, username or environment. */
  search: string;
  type: string | null;
  branch: string | null;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function filtered(db: Db, f: RunListFilter) {
  let q = db.selectFrom('runs').where('runs.project_id', '=', f.projectId).where('runs.publish_time', '>=', f.since);
  if (f.type) q = q.where('runs.type', '=', f.type as Run['type']);
  if (f.branch) q = q.where('runs.branch', '=', f.branch);
  const search = f.search.trim();
  if (search) {
    const p = likePattern(search);
    q = q.where((eb) => eb.or([eb('runs.name', 'ilike', p), eb('runs.branch', 'ilike', p), eb('runs.username', 'ilike', p), eb('runs.environment', 'ilike', p)]));
  }
  return q;
}

export type RunListRowData = Omit<Run, 'errors' | 'meta' | 'source_key' | 'source_lines' | 'history_pending'> & { shown_status: string };

/** One page of the runs list, sorted (ties: newest first), and the number of runs the filter keeps. */
export async function listRuns(
  db: Db,
  f: RunListFilter,
  sort: { field: RunSortField; order: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: RunListRowData[]; total: number }> {
  const dir = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select([
        'runs.id', 'runs.project_id', 'runs.name', 'runs.type', 'runs.mode', 'runs.branch', 'runs.environment', 'runs.username', 'runs.user_id',
        'runs.execution_id', 'runs.instance_id', 'runs.publish_time', 'runs.start_time', 'runs.end_time', 'runs.execution_time_ms',
        'runs.total_scenarios', 'runs.scenarios_passed', 'runs.scenarios_failed', 'runs.scenarios_quarantined', 'runs.status',
      ])
      .select(shownStatus.as('shown_status'))
      .orderBy(sql`${SORT_SQL[sort.field]} ${dir} nulls last`)
      .orderBy('runs.publish_time', 'desc')
      .orderBy('runs.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface RunCounters {
  totalExecutions: number;
  successful: number;
  failed: number;
}

/** Runs published since `since`: all, passed (as shown) and failed (Failed or Error; stopped runs are neither). */
export async function runCounters(db: Db, projectId: string, since: Date, until?: Date): Promise<RunCounters> {
  let q = db.selectFrom('runs').where('project_id', '=', projectId).where('publish_time', '>=', since);
  if (until) q = q.where('publish_time', '<=', until);
  const row = await q
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where ${shownStatus} = 'Passed')`.as('passed'),
      sql<string>`count(*) filter (where ${shownStatus} in ('Failed', 'Error'))`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { totalExecutions: Number(row.total), successful: Number(row.passed), failed: Number(row.failed) };
}

/** The columns of a test case the run report shows: everything but the steps. */
export const TEST_CASE_SUMMARY_COLUMNS = [
  'id', 'scenario_name', 'feature_name', 'feature_path', 'tags', 'status', 'start_time', 'end_time', 'duration_ms', 'failed_step',
  'failed_step_keyword', 'failed_step_text', 'error_message', 'parameters', 'rerun_id', 'superseded', 'scenario_key', 'retrain_stats',
  'analysis', 'analysis_issue', 'analysis_signature', 'publish_time',
] as const;
export type TestCaseSummary = Pick<TestCaseRow, (typeof TEST_CASE_SUMMARY_COLUMNS)[number]>;

/** A past result as the report shows it (publishTime: ISO 8601, formatted by the database). */
export interface PastResult {
  runId: string;
  status: string;
  publishTime: string;
}

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * The test cases of a run without their steps, in report order, each with up to `limit` counted
 * results of its scenario in earlier runs of the project (newest first): one statement, one index
 * range of test_cases_past_idx per test case (past results as [run id, status, epoch ms]). The rows
 * come back as one JSON document: the embedded database's result protocol costs about 2 µs per field
 * read, 40 ms for a thousand test cases, where one JSON value is read with one JSON.parse.
 */
export async function listTestCasesWithPast(db: Db, run: Pick<Run, 'id' | 'project_id' | 'publish_time'>, limit: number): Promise<Array<TestCaseSummary & { past: PastResult[] | null }>> {
  const fields = TEST_CASE_SUMMARY_COLUMNS.flatMap((c) => [sql.lit(c), sql.ref(`tc.${c}`)]);
  const { rows } = await sql<{ cases: string | null }>`
    select json_agg(json_build_object(${sql.join(fields)}, 'past', past.list) order by tc.position)::text as cases
    from test_cases tc
    left join lateral (
      select json_agg(json_build_array(p.run_id, p.status, floor(extract(epoch from p.publish_time) * 1000)) order by p.publish_time desc) as list
      from (
        select run_id, status, publish_time from test_cases
        where project_id = ${run.project_id} and scenario_key = tc.scenario_key and not superseded
          and publish_time < ${run.publish_time} and run_id <> ${run.id}
        order by publish_time desc
        limit ${limit}
      ) p
    ) past on true
    where tc.run_id = ${run.id}`.execute(db);
  const cases = JSON.parse(rows[0]?.cases ?? 'null') as Array<Record<string, unknown>> | null;
  return (cases ?? []).map((tc) => ({
    ...(tc as unknown as TestCaseSummary),
    start_time: dateOrNull(tc.start_time),
    end_time: dateOrNull(tc.end_time),
    publish_time: new Date(tc.publish_time as string),
    past: (tc.past as Array<[string, string, number]> | null)?.map(([runId, status, ms]) => ({ runId, status, publishTime: new Date(ms).toISOString() })) ?? null,
  }));
}

const dateOrNull = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);

export function findTestCase(db: Db, id: string): Promise<TestCaseRow | undefined> {
  return db.selectFrom('test_cases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Up to `limit` counted results of one scenario in runs of the project published before `before` (other than `runId`), newest first. */
export async function pastResults(db: Db, projectId: string, scenarioKey: string, before: Date, runId: string, limit: number): Promise<PastResult[]> {
  const { rows } = await sql<PastResult>`
    select run_id as "runId", status, to_char(publish_time at time zone 'UTC', ${ISO_UTC}) as "publishTime"
    from test_cases
    where project_id = ${projectId} and scenario_key = ${scenarioKey} and not superseded and publish_time < ${before} and run_id <> ${runId}
    order by publish_time desc
    limit ${limit}`.execute(db);
  return rows;
}
