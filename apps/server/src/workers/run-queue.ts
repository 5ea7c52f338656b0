import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullmq, ioredis } from '../optional-libraries.ts';
import type { Config } from '../config.ts';
import type { Logger } from 'pino';
import { serverKey } from '../context.ts';

/** What the owner of a job hears about it: a worker took it, progress and log lines, its result, or its end in BullMQ. */
export type JobEvent =
  | { type: 'claimed'; worker: string; attempt: number }
  | { type: 'progress'; planned?: number; passed: number; failed: number; quarantined?: number }
  | { type: 'log'; line: string }
  | { type: 'done'; exitCode: number }
  | { type: 'failed'; reason: string };

/**
 * The run queue on Redis (RUN_WORKERS=external): one BullMQ queue per project (a worker token opens
 * one project's queue), the jobs carrying only their id (their inputs are handed over by the API to
 * the worker that claims them). Job events travel on Redis pub/sub, so that a worker's calls may reach
 * any API server and still get to the server running the instance; halts go out on one channel that
 * every worker listens to.
 */
export class RunQueue {
  readonly prefix: string;
  readonly lockDurationMs: number;
  private readonly connection: { url: string; maxRetriesPerRequest: null };
  private readonly log: Logger;
  private readonly queues = new Map<string, Queue>();
  private readonly queueEvents = new Map<string, QueueEvents>();
  private readonly listeners = new Map<string, (e: JobEvent) => void>();
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(config: Pick<Config, 'redisUrl' | 'runQueuePrefix' | 'runWorkerLockMs'>, log: Logger) {
    this.connection = { url: config.redisUrl!, maxRetriesPerRequest: null };
    this.prefix = config.runQueuePrefix;
    this.lockDurationMs = config.runWorkerLockMs;
    this.log = log;
    this.pub = new (ioredis().Redis)(config.redisUrl!, { maxRetriesPerRequest: null, lazyConnect: true });
    this.sub = new (ioredis().Redis)(config.redisUrl!, { maxRetriesPerRequest: null, lazyConnect: true });
    this.sub.on('message', (channel: string, message: string) => {
      const id = channel.slice(this.eventsChannel('').length);
      try {
        this.listeners.get(id)?.(JSON.parse(message) as JobEvent);
      } catch (err) {
        this.log.warn({ err, channel }, 'unreadable job event');
      }
    });
  }

  get redisUrl(): string {
    return this.connection.url;
  }

  queueName(projectId: string): string {
    return `runs-${projectId}`;
  }

  eventsChannel(jobId: string): string {
    return `${this.prefix}:job-events:${jobId}`;
  }

  get haltChannel(): string {
    return `${this.prefix}:job-halt`;
  }

  /** Puts a job on its project's queue; `listener` hears its events until release(). */
  async enqueue(projectId: string, jobId: string, listener: (e: JobEvent) => void): Promise<void> {
    this.listeners.set(jobId, listener);
    if (this.sub.status === 'wait') await this.sub.connect();
    await this.sub.subscribe(this.eventsChannel(jobId));
    const name = this.queueName(projectId);
    await this.eventsOf(name);
    await this.queueOf(name).add('group', { jobId }, { jobId, attempts: 1, removeOnComplete: true, removeOnFail: 1000 });
  }

  async publish(jobId: string, event: JobEvent): Promise<void> {
    if (this.pub.status === 'wait') await this.pub.connect();
    await this.pub.publish(this.eventsChannel(jobId), JSON.stringify(event));
  }

  /** A job still waiting leaves the queue (true); one a worker runs is told to stop. */
  async halt(projectId: string, jobId: string): Promise<boolean> {
    const job = await this.queueOf(this.queueName(projectId)).getJob(jobId);
    const state = job ? await job.getState() : 'unknown';
    if (job && (state === 'waiting' || state === 'delayed' || state === 'prioritized')) {
      await job.remove().catch(() => {});
      return true;
    }
    if (this.pub.status === 'wait') await this.pub.connect();
    await this.pub.publish(this.haltChannel, jobId);
    return false;
  }

  async release(jobId: string): Promise<void> {
    this.listeners.delete(jobId);
    await this.sub.unsubscribe(this.eventsChannel(jobId)).catch(() => {});
  }

  async close(): Promise<void> {
    await Promise.all([...this.queueEvents.values()].map((e) => e.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private queueOf(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new (bullmq().Queue)(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, q);
    }
    return q;
  }

  /** BullMQ's word on a job that failed (a worker died twice with it, say) reaches its listener. */
  private async eventsOf(name: string): Promise<void> {
    if (this.queueEvents.has(name)) return;
    const events = new (bullmq().QueueEvents)(name, { connection: this.connection, prefix: this.prefix });
    this.queueEvents.set(name, events);
    events.on('failed', ({ jobId, failedReason }) => this.listeners.get(jobId)?.({ type: 'failed', reason: failedReason }));
    await events.waitUntilReady();
  }
}

const queues = new WeakMap<object, RunQueue>();

/** The run queue of a server (one per context), when workers are on. */
export function runQueueOf(ctx: { config: Config; log: Logger }): RunQueue | null {
  if (ctx.config.runWorkers !== 'external' || !ctx.config.redisUrl) return null;
  let q = queues.get(serverKey(ctx));
  if (!q) {
    q = new RunQueue(ctx.config, ctx.log);
    queues.set(serverKey(ctx), q);
  }
  return q;
}

/** Closes the context's run queue, if it has one. */
export async function closeRunQueue(ctx: object): Promise<void> {
  const q = queues.get(serverKey(ctx));
  queues.delete(serverKey(ctx));
  await q?.close();
}
