import { EXECUTION_MESSAGES, Schedule } from '@stepwise/shared';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { ExecutionRow } from '../db/schema.ts';
import { isExpired } from '../projects/plan.ts';
import { findProject } from '../projects/projects.repository.ts';
import type { ExecutionHub } from './execution-hub.ts';
import { claimFire, descheduleExpired, findExecutionRow, insertEvents, moveNextRun } from './executions.repository.ts';
import { firesBetween, nextFireAt } from './schedule-math.ts';

/** A fire later than this (an event loop that was blocked, a machine that slept) is reported as missed, not run. */
export const FIRE_GRACE_MS = 60_000;
/** At most this many missed fires are written per execution when the server comes back. */
export const MAX_MISSED_REPORTED = 50;

/** What a fire does once it is taken: start the run (the service's job). */
export type FireHandler = (row: ExecutionRow, scheduledFor: Date) => Promise<void>;

/**
 * The database side of scheduling, the same for every scheduler: next fire times, taking a fire
 * exactly once, reporting missed fires, descheduling expired projects.
 */
export class ScheduleKeeper {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly hub: ExecutionHub;
  private readonly clock: () => Date;
  private readonly onFire: FireHandler;

  constructor(deps: { db: Db; log: Logger; hub: ExecutionHub; clock: () => Date; onFire: FireHandler }) {
    this.db = deps.db;
    this.log = deps.log;
    this.hub = deps.hub;
    this.clock = deps.clock;
    this.onFire = deps.onFire;
  }

  /** The next fire of a row's schedule after now (or after `after`). */
  nextFor(schedule: Schedule, anchor: Date | null, after: Date = this.clock()): Date | null {
    return nextFireAt(schedule, anchor, after);
  }

  /**
   * At start: an enabled row whose next_run_at has passed missed that fire (and any later ones) while
   * the server was down. They are written as 'missed' events, never run, and the row moves on to the
   * next fire after now. Returns the time to arm.
   */
  async reconcile(row: ExecutionRow): Promise<Date | null> {
    const schedule = parseSchedule(row);
    if (!schedule) return null;
    const now = this.clock();
    const anchor = row.schedule_anchor ? new Date(row.schedule_anchor) : null;
    const stored = row.next_run_at ? new Date(row.next_run_at) : null;
    if (stored && stored.getTime() > now.getTime()) return stored;
    const next = nextFireAt(schedule, anchor, now);
    if (!(await moveNextRun(this.db, row.id, stored, next))) return currentNext(this.db, row.id);
    if (stored) {
      const missed = [stored, ...firesBetween(schedule, anchor, stored, now, MAX_MISSED_REPORTED - 1)];
      await this.reportMissed(row, missed);
      this.log.warn({ executionId: row.id, missed: missed.length }, 'scheduled fires missed while the server was stopped');
    }
    this.hub.listChanged(row.project_id);
    return next;
  }

  /**
   * A timer went off for `scheduledFor`. The fire is taken (next_run_at moved on) only if the row
   * still expects it; on time it runs, late it is reported as missed. Returns the next time to arm.
   */
  async fire(executionId: string, scheduledFor: Date): Promise<Date | null> {
    const row = await findExecutionRow(this.db, executionId);
    const schedule = row ? parseSchedule(row) : null;
    if (!row || !row.enabled || !schedule) return null;
    if (!row.next_run_at || new Date(row.next_run_at).getTime() !== scheduledFor.getTime()) return currentNext(this.db, row.id);
    const now = this.clock();
    const project = await findProject(this.db, row.project_id);
    if (!project || isExpired(project, now.getTime())) {
      await this.sweepExpired(row.project_id);
      return null;
    }
    const late = now.getTime() - scheduledFor.getTime() > FIRE_GRACE_MS;
    const anchor = row.schedule_anchor ? new Date(row.schedule_anchor) : null;
    const next = nextFireAt(schedule, anchor, new Date(Math.max(now.getTime(), scheduledFor.getTime())));
    const taken = await claimFire(this.db, row.id, scheduledFor, next, !late);
    if (!taken) return currentNext(this.db, row.id);
    if (late) {
      await this.reportMissed(row, [scheduledFor]);
      this.hub.listChanged(row.project_id);
    } else {
      await this.onFire(taken, scheduledFor);
    }
    return next;
  }

  /** Deschedules every enabled execution of an expired project (of `projectId` only, when given); returns their ids. */
  async sweepExpired(projectId?: string): Promise<string[]> {
    const rows = await descheduleExpired(this.db, this.clock(), projectId);
    if (rows.length === 0) return [];
    await insertEvents(
      this.db,
      rows.map((r) => ({ execution_id: r.id, project_id: r.project_id, kind: 'descheduled', message: EXECUTION_MESSAGES.descheduledExpired })),
    );
    this.log.info({ executions: rows.length }, 'executions of expired projects descheduled');
    for (const p of new Set(rows.map((r) => r.project_id))) this.hub.listChanged(p);
    return rows.map((r) => r.id);
  }

  private async reportMissed(row: ExecutionRow, fires: Date[]): Promise<void> {
    await insertEvents(
      this.db,
      fires.map((at) => ({ execution_id: row.id, project_id: row.project_id, kind: 'missed', scheduled_for: at, message: EXECUTION_MESSAGES.missedFire })),
    );
  }
}

/** The stored schedule, or null when the row has none (or it no longer parses). */
export function parseSchedule(row: ExecutionRow): Schedule | null {
  if (!row.schedule) return null;
  const parsed = Schedule.safeParse(row.schedule);
  return parsed.success ? parsed.data : null;
}

async function currentNext(db: Db, id: string): Promise<Date | null> {
  const row = await findExecutionRow(db, id);
  return row?.enabled && row.schedule && row.next_run_at ? new Date(row.next_run_at) : null;
}
