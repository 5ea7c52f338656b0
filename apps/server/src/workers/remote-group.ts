import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { AppContext } from '../context.ts';
import type { Active } from '../execution-runs/instance-state.ts';
import { onProgress } from '../execution-runs/group-runner.ts';
import type { InstanceStatusWriter } from '../execution-runs/instance-status.ts';
import type { RunJob } from '../execution-runs/runner-job.ts';
import { newId } from '../security/tokens.ts';
import type { JobPayload, WorkerRunJob } from './job-payload.ts';
import { deleteOldWorkerJobs, endWorkerJob, insertWorkerJob } from './worker-jobs.repository.ts';
import type { JobEvent, RunQueue } from './run-queue.ts';
import { jobResultKey } from './workers.routes.ts';

/** How long past the runner's own time limit a job may take before the server gives up on its workers. */
const GRACE_MS = 10 * 60_000;
/** The jobs of each instance on the workers, for halt(). */
const running = new Map<string, Set<{ projectId: string; jobId: string; queue: RunQueue }>>();

type Limits = { timeoutMs: number; memoryMb: number };
type Counts = { planned?: number; passed: number; failed: number; quarantined?: number };

/** What a group left: one NDJSON file and exit code per job. */
export interface ShardResult {
  messagesFile: string;
  exitCode: number;
}

/**
 * Runs one scenario group on run workers: its scenarios split into as many jobs as the group has threads
 * (one thread each, so that they spread over the workers), run at once; the jobs' progress added up.
 * Resolves with each job's result, or null when the group was halted before any worker took a job.
 */
export async function runGroupOnWorkers(ctx: AppContext, queue: RunQueue, a: Active, job: RunJob, commit: string, status: InstanceStatusWriter, limits: Limits): Promise<ShardResult[] | null> {
  if (a.halted) return null;
  await deleteOldWorkerJobs(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'could not remove old worker jobs'));
  const paths = job.paths ?? [];
  const count = Math.max(1, Math.min(job.parallel ?? 1, paths.length));
  const shards = Array.from({ length: count }, (_, i) => paths.filter((_p, j) => j % count === i));
  const counts: Counts[] = shards.map(() => ({ passed: 0, failed: 0 }));
  const report = () => {
    const planned = counts.every((c) => c.planned !== undefined) ? counts.reduce((n, c) => n + c.planned!, 0) : undefined;
    onProgress(a, { type: 'progress', planned, passed: counts.reduce((n, c) => n + c.passed, 0), failed: counts.reduce((n, c) => n + c.failed, 0), quarantined: counts.reduce((n, c) => n + (c.quarantined ?? 0), 0) }, status);
  };
  const base = job.messagesFile ?? path.join(job.workDir, '..', 'messages.ndjson');
  const results = await Promise.all(
    shards.map((shardPaths, i) => {
      const messagesFile = count === 1 ? base : base.replace(/(\.ndjson)?$/, `-${i}.ndjson`);
      const shardJob: RunJob = { ...job, paths: shardPaths, parallel: 1, messagesFile };
      return runJobOnWorker(ctx, queue, a, shardJob, commit, status, limits, (c) => {
        counts[i] = c;
        report();
      }).then((exitCode) => (exitCode === null ? null : { messagesFile, exitCode }));
    }),
  );
  const done = results.filter((r): r is ShardResult => r !== null);
  return done.length ? done : null;
}

/**
 * One job on a worker: its inputs sealed in the database, its id on the project's queue; the worker's
 * progress and log lines come back as job events, its NDJSON result is copied to `job.messagesFile`.
 * Resolves with the runner's exit code (null: halted before a worker took it; 2: it failed on the
 * workers, with the reason in the instance log).
 */
async function runJobOnWorker(ctx: AppContext, queue: RunQueue, a: Active, job: RunJob, commit: string, status: InstanceStatusWriter, limits: Limits, progress: (c: Counts) => void): Promise<number | null> {
  const jobId = newId();
  const { workDir: _w, messagesFile, depsCacheDir: _d, chromiumPath: _c, ipc: _i, ...rest } = job;
  const payload: JobPayload = { jobId, projectId: a.projectId, instanceId: a.id, commit, job: rest satisfies WorkerRunJob, timeoutMs: limits.timeoutMs, memoryMb: limits.memoryMb };
  await insertWorkerJob(ctx.db, {
    id: jobId,
    project_id: a.projectId,
    instance_id: a.id,
    commit_id: commit,
    payload: ctx.secrets.encrypt(JSON.stringify(payload)),
    expires_at: new Date(Date.now() + limits.timeoutMs + GRACE_MS + 24 * 3600_000),
  });
  const entry = { projectId: a.projectId, jobId, queue };
  const jobs = running.get(a.id) ?? new Set();
  running.set(a.id, jobs.add(entry));
  let settle!: (code: number | null) => void;
  const result = new Promise<number | null>((r) => (settle = r));
  let claimed = false;
  let timer: NodeJS.Timeout | null = null;
  const fail = (reason: string) => {
    status.log(a, reason);
    void endWorkerJob(ctx.db, jobId, 'failed').catch(() => {});
    settle(2);
  };
  const fetchResult = async (exitCode: number) => {
    try {
      const blob = await ctx.blobs.get(jobResultKey(jobId));
      if (!blob) return fail('The worker sent no result');
      if (!messagesFile) return fail('The job has no messages file');
      await pipeline(blob.stream, createWriteStream(messagesFile));
      settle(exitCode);
    } catch (err) {
      fail(`The worker's result could not be read: ${(err as Error).message}`);
    }
  };
  const onEvent = (e: JobEvent) => {
    if (e.type === 'claimed') {
      claimed = true;
      progress({ passed: 0, failed: 0 });
      status.log(a, `Worker ${e.worker} took the job${e.attempt > 1 ? ` (attempt ${e.attempt})` : ''}`);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => fail(`No worker finished the job within ${Math.round((limits.timeoutMs + GRACE_MS) / 60_000)} minutes`), limits.timeoutMs + GRACE_MS);
      timer.unref();
    } else if (e.type === 'log') status.log(a, e.line);
    else if (e.type === 'progress') progress({ ...(e.planned ? { planned: e.planned } : {}), passed: e.passed, failed: e.failed, quarantined: e.quarantined ?? 0 });
    else if (e.type === 'done') void fetchResult(e.exitCode);
    else if (e.type === 'failed' && a.halted && !claimed) {
      // Halted while it waited in the queue: nothing ran.
      void endWorkerJob(ctx.db, jobId, 'halted').catch(() => {});
      settle(null);
    } else if (e.type === 'failed') fail(`The job failed on the workers: ${e.reason}`);
  };
  try {
    await queue.enqueue(a.projectId, jobId, onEvent);
    if (a.halted) void haltOnWorker(a.id);
    return await result;
  } finally {
    if (timer) clearTimeout(timer);
    jobs.delete(entry);
    if (jobs.size === 0) running.delete(a.id);
    await queue.release(jobId);
    await ctx.blobs.delete(jobResultKey(jobId)).catch(() => {});
  }
}

/** halt() of an instance whose groups run on workers: waiting jobs leave the queue, running ones are told to stop. */
export async function haltOnWorker(instanceId: string): Promise<void> {
  for (const r of running.get(instanceId) ?? []) {
    const removed = await r.queue.halt(r.projectId, r.jobId);
    if (removed) await r.queue.publish(r.jobId, { type: 'failed', reason: 'halted before a worker took it' });
  }
}
