import { describe, expect, it } from 'vitest';
import { Schedule } from '@stepwise/shared';
import { cronPattern, firesBetween, nextFireAt, weekIndex } from './schedule-math.ts';

/** 2025-01-06 is a Monday. */
const at = (iso: string) => new Date(iso);
const schedule = (over: Partial<Schedule> & Record<string, unknown> = {}): Schedule =>
  Schedule.parse({ days: ['Mon'], isBiweekly: false, time: '01:45', timeZone: 0, ...over });
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('next fire of a weekly schedule', () => {
  it('fires on the chosen day at the chosen time (GMT)', () => {
    expect(iso(nextFireAt(schedule(), null, at('2025-01-05T12:00:00Z')))).toBe('2025-01-06T01:45:00.000Z');
    expect(iso(nextFireAt(schedule(), null, at('2025-01-06T01:44:59Z')))).toBe('2025-01-06T01:45:00.000Z');
  });

  it('is strictly after the given instant: a fire time that is now is next week\'s', () => {
    expect(iso(nextFireAt(schedule(), null, at('2025-01-06T01:45:00Z')))).toBe('2025-01-13T01:45:00.000Z');
  });

  it('walks the chosen days in order through the week', () => {
    const s = schedule({ days: ['Fri', 'Mon', 'Wed'], time: '23:15' });
    expect(firesBetween(s, null, at('2025-01-05T00:00:00Z'), at('2025-01-13T00:00:00Z')).map(iso)).toEqual([
      '2025-01-06T23:15:00.000Z',
      '2025-01-08T23:15:00.000Z',
      '2025-01-10T23:15:00.000Z',
    ]);
  });

  it('every day fires seven times a week, every weekday five', () => {
    const all = schedule({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] });
    const weekdays = schedule({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] });
    const week: [Date, Date] = [at('2025-01-06T00:00:00Z'), at('2025-01-13T00:00:00Z')];
    expect(firesBetween(all, null, ...week)).toHaveLength(7);
    expect(firesBetween(weekdays, null, ...week).map((d) => d.getUTCDay())).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads the time at the schedule\'s GMT offset, half-hour and 45-minute ones included', () => {
    // Monday 01:45 at GMT+5:30 is Sunday 20:15 GMT
    expect(iso(nextFireAt(schedule({ timeZone: 5.5 }), null, at('2025-01-05T00:00:00Z')))).toBe('2025-01-05T20:15:00.000Z');
    // Sunday 23:45 at GMT-3:30 is Monday 03:15 GMT
    expect(iso(nextFireAt(schedule({ days: ['Sun'], time: '23:45', timeZone: -3.5 }), null, at('2025-01-01T00:00:00Z')))).toBe('2025-01-06T03:15:00.000Z');
    // Monday 00:00 at GMT+5:45 (Nepal) is Sunday 18:15 GMT
    expect(iso(nextFireAt(schedule({ time: '00:00', timeZone: 5.75 }), null, at('2025-01-05T00:00:00Z')))).toBe('2025-01-05T18:15:00.000Z');
    // the ends of the list: GMT+14 and GMT-11
    expect(iso(nextFireAt(schedule({ time: '00:00', timeZone: 14 }), null, at('2025-01-05T00:00:00Z')))).toBe('2025-01-05T10:00:00.000Z');
    expect(iso(nextFireAt(schedule({ days: ['Sun'], time: '23:45', timeZone: -11 }), null, at('2025-01-05T00:00:00Z')))).toBe('2025-01-06T10:45:00.000Z');
  });

  it('an offset moves the fire across midnight and the week boundary consistently for every day', () => {
    const s = schedule({ days: ['Mon', 'Sun'], time: '02:00', timeZone: 9.5 });
    // Monday 02:00 at GMT+9:30 is Sunday 16:30 GMT; Sunday 02:00 is Saturday 16:30 GMT
    expect(firesBetween(s, null, at('2025-01-04T00:00:00Z'), at('2025-01-12T00:00:00Z')).map(iso)).toEqual([
      '2025-01-04T16:30:00.000Z',
      '2025-01-05T16:30:00.000Z',
      '2025-01-11T16:30:00.000Z',
    ]);
  });
});

describe('biweekly schedules', () => {
  it('fire in the week the schedule was set, skip the next week, and so on', () => {
    const s = schedule({ days: ['Mon', 'Fri'], isBiweekly: true });
    const anchor = at('2025-01-08T10:00:00Z'); // a Wednesday: Monday of this week has passed, Friday is ahead
    expect(firesBetween(s, anchor, anchor, at('2025-02-15T00:00:00Z')).map(iso)).toEqual([
      '2025-01-10T01:45:00.000Z',
      // week of 13 January skipped
      '2025-01-20T01:45:00.000Z',
      '2025-01-24T01:45:00.000Z',
      // week of 27 January skipped
      '2025-02-03T01:45:00.000Z',
      '2025-02-07T01:45:00.000Z',
    ]);
  });

  it('a weekly schedule with the same anchor fires every week', () => {
    const s = schedule({ days: ['Mon', 'Fri'] });
    const anchor = at('2025-01-08T10:00:00Z');
    expect(firesBetween(s, anchor, anchor, at('2025-01-25T00:00:00Z'))).toHaveLength(5);
  });

  it('counts weeks at the schedule\'s own offset: set on a Sunday evening at GMT-5 (Monday in GMT), that week is the first', () => {
    const s = schedule({ days: ['Mon'], time: '10:00', timeZone: -5, isBiweekly: true });
    const anchor = at('2025-01-13T03:00:00Z'); // Sunday 12 January 22:00 at GMT-5
    // Monday 13 January is in the week after the anchor's week: skipped; Monday 20 January fires
    expect(iso(nextFireAt(s, anchor, anchor))).toBe('2025-01-20T15:00:00.000Z');
    expect(weekIndex(anchor, -300)).toBe(weekIndex(at('2025-01-06T05:00:00Z'), -300));
  });

  it('without an anchor the week of the given instant counts as the first', () => {
    const s = schedule({ days: ['Wed'], isBiweekly: true });
    expect(iso(nextFireAt(s, null, at('2025-01-06T00:00:00Z')))).toBe('2025-01-08T01:45:00.000Z');
    expect(iso(nextFireAt(s, at('2025-01-06T00:00:00Z'), at('2025-01-08T01:45:00Z')))).toBe('2025-01-22T01:45:00.000Z');
  });
});

describe('helpers', () => {
  it('writes a 5-part cron pattern with croner\'s day numbers', () => {
    expect(cronPattern(schedule({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], time: '01:45' }))).toBe('45 1 * * 0,1,2,3,4,5,6');
    expect(cronPattern(schedule({ days: ['Sun'], time: '00:00' }))).toBe('0 0 * * 0');
  });

  it('firesBetween stops at its limit', () => {
    const daily = schedule({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] });
    expect(firesBetween(daily, null, at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), 10)).toHaveLength(10);
  });
});
