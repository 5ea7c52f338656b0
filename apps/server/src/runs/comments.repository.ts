import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RunComment, RunCommentsTable } from '../db/schema.ts';

export async function insertComment(db: Db, row: Insertable<RunCommentsTable>): Promise<RunComment> {
  return db.insertInto('run_comments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findComment(db: Db, id: string): Promise<RunComment | undefined> {
  return db.selectFrom('run_comments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateCommentContent(db: Db, id: string, content: string): Promise<RunComment | undefined> {
  return db.updateTable('run_comments').set({ content, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteCommentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('run_comments').where('id', '=', id).execute();
}

/** Comments of a run, oldest first. */
export function listRunComments(db: Db, runId: string): Promise<RunComment[]> {
  return db.selectFrom('run_comments').selectAll().where('run_id', '=', runId).orderBy('created_at').orderBy('id').execute();
}

/** Comments of one test case, oldest first. */
export function listTestCaseComments(db: Db, testCaseId: string): Promise<RunComment[]> {
  return db.selectFrom('run_comments').selectAll().where('test_case_id', '=', testCaseId).orderBy('created_at').orderBy('id').execute();
}
