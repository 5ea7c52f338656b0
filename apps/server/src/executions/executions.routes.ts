import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  EXECUTION_MESSAGES,
  ExecutionIdParams,
  ExecutionProjectQuery,
  HEADERS,
  InstanceIdParams,
  NewExecutionBody,
  RunExecutionBody,
  ScheduleExecutionBody,
  UpdateExecutionBody,
  UpdateExecutionQuery,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { badRequest } from '../http/errors.ts';

/** A call whose body may be left out entirely. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** The project of a list call: ?projectId=, else the x-project-id header. */
function projectOf(req: FastifyRequest<{ Querystring: { projectId?: string } }>): string {
  const header = req.headers[HEADERS.projectId];
  const id = req.query.projectId ?? (typeof header === 'string' ? header.trim() : '');
  if (!id || id.length > 64) throw badRequest(EXECUTION_MESSAGES.projectRequired);
  return id;
}

/** /api/executions (spec 002 section 7). Calls a CI pipeline needs also take a project access key. */
export const executionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const executions = () => ctx.executions.service;
  const ok = { status: 'success' as const };
  const key = { accessKey: true };

  app.get('/executions', { config: key, schema: { querystring: ExecutionProjectQuery } }, async (req) => ({
    ...ok,
    executions: await executions().list(authOf(req), projectOf(req)),
  }));
  app.get('/executions/instances', { config: key, schema: { querystring: ExecutionProjectQuery } }, async (req) => ({
    ...ok,
    instances: await executions().instances(authOf(req), projectOf(req)),
  }));
  app.get('/executions/events/:id', { config: key, schema: { params: ExecutionIdParams } }, async (req) => ({
    ...ok,
    events: await executions().events(authOf(req), req.params.id),
  }));
  app.post('/executions/new', { schema: { body: NewExecutionBody } }, async (req) => ({
    ...ok,
    execution: await executions().create(authOf(req), req.body.projectId, req.body.execution),
  }));
  app.get('/executions/:id', { config: key, schema: { params: ExecutionIdParams } }, async (req) => ({
    ...ok,
    execution: await executions().get(authOf(req), req.params.id),
  }));
  app.put('/executions/:id', { schema: { params: ExecutionIdParams, querystring: UpdateExecutionQuery, body: UpdateExecutionBody } }, async (req) => ({
    ...ok,
    execution: await executions().update(authOf(req), req.params.id, req.body.execution, {
      wasScheduleUpdated: req.query.wasScheduleUpdated,
      environment: req.query.environment,
    }),
  }));
  app.delete('/executions/:id', { schema: { params: ExecutionIdParams } }, async (req) => {
    await executions().remove(authOf(req), req.params.id);
    return ok;
  });
  app.post('/executions/run/:id', { config: key, schema: { params: ExecutionIdParams, body: orEmpty(RunExecutionBody) } }, async (req) => {
    const live = await executions().run(authOf(req), req.params.id, {
      environment: req.body.environment,
      headless: req.body.HEADLESS,
      viaCron: req.body.VIA_CRON,
    });
    return { ...ok, wasRunInitiated: true, executionInstanceId: live.executionInstanceId, reportLink: live.reportLink };
  });
  app.post('/executions/schedule/:id', { schema: { params: ExecutionIdParams, body: orEmpty(ScheduleExecutionBody) } }, async (req) => ({
    ...ok,
    execution: await executions().schedule(authOf(req), req.params.id, req.body.schedule, req.body.envVariables),
  }));
  app.post('/executions/deschedule/:id', { schema: { params: ExecutionIdParams } }, async (req) => ({
    ...ok,
    execution: await executions().deschedule(authOf(req), req.params.id),
  }));
  app.post('/executions/halt/:instanceId', { config: key, schema: { params: InstanceIdParams, querystring: ExecutionProjectQuery } }, async (req) => {
    const header = req.headers[HEADERS.projectId];
    await executions().halt(authOf(req), req.params.instanceId, req.query.projectId ?? (typeof header === 'string' ? header : undefined));
    return ok;
  });
};
