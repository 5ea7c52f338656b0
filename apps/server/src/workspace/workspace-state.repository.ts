import type { Db } from '../db/database.ts';
import type { AppContext } from '../context.ts';
import type { Project } from '../db/schema.ts';

export interface LastActiveSelection {
  lastActiveFolder: string | null;
  lastActiveFeature: string | null;
  featureIndex: number | null;
  scenarioIndex: number | null;
}

const EMPTY: LastActiveSelection = { lastActiveFolder: null, lastActiveFeature: null, featureIndex: null, scenarioIndex: null };

/** The user's last selection in the features tree of a project's branch. */
export async function findSelection(db: Db, userId: string, projectId: string, branch: string): Promise<LastActiveSelection> {
  const row = await db
    .selectFrom('workspace_state')
    .select(['last_active_folder', 'last_active_feature', 'last_active_feature_index', 'last_active_scenario_index'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .where('branch', '=', branch)
    .executeTakeFirst();
  if (!row) return EMPTY;
  return {
    lastActiveFolder: row.last_active_folder,
    lastActiveFeature: row.last_active_feature,
    featureIndex: row.last_active_feature_index,
    scenarioIndex: row.last_active_scenario_index,
  };
}

/**
 * For the features list, in one query: the project, the caller's role in it (null: not a member)
 * and their selection on `branch`. Null when the project does not exist.
 */
export async function findListAccess(
  db: Db, userId: string, projectId: string, branch: string,
): Promise<{ project: Project; role: string | null; selection: LastActiveSelection } | null> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('project_members', (j) => j.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', userId))
    .leftJoin('workspace_state', (j) =>
      j.onRef('workspace_state.project_id', '=', 'projects.id').on('workspace_state.user_id', '=', userId).on('workspace_state.branch', '=', branch),
    )
    .selectAll('projects')
    .select([
      'project_members.role as member_role',
      'workspace_state.last_active_folder',
      'workspace_state.last_active_feature',
      'workspace_state.last_active_feature_index',
      'workspace_state.last_active_scenario_index',
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  const { member_role, last_active_folder, last_active_feature, last_active_feature_index, last_active_scenario_index, ...project } = row;
  return {
    project,
    role: member_role,
    selection: {
      lastActiveFolder: last_active_folder,
      lastActiveFeature: last_active_feature,
      featureIndex: last_active_feature_index,
      scenarioIndex: last_active_scenario_index,
    },
  };
}

/** Stores the selection; fields left undefined keep their stored value. Every server's cached selection of the member is dropped before it returns. */
export async function saveSelection(ctx: Pick<AppContext, 'db' | 'caches'>, userId: string, projectId: string, branch: string, s: Partial<LastActiveSelection>): Promise<void> {
  const values = {
    last_active_folder: s.lastActiveFolder,
    last_active_feature: s.lastActiveFeature,
    last_active_feature_index: s.featureIndex,
    last_active_scenario_index: s.scenarioIndex,
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await ctx.db
    .insertInto('workspace_state')
    .values({ user_id: userId, project_id: projectId, branch, ...values, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'project_id', 'branch']).doUpdateSet({ ...set, updated_at: new Date() }))
    .execute();
  await ctx.caches.changed({ kind: 'selection', projectId, userId });
}

export async function recordBranchCreator(db: Db, projectId: string, branch: string, userId: string): Promise<void> {
  await db
    .insertInto('workspace_branches')
    .values({ project_id: projectId, branch, created_by: userId })
    .onConflict((oc) => oc.columns(['project_id', 'branch']).doUpdateSet({ created_by: userId, created_at: new Date() }))
    .execute();
}

export async function branchCreator(db: Db, projectId: string, branch: string): Promise<string | null> {
  const row = await db
    .selectFrom('workspace_branches')
    .select('created_by')
    .where('project_id', '=', projectId)
    .where('branch', '=', branch)
    .executeTakeFirst();
  return row?.created_by ?? null;
}

export async function forgetBranch(ctx: Pick<AppContext, 'db' | 'caches'>, projectId: string, branch: string): Promise<void> {
  await ctx.db.deleteFrom('workspace_branches').where('project_id', '=', projectId).where('branch', '=', branch).execute();
  await ctx.db.deleteFrom('workspace_state').where('project_id', '=', projectId).where('branch', '=', branch).execute();
  await ctx.caches.changed({ kind: 'selection', projectId });
}

/** Stores main's scenario count on the project; every server's cached project row is dropped before it returns. */
export async function setScenarioCount(ctx: Pick<AppContext, 'db' | 'caches'>, projectId: string, count: number): Promise<void> {
  await ctx.db.updateTable('projects').set({ scenario_count: count }).where('id', '=', projectId).execute();
  await ctx.caches.changed({ kind: 'project', projectId });
}
