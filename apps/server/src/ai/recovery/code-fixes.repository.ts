import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CodeFixesTable, Database } from '../../db/schema.ts';
import type { CodeFixDraft } from './recovery-cases.ts';

/** SQL of AI recovery's code fixes (table code_fixes, migration 0012). */

export type CodeFixStatus = 'open' | 'accepted' | 'archived';

/** A code fix as read (its replacements parsed by the driver). */
export type CodeFixRow = Selectable<CodeFixesTable>;

/** The run's fixes, with the row ids of their test cases; a fix already open for the same scenario, step code and change is not repeated. */
export async function insertCodeFixes(
  trx: Transaction<Database>,
  projectId: string,
  runId: string,
  branch: string,
  fixes: ReadonlyArray<CodeFixDraft & { testCaseRowId: string | null }>,
): Promise<number> {
  let added = 0;
  for (const f of fixes) {
    const open = await trx
      .selectFrom('code_fixes')
      .select('id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'open')
      .where('branch', '=', branch)
      .where('feature_path', '=', f.featurePath)
      .where('scenario_name', '=', f.scenarioName)
      .where('step_file', '=', f.stepFile)
      .where('original_code', '=', f.originalCode)
      .where('fixed_code', '=', f.fixedCode)
      .executeTakeFirst();
    if (open) continue;
    await trx
      .insertInto('code_fixes')
      .values({
        id: f.id,
        project_id: projectId,
        run_id: runId,
        test_case_id: f.testCaseRowId,
        scenario_name: f.scenarioName,
        feature_name: f.featureName,
        feature_path: f.featurePath,
        branch,
        step_text: f.stepText,
        step_file: f.stepFile,
        original_code: f.originalCode,
        fixed_code: f.fixedCode,
        reasoning: f.reasoning,
        replacements: JSON.stringify(f.replacements),
      })
      .execute();
    added++;
  }
  return added;
}

export async function listOpenFixes(db: Db, projectId: string, limit: number): Promise<CodeFixRow[]> {
  const rows = await db.selectFrom('code_fixes').selectAll().where('project_id', '=', projectId).where('status', '=', 'open').orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows;
}

export async function countOpenFixes(db: Db, projectId: string): Promise<number> {
  const row = await db.selectFrom('code_fixes').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).where('status', '=', 'open').executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findFix(db: Db, projectId: string, id: string): Promise<CodeFixRow | undefined> {
  return db.selectFrom('code_fixes').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

/** Open fixes of the ids become `status`; returns how many did. */
export async function resolveFixes(db: Db, projectId: string, ids: readonly string[], status: Exclude<CodeFixStatus, 'open'>, userId: string, commitId: string | null = null): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable('code_fixes')
    .set({ status, resolved_at: new Date(), resolved_by: userId, commit_id: commitId })
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Open fixes that make the same change to the same step code on the branch (accepting one settles them all). */
export async function sameChangeIds(db: Db, fix: CodeFixRow): Promise<string[]> {
  const rows = await db
    .selectFrom('code_fixes')
    .select('id')
    .where('project_id', '=', fix.project_id)
    .where('status', '=', 'open')
    .where('branch', '=', fix.branch)
    .where('step_file', '=', fix.step_file)
    .where('original_code', '=', fix.original_code)
    .where('fixed_code', '=', fix.fixed_code)
    .execute();
  return rows.map((r) => r.id);
}
