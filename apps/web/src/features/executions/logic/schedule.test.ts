import { describe, expect, it } from 'vitest';
import { applyRepeat, defaultSchedule, formatTime12, repeatOf, scheduleLabel, TIME_OPTIONS, toggleDay, weekDayOf } from './schedule';

describe('schedule', () => {
  it('keeps toggled days in week order', () => {
    expect(toggleDay(['Fri', 'Mon'], 'Wed')).toEqual(['Mon', 'Wed', 'Fri']);
    expect(toggleDay(['Mon', 'Wed', 'Fri'], 'Mon')).toEqual(['Wed', 'Fri']);
    expect(toggleDay(['Sun'], 'Mon')).toEqual(['Mon', 'Sun']);
  });

  it('maps repeat options to days and biweekly', () => {
    const base = defaultSchedule(new Date(2026, 10, 18)); // a Wednesday
    expect(base).toEqual({ days: ['Wed'], isBiweekly: false, time: '01:45', timeZone: 0 });
    expect(applyRepeat(base, 'Every day').days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(applyRepeat(base, 'Every weekday').days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(applyRepeat(base, 'Every 2 weeks')).toMatchObject({ days: ['Wed'], isBiweekly: true });
    expect(applyRepeat({ ...base, isBiweekly: true }, 'Every week').isBiweekly).toBe(false);
    const daily = applyRepeat(base, 'Every day');
    expect(applyRepeat(daily, 'Every week', 'Thu')).toMatchObject({ days: ['Thu'], isBiweekly: false });
    expect(applyRepeat(daily, 'Every 2 weeks', 'Thu')).toMatchObject({ days: ['Thu'], isBiweekly: true });
    expect(applyRepeat({ ...base, days: ['Mon', 'Sat'] }, 'Every 2 weeks', 'Thu').days).toEqual(['Mon', 'Sat']);
    expect(repeatOf({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], isBiweekly: false })).toBe('Every weekday');
    expect(repeatOf({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false })).toBe('Every day');
    expect(repeatOf({ days: ['Mon'], isBiweekly: true })).toBe('Every 2 weeks');
    expect(repeatOf({ days: ['Mon', 'Sat'], isBiweekly: false })).toBe('Every week');
  });

  it('names weekdays Mon..Sun', () => {
    expect(weekDayOf(new Date(2026, 10, 22))).toBe('Sun');
    expect(weekDayOf(new Date(2026, 10, 23))).toBe('Mon');
  });

  it('lists times in 15-minute steps from 12:00 AM to 11:45 PM', () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(TIME_OPTIONS[7]).toEqual({ value: '01:45', label: '1:45 AM' });
    expect(TIME_OPTIONS[48]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(TIME_OPTIONS[95]).toEqual({ value: '23:45', label: '11:45 PM' });
    expect(formatTime12('13:30')).toBe('1:30 PM');
  });

  it('labels a schedule: every day, every weekday, weekly or biweekly, with the GMT offset', () => {
    expect(scheduleLabel(null)).toBe('Not scheduled');
    expect(scheduleLabel({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], isBiweekly: false, time: '01:45', timeZone: 0 })).toBe(
      'Every day at 1:45 AM (GMT +00:00)',
    );
    expect(scheduleLabel({ days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], isBiweekly: false, time: '09:00', timeZone: 5.5 })).toBe(
      'Every weekday at 9:00 AM (GMT +05:30)',
    );
    expect(scheduleLabel({ days: ['Fri', 'Mon'], isBiweekly: false, time: '18:15', timeZone: -3.5 })).toBe('Weekly on Mon, Fri at 6:15 PM (GMT -03:30)');
    expect(scheduleLabel({ days: ['Tue'], isBiweekly: true, time: '00:00', timeZone: 1 })).toBe('Biweekly on Tue at 12:00 AM (GMT +01:00)');
    expect(scheduleLabel({ days: ['Tue'], isBiweekly: false, time: '', timeZone: 0 })).toBe('Weekly on Tue at 1:15 AM (GMT +00:00)');
  });
});
