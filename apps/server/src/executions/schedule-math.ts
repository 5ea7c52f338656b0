import { Cron } from 'croner';
import { WEEK_DAYS, type Schedule } from '@stepwise/shared';

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: the first Monday is 4 days later. */
const FIRST_MONDAY = 4 * DAY;
/** croner's day-of-week numbers (Sunday = 0). */
const CRON_DAY: Record<(typeof WEEK_DAYS)[number], number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 0 };

/** The schedule's offset from GMT in whole minutes (5.75 hours -> 345). */
export function offsetMinutes(schedule: Pick<Schedule, 'timeZone'>): number {
  return Math.round(schedule.timeZone * 60);
}

/** The 5-part cron pattern of a schedule, read in the schedule's own GMT offset ("45 1 * * 1,3"). */
export function cronPattern(schedule: Pick<Schedule, 'days' | 'time'>): string {
  const [hh, mm] = schedule.time.split(':').map(Number);
  const days = [...new Set(schedule.days.map((d) => CRON_DAY[d]))].sort((a, b) => a - b);
  return `${mm} ${hh} * * ${days.join(',')}`;
}

/** Index of the Monday-to-Sunday week holding `instant`, as seen at the schedule's GMT offset. */
export function weekIndex(instant: Date, offsetMin: number): number {
  return Math.floor((instant.getTime() + offsetMin * MINUTE - FIRST_MONDAY) / WEEK);
}

/**
 * The first fire of `schedule` strictly after `after`. A biweekly schedule fires only in the weeks
 * at an even distance from the week of `anchor` (the week it was set), so the anchor's own week fires
 * when its days are still ahead. Null when the schedule has no day (never valid once parsed).
 */
export function nextFireAt(schedule: Schedule, anchor: Date | null, after: Date): Date | null {
  if (schedule.days.length === 0) return null;
  const offset = offsetMinutes(schedule);
  const cron = new Cron(cronPattern(schedule), { utcOffset: offset, paused: true, mode: '5-part' });
  const anchorWeek = weekIndex(anchor ?? after, offset);
  let from = after;
  // 7 days a week at most, and every other week skipped: 15 candidates always reach a fire.
  for (let i = 0; i < 15; i += 1) {
    const next = cron.nextRun(from);
    if (!next) return null;
    if (!schedule.isBiweekly || (weekIndex(next, offset) - anchorWeek) % 2 === 0) return next;
    from = next;
  }
  return null;
}

/** Every fire of `schedule` in (`after`, `until`], at most `limit` of them. */
export function firesBetween(schedule: Schedule, anchor: Date | null, after: Date, until: Date, limit = 100): Date[] {
  const fires: Date[] = [];
  let from = after;
  while (fires.length < limit) {
    const next = nextFireAt(schedule, anchor, from);
    if (!next || next.getTime() > until.getTime()) break;
    fires.push(next);
    from = next;
  }
  return fires;
}
