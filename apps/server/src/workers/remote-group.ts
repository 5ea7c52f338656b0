import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { AppContext } from '../context.ts';
import type { Active } from '../execution-runs/instance-state.ts';
import { onProgress } from '../execution-runs/group-runner.ts';
import type { InstanceStatusWriter } from '../execution-runs/instance-status.ts';
import type { RunJob } from '../execution-runs/runner-job.ts';
import { newId } from '../security/tokens.ts';
import type { JobPayload, WorkerRunJob } from './job-payload.ts';
import { endWorkerJob, insertWorkerJob } from './worker-jobs.repository.ts';
import type { JobEvent, RunQueue } from './run-queue.ts';
import { jobResultKey } from './workers.routes.ts';

/** How long past the runner's own time limit a job may take before the server gives up on its workers. */
const GRACE_MS = 10 * 60_000;
/** The jobs running per instance, for halt(). */
const running = new Map<string, { projectId: string; jobId: string; queue: RunQueue }>();

/**
 * Runs one scenario group of an instance on a run worker: the job (inputs sealed in the database) goes
 * on the project's queue; the worker's progress and log lines come back as job events; its NDJSON
 * result is copied to `job.messagesFile`. Resolves with the runner's exit code (null: halted before a
 * worker took it; 2: the job failed on the workers, with the reason in the instance log).
 */
export async function runGroupOnWorker(ctx: AppContext, queue: RunQueue, a: Active, job: RunJob, commit: string, status: InstanceStatusWriter, limits: { timeoutMs: number; memoryMb: number }): Promise<number | null> {
  if (a.halted) return null;
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
  running.set(a.id, { projectId: a.projectId, jobId, queue });
  let settle!: (code: number | null) => void;
  const result = new Promise<number | null>((r) => (settle = r));
  let claimed = false;
  let timer: NodeJS.Timeout | null = null;
  const onEvent = (e: JobEvent) => {
    if (e.type === 'claimed') {
      claimed = true;
      if (a.progress) Object.assign(a.progress, { jobPassed: 0, jobFailed: 0 });
      status.log(a, `Worker ${e.worker} took the job${e.attempt > 1 ? ` (attempt ${e.attempt}: the worker before it stopped answering)` : ''}`);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => fail(`No worker finished the job within ${Math.round((limits.timeoutMs + GRACE_MS) / 60_000)} minutes`), limits.timeoutMs + GRACE_MS);
      timer.unref();
    } else if (e.type === 'log') status.log(a, e.line);
    else if (e.type === 'progress') onProgress(a, e, status);
    else if (e.type === 'done') void fetchResult(e.exitCode);
    else if (e.type === 'failed' && a.halted && !claimed) {
      // Halted while it waited in the queue: nothing ran.
      void endWorkerJob(ctx.db, jobId, 'halted').catch(() => {});
      settle(null);
    } else if (e.type === 'failed') fail(`The job failed on the workers: ${e.reason}`);
  };
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
  try {
    await queue.enqueue(a.projectId, jobId, onEvent);
    if (a.halted) void haltOnWorker(a.id);
    return await result;
  } finally {
    if (timer) clearTimeout(timer);
    running.delete(a.id);
    await queue.release(jobId);
    await ctx.blobs.delete(jobResultKey(jobId)).catch(() => {});
  }
}

/** halt() of an instance whose group runs on a worker: a waiting job leaves the queue, a running one is told to stop. */
export async function haltOnWorker(instanceId: string): Promise<void> {
  const r = running.get(instanceId);
  if (!r) return;
  const removed = await r.queue.halt(r.projectId, r.jobId);
  if (removed) await r.queue.publish(r.jobId, { type: 'failed', reason: 'halted before a worker took it' });
}
