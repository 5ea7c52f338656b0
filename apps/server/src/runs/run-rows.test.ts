import { describe, expect, it } from 'vitest';
import { testCaseRowId } from './run-rows.ts';

describe('test case row ids', () => {
  it('are UUIDs of version 7: the time in their first 48 bits, in order of making, each one different', () => {
    const before = Date.now();
    const ids = Array.from({ length: 3000 }, () => testCaseRowId());
    const after = Date.now();
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const times = ids.map((id) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times[times.length - 1]).toBeLessThanOrEqual(after);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
    // The random bits are random: each hex digit of the last group takes many values.
    const last = new Set(ids.map((id) => id[35]));
    expect(last.size).toBe(16);
  });
});
