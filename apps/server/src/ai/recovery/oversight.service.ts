import * as acorn from 'acorn';
import { OVERSIGHT_LIST_LIMIT, OVERSIGHT_MESSAGES, type OversightItem } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../http/auth-plugin.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { commitChange } from '../../environments/workspace-io.ts';
import { requireMember } from '../../projects/project-access.ts';
import { workspaceServices } from '../../workspace/workspace-services.ts';
import { countOpenFixes, findFix, listOpenFixes, resolveFixes, sameChangeIds, type CodeFixRow } from './code-fixes.repository.ts';

/** Code Review: the open code fixes of a project, discarding them, and accepting one (a commit of the step file on its branch). */

function item(row: CodeFixRow): OversightItem {
  return {
    _id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    report: { testCases: [{ scenarioName: row.scenario_name, featureName: row.feature_name }] },
    runId: row.run_id,
    testCaseId: row.test_case_id,
    branch: row.branch,
    featurePath: row.feature_path,
    stepText: row.step_text,
    stepDefFileName: row.step_file,
    originalCode: row.original_code,
    fixedCode: row.fixed_code,
    reasoning: row.reasoning,
  };
}

export async function listOversight(ctx: AppContext, auth: AuthContext, projectId: string): Promise<{ result: OversightItem[]; total: number }> {
  await requireMember(ctx.db, auth, projectId);
  const [rows, total] = await Promise.all([listOpenFixes(ctx.db, projectId, OVERSIGHT_LIST_LIMIT), countOpenFixes(ctx.db, projectId)]);
  return { result: rows.map(item), total };
}

export async function archiveOversight(ctx: AppContext, auth: AuthContext, projectId: string, ids: readonly string[]): Promise<number> {
  await workspaceServices(ctx).writer.scope(auth, projectId);
  return resolveFixes(ctx.db, projectId, ids, 'archived', auth.user.id);
}

/** The step file with the fix in place of the code it was made for; the code must be there as it was, once. */
export function applyFix(content: string, fix: Pick<CodeFixRow, 'original_code' | 'fixed_code'>): string {
  const at = content.indexOf(fix.original_code);
  if (at < 0 || content.indexOf(fix.original_code, at + 1) >= 0) throw conflict(OVERSIGHT_MESSAGES.codeChanged);
  const next = content.slice(0, at) + fix.fixed_code + content.slice(at + fix.original_code.length);
  try {
    acorn.parse(next, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    throw conflict(OVERSIGHT_MESSAGES.codeChanged);
  }
  return next;
}

/**
 * Accepts a fix: one commit on the fix's branch replaces the step function's code in its file (the
 * branch's current file must still hold the code the fix was made for), then this fix and every open
 * fix making the same change are settled.
 */
export async function acceptOversight(
  ctx: AppContext,
  auth: AuthContext,
  body: { project_id: string; scenario_id: string; step_def_file_name: string; branch: string },
): Promise<{ commit: string }> {
  await workspaceServices(ctx).writer.scope(auth, body.project_id);
  const fix = await findFix(ctx.db, body.project_id, body.scenario_id);
  if (!fix || fix.status !== 'open') throw notFound(OVERSIGHT_MESSAGES.notFound);
  if (fix.step_file !== body.step_def_file_name || fix.branch !== body.branch) throw badRequest('The step file and branch must be those of the fix');
  const commit = await commitChange(ctx, body.project_id, fix.branch, auth.user, `accept the AI fix of "${fix.step_text}" (${fix.scenario_name})`, async (repo, head) => {
    const content = await repo.readFile(head, fix.step_file);
    if (content === null) throw conflict(OVERSIGHT_MESSAGES.fileMissing);
    return [{ path: fix.step_file, content: applyFix(content, fix) }];
  });
  await resolveFixes(ctx.db, body.project_id, await sameChangeIds(ctx.db, fix), 'accepted', auth.user.id, commit);
  return { commit };
}
