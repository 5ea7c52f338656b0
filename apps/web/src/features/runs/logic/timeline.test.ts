import { describe, expect, it } from 'vitest';
import { commandLabel, msBetween, secondsText, stepDetail, stepMs } from './timeline';

const result = (extra = {}) => ({ status: 'PASSED' as const, startTime: null, endTime: null, ...extra });

describe('timeline', () => {
  it('labels command types', () => {
    expect(commandLabel({ type: 'api_test' })).toBe('API test');
    expect(commandLabel({ type: 'custom' })).toBe('custom');
  });
  it('times steps and commands in seconds with one decimal', () => {
    expect(stepMs({ result: result({ duration: 1250 }) })).toBe(1250);
    expect(stepMs({ result: result({ startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-01T00:00:02Z' }) })).toBe(2000);
    expect(stepMs({ result: result() })).toBeNull();
    expect(msBetween('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.260Z')).toBe(1260);
    expect(secondsText(1260)).toBe('1.3s');
    expect(secondsText(null)).toBe('-');
  });
  it('shows the result message, else the AI reasoning', () => {
    expect(stepDetail({ result: result({ message: 'boom' }), evaluation: { reasoning: 'why' } })).toEqual({ kind: 'message', text: 'boom' });
    expect(stepDetail({ result: result(), evaluation: { reasoning: 'why' } })).toEqual({ kind: 'reasoning', text: 'why' });
    expect(stepDetail({ result: result() })).toBeNull();
  });
});
