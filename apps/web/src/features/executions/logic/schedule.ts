import { DEFAULT_SCHEDULE_TIME, SCHEDULE_MINUTE_STEP, WEEK_DAYS, type Schedule, type WeekDay } from '@stepwise/shared';
import { formatGmtOffset } from './time-zones';

/** Repeat options of the schedule step, in the order the menu shows them. */
export const REPEAT_OPTIONS = ['Every day', 'Every weekday', 'Every week', 'Every 2 weeks'] as const;
export type RepeatOption = (typeof REPEAT_OPTIONS)[number];

const WEEKDAYS: readonly WeekDay[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
/** Time shown for a schedule that has none (display fallback of section 9). */
export const DISPLAY_FALLBACK_TIME = '01:15';

/** Days in week order (Mon..Sun), without duplicates. */
export function inWeekOrder(days: readonly WeekDay[]): WeekDay[] {
  return WEEK_DAYS.filter((d) => days.includes(d));
}

/** Adds or removes one day; the result stays in week order. */
export function toggleDay(days: readonly WeekDay[], day: WeekDay): WeekDay[] {
  return inWeekOrder(days.includes(day) ? days.filter((d) => d !== day) : [...days, day]);
}

const sameDays = (a: readonly WeekDay[], b: readonly WeekDay[]) => a.length === b.length && a.every((d) => b.includes(d));

/** Which repeat option a schedule corresponds to. */
export function repeatOf(schedule: Pick<Schedule, 'days' | 'isBiweekly'>): RepeatOption {
  if (schedule.isBiweekly) return 'Every 2 weeks';
  if (sameDays(schedule.days, WEEK_DAYS)) return 'Every day';
  if (sameDays(schedule.days, WEEKDAYS)) return 'Every weekday';
  return 'Every week';
}

/**
 * Applies a repeat option: every day = all 7 days, every weekday = Mon-Fri, every 2 weeks = biweekly;
 * every week (or 2 weeks) from every day/weekday narrows the days to `today`.
 */
export function applyRepeat(schedule: Schedule, repeat: RepeatOption, today: WeekDay = weekDayOf(new Date())): Schedule {
  const current = repeatOf(schedule);
  const narrowed = current === 'Every day' || current === 'Every weekday' ? [today] : schedule.days;
  switch (repeat) {
    case 'Every day':
      return { ...schedule, days: [...WEEK_DAYS], isBiweekly: false };
    case 'Every weekday':
      return { ...schedule, days: [...WEEKDAYS], isBiweekly: false };
    case 'Every week':
      return { ...schedule, days: narrowed, isBiweekly: false };
    case 'Every 2 weeks':
      return { ...schedule, days: narrowed, isBiweekly: true };
  }
}

/** Weekday of a date as the schedule names it (Mon..Sun). */
export function weekDayOf(date: Date): WeekDay {
  return WEEK_DAYS[(date.getDay() + 6) % 7];
}

/** Default schedule: the current weekday, weekly, 01:45, GMT +00:00. */
export function defaultSchedule(now: Date = new Date()): Schedule {
  return { days: [weekDayOf(now)], isBiweekly: false, time: DEFAULT_SCHEDULE_TIME, timeZone: 0 };
}

/** '13:30' -> '1:30 PM'; '00:00' -> '12:00 AM'. */
export function formatTime12(value: string): string {
  const [h, m] = value.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export interface TimeOption {
  value: string;
  label: string;
}

/** 12:00 AM to 11:45 PM in 15-minute steps (96 entries); values are 24-hour 'HH:MM'. */
export const TIME_OPTIONS: readonly TimeOption[] = Array.from({ length: (24 * 60) / SCHEDULE_MINUTE_STEP }, (_, i) => {
  const minutes = i * SCHEDULE_MINUTE_STEP;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { value, label: formatTime12(value) };
});

/** 'Every day', 'Every weekday', 'Weekly on Mon, Wed' or 'Biweekly on Fri', then time and GMT offset. */
export function scheduleLabel(schedule: Partial<Schedule> | null | undefined): string {
  if (!schedule || !schedule.days || schedule.days.length === 0) return 'Not scheduled';
  const days = inWeekOrder(schedule.days);
  const repeat = repeatOf({ days, isBiweekly: schedule.isBiweekly ?? false });
  let when: string;
  if (repeat === 'Every day') when = 'Every day';
  else if (repeat === 'Every weekday') when = 'Every weekday';
  else when = `${repeat === 'Every 2 weeks' ? 'Biweekly' : 'Weekly'} on ${days.join(', ')}`;
  const time = formatTime12(schedule.time || DISPLAY_FALLBACK_TIME);
  return `${when} at ${time} (${formatGmtOffset(schedule.timeZone ?? 0)})`;
}
