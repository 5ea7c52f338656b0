import { sql } from 'kysely';
import { serverKey, type AppContext } from '../../context.ts';
import { recordRunHistory } from './history-recorder.ts';
import { lockProjectHistory } from './history-replay.ts';

/**
 * The scenario history is recorded after a run's commit, not in it: a stored run is marked
 * (`runs.history_pending`, set with its verdict in history-verdict.ts) and recorded here, one run
 * per transaction, in the order the runs started. Passes of one project follow each other on a
 * server; across servers the project's history lock orders them and a run found recorded is skipped.
 *
 * Who starts a pass: the store of a run, once it committed (`recordHistoryLater`); every read of a
 * project's history before it answers (`historyRecorded`: a reader sees every run stored before its
 * request); and a sweep at the server's start and every minute, for what a crash or another
 * server's crash left pending. A pass that fails is logged and leaves its run pending for the next.
 */

export const HISTORY_SWEEP_MS = 60_000;

const passes = new WeakMap<object, Map<string, Promise<void>>>();

function passesOf(ctx: AppContext): Map<string, Promise<void>> {
  let map = passes.get(serverKey(ctx));
  if (!map) passes.set(serverKey(ctx), (map = new Map()));
  return map;
}

/** Records the next pending run of the project; false when none is left. */
async function recordNext(ctx: AppContext, projectId: string): Promise<boolean> {
  const next = await ctx.db
    .selectFrom('runs')
    .select('id')
    .where('project_id', '=', projectId)
    .where('history_pending', '=', true)
    .orderBy(sql`coalesce(start_time, publish_time)`)
    .orderBy('publish_time')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return false;
  await ctx.db.transaction().execute(async (trx) => {
    await lockProjectHistory(trx, projectId);
    // Another server (or a deletion) may have got there first.
    const still = await trx.selectFrom('runs').select('id').where('id', '=', next.id).where('history_pending', '=', true).executeTakeFirst();
    if (!still) return;
    await recordRunHistory(trx, next.id);
    await trx.updateTable('runs').set({ history_pending: false }).where('id', '=', next.id).execute();
  });
  return true;
}

/** One more pass over the project's pending runs, after the passes already queued on this server. */
function queuePass(ctx: AppContext, projectId: string): Promise<void> {
  const map = passesOf(ctx);
  const before = map.get(projectId) ?? Promise.resolve();
  const pass = before.then(async () => {
    try {
      while (await recordNext(ctx, projectId));
    } catch (err) {
      ctx.log.error({ err, projectId }, 'recording the scenario history failed; the run stays pending');
    }
  });
  map.set(projectId, pass);
  void pass.finally(() => {
    if (map.get(projectId) === pass) map.delete(projectId);
  });
  return pass;
}

/** After a run's commit: its history is recorded without holding up the answer. */
export function recordHistoryLater(ctx: AppContext, projectId: string): void {
  void queuePass(ctx, projectId);
}

/** Before a read of the project's history: every run stored so far is in it (a failure is logged, the read goes on). */
export async function historyRecorded(ctx: AppContext, projectId: string): Promise<void> {
  await queuePass(ctx, projectId);
}

/** Every project with a run left pending (a crash, another server's crash): a pass each. */
export async function sweepHistory(ctx: AppContext): Promise<void> {
  const projects = await ctx.db.selectFrom('runs').select('project_id').distinct().where('history_pending', '=', true).execute();
  await Promise.all(projects.map((p) => queuePass(ctx, p.project_id)));
}

/** Resolves once this server's passes queued so far are done (the app's close waits for them). */
export async function historyPassesSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...passesOf(ctx).values()]);
}
