import { describe, expect, it } from 'vitest';
import { formatGmtOffset, TIME_ZONE_OFFSETS, timeZoneList } from './time-zones';

describe('time zones', () => {
  it('formats offsets as GMT +hh:mm', () => {
    expect(formatGmtOffset(0)).toBe('GMT +00:00');
    expect(formatGmtOffset(5.75)).toBe('GMT +05:45');
    expect(formatGmtOffset(-3.5)).toBe('GMT -03:30');
    expect(formatGmtOffset(-11)).toBe('GMT -11:00');
    expect(formatGmtOffset(14)).toBe('GMT +14:00');
  });

  it('covers -11 to +14 with half-hour and 45-minute offsets, in order, once each', () => {
    expect(TIME_ZONE_OFFSETS[0]).toBe(-11);
    expect(TIME_ZONE_OFFSETS.at(-1)).toBe(14);
    expect(TIME_ZONE_OFFSETS).toContain(5.5);
    expect(TIME_ZONE_OFFSETS).toContain(5.75);
    expect(TIME_ZONE_OFFSETS).toContain(-9.5);
    expect([...TIME_ZONE_OFFSETS].sort((a, b) => a - b)).toEqual(TIME_ZONE_OFFSETS);
    expect(new Set(TIME_ZONE_OFFSETS).size).toBe(TIME_ZONE_OFFSETS.length);
  });

  it('pins three entries (own zone, GMT, selected) and lists the others once', () => {
    const list = timeZoneList(1, 5.5);
    expect(list.pinned).toEqual([1, 0, 5.5]);
    expect(list.rest).not.toContain(1);
    expect(list.pinned.length + list.rest.length).toBe(TIME_ZONE_OFFSETS.length);
    expect(timeZoneList(0, 0).pinned).toEqual([0, 1, -5]);
    expect(timeZoneList(-5, 0).pinned).toEqual([-5, 0, 1]);
  });
});
