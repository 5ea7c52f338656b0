import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCommentBody,
  CommentIdParams,
  MemoryQuery,
  ProjectMetadataQuery,
  RunCountersQuery,
  RunIdQuery,
  RunListBody,
  ScenarioIdQuery,
  TestCaseIdQuery,
  UpdateCommentBody,
  UploadUrlBody,
} from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { RunsService, type Screenshot } from './runs.service.ts';
import { sendAnswer } from '../cache/answer.ts';

const segment = z.string().min(1).max(200);
const RunShotParams = z.object({ projectId: segment, runId: segment, screenshotId: segment });
const CaseShotParams = z.object({ testCaseId: segment, screenshotId: segment });
const ProjectCaseShotParams = CaseShotParams.extend({ projectId: segment });

function sendImage(reply: FastifyReply, shot: Screenshot) {
  return reply
    .header('content-type', shot.mediaType)
    .header('content-length', String(shot.size))
    // A screenshot never changes under its id; private: it needs the caller's token.
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(shot.stream);
}

/**
 * The runs service (spec 002 section 7), under /api: runs list and counters, run and scenario
 * reports, screenshots, application memory, dashboard metrics, comments and upload URLs. Members of
 * the project only; a session or a project access key. Every answer carries `server-timing`.
 */
export const runsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const runs = new RunsService(ctx);
  const ok = { status: 'success' as const };
  const config = { accessKey: true };

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });

  app.post('/runs/project/getDetails', { config, schema: { body: RunListBody } }, async (req, reply) => sendAnswer(req, reply, await runs.listAnswer(authOf(req), req.body)));
  app.get('/runs/project/dashboardDetails', { config, schema: { querystring: RunCountersQuery } }, async (req) =>
    runs.counters(authOf(req), req.query.projectId, req.query.days),
  );
  // x-source: main-app is accepted (and not needed).
  app.get('/runs/project/getProjectMetadata', { config, schema: { querystring: ProjectMetadataQuery } }, async (req) =>
    runs.metadata(authOf(req), req.query),
  );

  app.get('/runs/cucumber-runs/get', { config, schema: { querystring: RunIdQuery } }, async (req) => ({
    ...ok,
    run: await runs.getRun(authOf(req), req.query.runId),
  }));
  app.get('/runs/cucumber-runs/get-testcase', { config, schema: { querystring: TestCaseIdQuery } }, async (req) => ({
    ...ok,
    testCase: await runs.getTestCase(authOf(req), req.query.testCaseId),
  }));
  // A scenario id is the id of a test case (of a run of type 'scenario', or of any run).
  app.get('/runs/scenarios/get', { config, schema: { querystring: ScenarioIdQuery } }, async (req) => ({
    ...ok,
    testCase: await runs.getTestCase(authOf(req), req.query.scenarioId),
  }));
  app.get('/runs/cucumber-runs/getApplicationMemory', { config, schema: { querystring: MemoryQuery } }, async (req) => ({
    ...ok,
    memory: await runs.memory(authOf(req), req.query.projectId),
  }));

  app.get('/runs/screenshots/run/:projectId/:runId/:screenshotId', { config, schema: { params: RunShotParams } }, async (req, reply) => {
    const { projectId, runId, screenshotId } = req.params;
    return sendImage(reply, await runs.runScreenshot(authOf(req), projectId, runId, screenshotId));
  });
  app.get('/runs/screenshots/scenario/:testCaseId/:screenshotId', { config, schema: { params: CaseShotParams } }, async (req, reply) =>
    sendImage(reply, await runs.testCaseScreenshot(authOf(req), null, req.params.testCaseId, req.params.screenshotId)),
  );
  app.get('/runs/screenshots/scenario/:projectId/:testCaseId/:screenshotId', { config, schema: { params: ProjectCaseShotParams } }, async (req, reply) => {
    const { projectId, testCaseId, screenshotId } = req.params;
    return sendImage(reply, await runs.testCaseScreenshot(authOf(req), projectId, testCaseId, screenshotId));
  });

  app.post('/runs/comments/add', { config, schema: { body: AddCommentBody } }, async (req) => ({
    ...ok,
    comment: await runs.addComment(authOf(req), req.body),
  }));
  app.put('/runs/comments/update/:id', { config, schema: { params: CommentIdParams, body: UpdateCommentBody } }, async (req) => ({
    ...ok,
    comment: await runs.updateComment(authOf(req), req.params.id, req.body.content),
  }));
  app.delete('/runs/comments/delete/:id', { config, schema: { params: CommentIdParams } }, async (req) => {
    await runs.deleteComment(authOf(req), req.params.id);
    return ok;
  });

  app.post('/runs/generate-file-upload-url', { config, schema: { body: UploadUrlBody } }, async (req) => ({
    ...ok,
    ...(await runs.uploadUrl(authOf(req), req.body)),
  }));
};
