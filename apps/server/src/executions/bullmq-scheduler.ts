import type { Job, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { findExecutionRow, listEnabled } from './executions.repository.ts';
import type { ScheduleKeeper } from './schedule-keeper.ts';
import { armable, type Scheduler } from './scheduler.ts';
import { bullmq } from '../optional-libraries.ts';

export const BULLMQ_QUEUE = 'stepwise-executions';
const SWEEP_SCHEDULER_ID = 'executions-expiry-sweep';

type FireData = { executionId: string; at: number };

/**
 * Scheduler for several server processes sharing one database and one Redis (REDIS_URL). Each
 * fire is a delayed BullMQ job whose id names the execution and the fire time, so every process
 * may add it and Redis keeps one; whichever worker takes it runs ScheduleKeeper.fire, whose
 * compare-and-set on next_run_at lets one fire through even if a job were delivered twice. The
 * minute sweep of expired projects is a BullMQ job scheduler. Biweekly weeks and fractional GMT
 * offsets stay in schedule-math.ts: the jobs only carry times computed there.
 */
export class BullMqScheduler implements Scheduler {
  readonly kind = 'bullmq';
  private readonly db: Db;
  private readonly log: Logger;
  private readonly keeper: ScheduleKeeper;
  private readonly clock: () => Date;
  private readonly connection: { url: string; maxRetriesPerRequest: null };
  private readonly prefix: string | undefined;
  private queue: Queue | null = null;
  private worker: Worker | null = null;

  constructor(deps: { db: Db; log: Logger; keeper: ScheduleKeeper; clock: () => Date; redisUrl: string; prefix?: string }) {
    this.db = deps.db;
    this.log = deps.log;
    this.keeper = deps.keeper;
    this.clock = deps.clock;
    this.connection = { url: deps.redisUrl, maxRetriesPerRequest: null };
    this.prefix = deps.prefix;
  }

  async start(): Promise<void> {
    const opts = { connection: this.connection, ...(this.prefix ? { prefix: this.prefix } : {}) };
    this.queue = new (bullmq().Queue)(BULLMQ_QUEUE, opts);
    await this.keeper.sweepExpired();
    for (const row of await listEnabled(this.db)) await this.arm(row.id, await this.keeper.reconcile(row));
    await this.queue.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: 60_000 }, { name: 'sweep', data: {} });
    this.worker = new (bullmq().Worker)(BULLMQ_QUEUE, (job) => this.process(job), { ...opts, concurrency: 4 });
    this.worker.on('failed', (job, err) => this.log.error({ err, jobId: job?.id }, 'scheduler job failed'));
  }

  async refresh(executionId: string): Promise<void> {
    await this.arm(executionId, armable(await findExecutionRow(this.db, executionId)));
  }

  async tick(): Promise<void> {
    await this.keeper.sweepExpired();
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.worker = null;
    this.queue = null;
  }

  /** The delayed job of one fire; adding it again (from any process) changes nothing. */
  private async arm(executionId: string, at: Date | null): Promise<void> {
    if (!at || !this.queue) return;
    const data: FireData = { executionId, at: at.getTime() };
    await this.queue.add('fire', data, {
      jobId: `fire-${executionId}-${at.getTime()}`,
      delay: Math.max(0, at.getTime() - this.clock().getTime()),
      removeOnComplete: { age: 7 * 86_400 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  private async process(job: Job): Promise<void> {
    if (job.name === 'sweep') {
      await this.tick();
      return;
    }
    const { executionId, at } = job.data as FireData;
    await this.arm(executionId, await this.keeper.fire(executionId, new Date(at)));
  }
}
