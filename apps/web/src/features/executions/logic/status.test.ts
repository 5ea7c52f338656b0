import { describe, expect, it } from 'vitest';
import type { LiveStatus } from '@stepwise/shared';
import { consoleMessages, executionBadge, liveStatusLabel, parseLogLine, personName } from './status';

const members = [
  { user_id: 'u1', name: 'Ada Lovelace', user_email: 'ada@example.com' },
  { user_id: 'u2', name: '', user_email: 'bob@example.com' },
];

describe('execution status', () => {
  it('is Active with a live instance, else Planned with a schedule, else Draft', () => {
    const schedule = { days: ['Mon' as const], isBiweekly: false, time: '01:45', timeZone: 0 };
    expect(executionBadge({ schedule }, true)).toBe('Active');
    expect(executionBadge({ schedule }, false)).toBe('Planned');
    expect(executionBadge({ schedule: null }, false)).toBe('Draft');
    expect(executionBadge({}, true)).toBe('Active');
  });

  it('names people by name, then email, then Unknown User, or - when none', () => {
    expect(personName('u1', members)).toBe('Ada Lovelace');
    expect(personName('u2', members)).toBe('bob@example.com');
    expect(personName('u3', members, 'Carol')).toBe('Carol');
    expect(personName('u3', members)).toBe('Unknown User');
    expect(personName(null, members)).toBe('-');
  });

  it('labels live statuses', () => {
    expect(liveStatusLabel({ status: 'running', verboseStatus: 'Running 2 of 5' })).toBe('Running 2 of 5');
    expect(liveStatusLabel({ status: 'queued', verboseStatus: '' })).toBe('Queued');
    expect(liveStatusLabel({ status: 'passed', verboseStatus: 'done' })).toBe('Passed');
  });

  it('lists console messages once each, in order', () => {
    const live: Pick<LiveStatus, 'statusHistory' | 'verboseStatus' | 'timestamp'> = {
      statusHistory: [
        { status: 'queued', verboseStatus: 'Queued', timestamp: '2026-11-22T10:00:00.000Z' },
        { status: 'running', verboseStatus: 'Running', timestamp: '2026-11-22T10:00:02.000Z' },
        { status: 'running', verboseStatus: 'Running', timestamp: '2026-11-22T10:00:03.000Z' },
      ],
      verboseStatus: 'Running',
      timestamp: '2026-11-22T10:00:04.000Z',
    };
    const logs = ['2026-11-22T10:00:01.000Z Checking out main', '2026-11-22T10:00:05.000Z step 1 ok', '2026-11-22T10:00:06.000Z step 1 ok', 'plain line', ''];
    expect(consoleMessages(live, logs).map((e) => e.text)).toEqual(['Queued', 'Checking out main', 'Running', 'step 1 ok', 'plain line']);
    expect(parseLogLine('2026-11-22T10:00:01Z hello')).toEqual({ timestamp: '2026-11-22T10:00:01Z', text: 'hello' });
    expect(parseLogLine('no time')).toEqual({ text: 'no time' });
  });
});
