import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateWorkerTokenBody, JOB_TOKEN_PREFIX, JobEventsBody, ProjectIdQuery, RevokeWorkerTokenBody, WORKER_MESSAGES, type WorkerRegistration } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { newToken } from '../security/tokens.ts';
import { sendAdvertisement, sendUploadPack } from './git-http.ts';
import type { JobClaim, JobPayload } from './job-payload.ts';
import { jobHook, jobOf, workerHook, workerOf } from './worker-auth.ts';
import { claimWorkerJob, endWorkerJob, findWorkerJob } from './worker-jobs.repository.ts';
import { countJobRun } from './worker-tokens.repository.ts';
import { WorkerTokensService } from './worker-tokens.service.ts';
import { closeRunQueue, runQueueOf } from './run-queue.ts';

const JobParams = z.object({ jobId: z.uuid({ error: WORKER_MESSAGES.jobNotFound }) });
const ResultQuery = z.object({ exitCode: z.coerce.number().int().min(-1).max(255) });
const RESULT_LIMIT = 512 * 1024 * 1024;

/** Job results may be large: where they are kept until the server running the instance reads them. */
export const jobResultKey = (jobId: string) => `worker-jobs/${jobId}.ndjson`;

/**
 * Run workers: worker tokens (project admins), and the calls of workers (worker token: register, claim)
 * and of their jobs (job token: progress, result, the commit over Git smart HTTP, read-only).
 */
export const workersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tokens = new WorkerTokensService(ctx);
  const pass = (_req: unknown, payload: Readable, done: (err: null, body: Readable) => void) => done(null, payload);
  app.addContentTypeParser(['application/x-ndjson', 'application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'], { bodyLimit: RESULT_LIMIT }, pass);
  app.addHook('onClose', () => closeRunQueue(ctx));
  const asWorkerCall = { config: { public: true }, onRequest: workerHook(ctx.db) };
  const asJobCall = { config: { public: true }, onRequest: jobHook(ctx.db) };
  // Who calls (OpenAPI): these routes check tokens of their own, not a session.
  const asWorker = [{ workerToken: [] }];
  const asJob = [{ jobToken: [] }];
  const queue = () => {
    const q = runQueueOf(ctx);
    if (!q) throw conflict(WORKER_MESSAGES.workersOff);
    return q;
  };

  app.get('/workers/tokens', { schema: { querystring: ProjectIdQuery } }, async (req) => ({
    status: 'success' as const,
    workerTokens: await tokens.list(authOf(req), req.query.project_id),
    enabled: ctx.config.runWorkers === 'external',
  }));
  app.post('/workers/tokens', { schema: { body: CreateWorkerTokenBody } }, async (req) => ({
    status: 'success' as const,
    ...(await tokens.create(authOf(req), req.body.projectId, req.body.name)),
  }));
  app.post('/workers/tokens/revoke', { schema: { body: RevokeWorkerTokenBody } }, async (req) => {
    await tokens.revoke(authOf(req), req.body.id);
    return { status: 'success' as const };
  });

  app.post('/workers/register', { ...asWorkerCall, schema: { security: asWorker } }, async (req): Promise<WorkerRegistration> => {
    const worker = workerOf(req);
    const q = queue();
    return { status: 'success', projectId: worker.project_id, redisUrl: q.redisUrl, queue: q.queueName(worker.project_id), prefix: q.prefix, haltChannel: q.haltChannel, lockDurationMs: q.lockDurationMs };
  });

  app.post('/workers/jobs/:jobId/claim', { ...asWorkerCall, schema: { params: JobParams, security: asWorker } }, async (req): Promise<JobClaim> => {
    const worker = workerOf(req);
    const q = queue();
    const found = await findWorkerJob(ctx.db, req.params.jobId);
    if (!found) throw notFound(WORKER_MESSAGES.jobNotFound);
    if (found.project_id !== worker.project_id) throw forbidden(WORKER_MESSAGES.jobNotFound);
    const jobToken = newToken(JOB_TOKEN_PREFIX);
    const job = await claimWorkerJob(ctx.db, found.id, worker.project_id, worker.id, jobToken);
    if (!job) throw conflict(WORKER_MESSAGES.jobTaken);
    await countJobRun(ctx.db, worker.id);
    await q.publish(job.id, { type: 'claimed', worker: worker.name, attempt: job.attempts });
    return { status: 'success', jobToken, attempt: job.attempts, payload: JSON.parse(ctx.secrets.decrypt(job.payload)) as JobPayload };
  });

  app.post('/workers/jobs/:jobId/events', { ...asJobCall, schema: { params: JobParams, body: JobEventsBody, security: asJob } }, async (req) => {
    const job = jobOf(req);
    const q = queue();
    for (const event of req.body.events) await q.publish(job.id, event);
    return { status: 'success' as const };
  });

  app.post('/workers/jobs/:jobId/result', { ...asJobCall, schema: { params: JobParams, querystring: ResultQuery, consumes: ['application/x-ndjson'], security: asJob } }, async (req) => {
    const job = jobOf(req);
    const q = queue();
    await ctx.blobs.put(jobResultKey(job.id), req.body as Readable, 'application/x-ndjson');
    if (!(await endWorkerJob(ctx.db, job.id, 'done'))) throw conflict(WORKER_MESSAGES.jobTaken);
    await q.publish(job.id, { type: 'done', exitCode: req.query.exitCode });
    return { status: 'success' as const };
  });

  // Git smart HTTP for the job's commit: the job token is the password (or a bearer header).
  app.get('/workers/git/:jobId/info/refs', { ...asJobCall, schema: { params: JobParams, querystring: z.object({ service: z.string().optional() }), security: asJob } }, async (req, reply) => {
    const job = jobOf(req);
    if (req.query.service !== 'git-upload-pack') throw forbidden(WORKER_MESSAGES.pushRefused);
    return sendAdvertisement(reply, await ctx.workspaces.repo(job.project_id).advertiseUploadPack());
  });
  app.post('/workers/git/:jobId/git-upload-pack', { ...asJobCall, schema: { params: JobParams, consumes: ['application/x-git-upload-pack-request'], security: asJob } }, async (req, reply) => {
    const job = jobOf(req);
    return sendUploadPack(reply, await ctx.workspaces.repo(job.project_id).uploadPack(req.body as Readable, req.headers['content-encoding'] === 'gzip'));
  });
  app.post('/workers/git/:jobId/git-receive-pack', { ...asJobCall, schema: { params: JobParams, security: asJob } }, async () => {
    throw forbidden(WORKER_MESSAGES.pushRefused);
  });
};
