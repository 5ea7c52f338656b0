import type { FastifyRequest } from 'fastify';
import { JOB_TOKEN_PREFIX, MSG, WORKER_MESSAGES, WORKER_TOKEN_PREFIX } from '@stepwise/shared';
import type { Db } from '../db/database.ts';
import type { WorkerJob, WorkerToken } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { bearerToken } from '../http/auth-plugin.ts';
import { jobOfToken } from './worker-jobs.repository.ts';
import { useWorkerToken } from './worker-tokens.repository.ts';

/** The bearer token, or the password of HTTP basic authentication (how git sends a credential). */
function credential(request: FastifyRequest): string | null {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const header = request.headers.authorization;
  const [scheme, value] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : null;
}

/** The worker token of a worker's call (valid, not revoked); its last-seen time is recorded. */
export async function requireWorker(db: Db, request: FastifyRequest): Promise<WorkerToken> {
  const token = credential(request);
  if (!token) throw unauthorized(MSG.unauthorized);
  if (!token.startsWith(WORKER_TOKEN_PREFIX)) throw unauthorized(WORKER_MESSAGES.invalidWorkerToken);
  const row = await useWorkerToken(db, token);
  if (!row) throw unauthorized(WORKER_MESSAGES.invalidWorkerToken);
  return row;
}

/** The running job a job token opens; the token opens that job only. */
export async function requireJob(db: Db, request: FastifyRequest, jobId: string): Promise<WorkerJob> {
  const token = credential(request);
  if (!token) throw unauthorized(MSG.unauthorized);
  if (!token.startsWith(JOB_TOKEN_PREFIX)) throw unauthorized(WORKER_MESSAGES.invalidJobToken);
  const job = await jobOfToken(db, token);
  if (!job || job.id !== jobId) throw unauthorized(WORKER_MESSAGES.invalidJobToken);
  return job;
}

const workers = new WeakMap<FastifyRequest, WorkerToken>();
const jobs = new WeakMap<FastifyRequest, WorkerJob>();

/**
 * onRequest hooks of the worker and job routes: the token is checked before the body is read or
 * validated (an unauthenticated call gets 401 whatever it sends).
 */
export function workerHook(db: Db): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    workers.set(request, await requireWorker(db, request));
  };
}

export function jobHook(db: Db): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    jobs.set(request, await requireJob(db, request, (request.params as { jobId?: string }).jobId ?? ''));
  };
}

/** The worker token the route's hook accepted. */
export function workerOf(request: FastifyRequest): WorkerToken {
  const w = workers.get(request);
  if (!w) throw unauthorized(MSG.unauthorized);
  return w;
}

/** The job the route's job token opens. */
export function jobOf(request: FastifyRequest): WorkerJob {
  const j = jobs.get(request);
  if (!j) throw unauthorized(MSG.unauthorized);
  return j;
}
