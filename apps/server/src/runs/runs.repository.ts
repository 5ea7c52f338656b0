import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, Run, RunsTable, TestCaseRow, TestCasesTable } from '../db/schema.ts';

/** Rows per insert statement of test cases (about 25 parameters each). */
const CHUNK = 100;

/** Inserts a run and its test cases inside the caller's transaction. */
export async function insertRunWithCases(trx: Transaction<Database>, run: Insertable<RunsTable>, cases: Insertable<TestCasesTable>[]): Promise<void> {
  await trx.insertInto('runs').values(run).execute();
  for (let i = 0; i < cases.length; i += CHUNK) {
    await trx.insertInto('test_cases').values(cases.slice(i, i + CHUNK)).execute();
  }
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
