import { EXECUTION_MESSAGES } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { findInstance, findInstanceByRunId, findRunProject } from './instances.repository.ts';

/**
 * The log of an execution instance, by the instance's id or by the id of its run (the report link).
 * Members of the instance's project only; 404 'No logs available' when there is no such log.
 */
export async function getExecutionLogs(ctx: AppContext, auth: AuthContext, id: string): Promise<string[]> {
  let instance = await findInstance(ctx.db, id);
  if (!instance) {
    const run = await findRunProject(ctx.db, id);
    if (run) {
      // The run's own project decides access, whatever instance it names.
      await requireMember(ctx.db, auth, run.project_id);
      instance = run.instance_id ? await findInstance(ctx.db, run.instance_id) : undefined;
      if (instance && instance.project_id !== run.project_id) instance = undefined;
    } else {
      instance = await findInstanceByRunId(ctx.db, id);
    }
  }
  if (!instance) throw notFound(EXECUTION_MESSAGES.noLogs);
  await requireMember(ctx.db, auth, instance.project_id);
  if (!instance.logs.length) throw notFound(EXECUTION_MESSAGES.noLogs);
  return instance.logs;
}
