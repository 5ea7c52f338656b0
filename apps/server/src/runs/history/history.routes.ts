import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FailureGroupsQuery, HistoryListsQuery, QuarantineBody, RunMarksQuery, ScenarioHistoryQuery } from '@stepwise/shared';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth-plugin.ts';
import { HistoryService } from './history.service.ts';
import { HISTORY_SWEEP_MS, historyPassesSettled, sweepHistory } from './history-catch-up.ts';

/**
 * The scenario history under /api/runs/history: a scenario's paged results and stats, a run's marks,
 * the dashboard's lists, failures grouped by signature, and the quarantine flag. A session or the
 * project's access key; members of the project (quarantine: admins).
 */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const history = new HistoryService(ctx);
  const config = { accessKey: true };

  // Runs left pending by a crash (this server's or another's): at the start, then every minute.
  let sweep: NodeJS.Timeout | undefined;
  const sweepNow = () => void sweepHistory(ctx).catch((err: unknown) => ctx.log.error({ err }, 'sweeping the scenario history failed'));
  app.addHook('onReady', async () => {
    sweepNow();
    sweep = setInterval(sweepNow, HISTORY_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await historyPassesSettled(ctx);
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });

  app.get('/runs/history/scenario', { config, schema: { querystring: ScenarioHistoryQuery } }, async (req) => history.scenario(authOf(req), req.query));
  app.get('/runs/history/run-marks', { config, schema: { querystring: RunMarksQuery } }, async (req) => history.runMarks(authOf(req), req.query.runId));
  app.get('/runs/history/lists', { config, schema: { querystring: HistoryListsQuery } }, async (req) =>
    history.lists(authOf(req), req.query.projectId, req.query.limit),
  );
  app.get('/runs/history/failure-groups', { config, schema: { querystring: FailureGroupsQuery } }, async (req) => history.failureGroups(authOf(req), req.query));
  app.post('/runs/history/quarantine', { config, schema: { body: QuarantineBody } }, async (req) => ({
    status: 'success' as const,
    scenario: await history.quarantine(authOf(req), req.body),
  }));
};
