import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { ExecutionRow } from '../db/schema.ts';
import { findExecutionRow, listEnabled } from './executions.repository.ts';
import type { ScheduleKeeper } from './schedule-keeper.ts';

/**
 * Fires enabled schedules. The state (next_run_at, last_fired_at, schedule_anchor) lives in the
 * executions table; a scheduler only keeps timers for it, so any implementation can be stopped and
 * another started on the same database. Embedded (croner timers in this process) by default; a
 * BullMQ implementation on Redis is the path for several server processes (docs/DECISIONS.md).
 */
export interface Scheduler {
  readonly kind: string;
  /** Deschedules expired projects, reports fires missed while stopped, arms every enabled schedule. */
  start(): Promise<void>;
  /** The execution's schedule row changed (or the execution is gone): re-arm it from the database. */
  refresh(executionId: string): Promise<void>;
  /** The periodic sweep: deschedules the executions of projects that expired since. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** In-process scheduler: one croner timer per enabled execution at its next_run_at, and a sweep every minute. */
export class EmbeddedScheduler implements Scheduler {
  readonly kind = 'embedded';
  private readonly db: Db;
  private readonly log: Logger;
  private readonly keeper: ScheduleKeeper;
  private readonly clock: () => Date;
  private readonly timers = new Map<string, { at: number; job: Cron | NodeJS.Timeout }>();
  private sweepJob: Cron | null = null;
  private stopped = true;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(deps: { db: Db; log: Logger; keeper: ScheduleKeeper; clock: () => Date }) {
    this.db = deps.db;
    this.log = deps.log;
    this.keeper = deps.keeper;
    this.clock = deps.clock;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.keeper.sweepExpired();
    for (const row of await listEnabled(this.db)) {
      const next = await this.keeper.reconcile(row);
      this.arm(row.id, next);
    }
    this.sweepJob = new Cron('* * * * *', { unref: true, protect: true, catch: (err) => this.log.error({ err }, 'executions sweep failed') }, () =>
      this.track(this.tick()),
    );
  }

  async refresh(executionId: string): Promise<void> {
    const row = await findExecutionRow(this.db, executionId);
    this.arm(executionId, armable(row));
  }

  async tick(): Promise<void> {
    if (this.stopped) return;
    for (const id of await this.keeper.sweepExpired()) this.arm(id, null);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sweepJob?.stop();
    this.sweepJob = null;
    for (const id of [...this.timers.keys()]) this.arm(id, null);
    await Promise.allSettled([...this.pending]);
  }

  /** The fire time armed for an execution, for tests and diagnostics. */
  armedAt(executionId: string): Date | null {
    const t = this.timers.get(executionId);
    return t ? new Date(t.at) : null;
  }

  /** Sets (or, with null, clears) the one timer of an execution. */
  private arm(executionId: string, at: Date | null): void {
    const current = this.timers.get(executionId);
    if (current && at && current.at === at.getTime()) return;
    if (current) {
      if (current.job instanceof Cron) current.job.stop();
      else clearTimeout(current.job);
      this.timers.delete(executionId);
    }
    if (!at || this.stopped) return;
    const run = () => {
      if (this.timers.get(executionId)?.at === at.getTime()) this.timers.delete(executionId);
      this.track(this.onTimer(executionId, at));
    };
    // Timers follow the scheduler's clock (the real one outside tests). A time already past (a clock
    // that jumped, a stale row) goes through fire() at once, which runs it or reports it as missed.
    const delay = at.getTime() - this.clock().getTime();
    const job = delay > 1000 ? new Cron(new Date(Date.now() + delay), { unref: true }, run) : setTimeout(run, 0);
    if (!(job instanceof Cron)) job.unref();
    this.timers.set(executionId, { at: at.getTime(), job });
  }

  private async onTimer(executionId: string, at: Date): Promise<void> {
    if (this.stopped) return;
    try {
      const next = await this.keeper.fire(executionId, at);
      if (!this.stopped) this.arm(executionId, next);
    } catch (err) {
      this.log.error({ err, executionId }, 'scheduled fire failed');
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch((err) => this.log.error({ err }, 'scheduler task failed')).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}

/** The time to arm for a row: its next_run_at when enabled with a schedule. */
export function armable(row: ExecutionRow | undefined): Date | null {
  if (!row || !row.enabled || !row.schedule || !row.next_run_at) return null;
  return new Date(row.next_run_at);
}
