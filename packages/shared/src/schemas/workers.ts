import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idSchema } from './common.ts';

/** Worker tokens start with this, job tokens with JOB_TOKEN_PREFIX: neither is a session token or an access key. */
export const WORKER_TOKEN_PREFIX = 'sww_';
export const JOB_TOKEN_PREFIX = 'swj_';

export const WORKER_MESSAGES = {
  workersOff: 'Run workers are not enabled on this server (RUN_WORKERS=external with REDIS_URL)',
  invalidWorkerToken: 'Invalid or revoked worker token',
  invalidJobToken: 'Invalid or expired job token',
  jobNotFound: 'Job not found',
  jobTaken: 'This job is not waiting for a worker',
  pushRefused: 'This repository is read-only for jobs',
  tokenNotFound: 'Worker token not found',
} as const;

export const CreateWorkerTokenBody = z.object({
  name: z.string({ error: MSG.tokenNameRequired }).trim().min(1, MSG.tokenNameRequired).max(100, MSG.tokenNameTooLong),
  projectId: idSchema,
});
export const RevokeWorkerTokenBody = z.object({ id: idSchema });

export const WorkerTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  /** Masked; the whole token is only returned once, when it is created. */
  token: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  jobsRun: z.number().int(),
  revokedAt: z.string().nullable(),
});
export type WorkerTokenDto = z.infer<typeof WorkerTokenDto>;
export const WorkerTokensResponse = z.object({ status: z.literal('success'), workerTokens: z.array(WorkerTokenDto), enabled: z.boolean() });
export const CreatedWorkerTokenResponse = z.object({ status: z.literal('success'), workerToken: WorkerTokenDto, token: z.string() });

/** What a worker learns when it registers: the queue to take its project's jobs from. */
export const WorkerRegistration = z.object({
  status: z.literal('success'),
  projectId: z.string(),
  redisUrl: z.string(),
  queue: z.string(),
  prefix: z.string().optional(),
  haltChannel: z.string(),
  lockDurationMs: z.number().int().positive(),
});
export type WorkerRegistration = z.infer<typeof WorkerRegistration>;

/** A worker's live report of a job: runner progress counts and output lines. */
export const JobEventsBody = z.object({
  events: z
    .array(
      z.union([
        z.object({ type: z.literal('progress'), planned: z.number().int().min(0).optional(), passed: z.number().int().min(0), failed: z.number().int().min(0), quarantined: z.number().int().min(0).optional() }),
        z.object({ type: z.literal('log'), line: z.string().max(20_000) }),
      ]),
    )
    .max(500),
});
export type JobEventsBody = z.infer<typeof JobEventsBody>;
