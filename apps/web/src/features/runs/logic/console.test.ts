import { describe, expect, it } from 'vitest';
import { consoleEntries } from './console';

describe('console tab', () => {
  it('keeps warnings and errors, page errors as errors', () => {
    const e = (type: string) => ({ type, text: type, time: '2026-01-01T00:00:00Z' });
    expect(consoleEntries([e('log'), e('warning'), e('error'), e('pageerror'), e('info'), e('debug')]).map((l) => [l.type, l.kind])).toEqual([
      ['warning', 'warning'],
      ['error', 'error'],
      ['pageerror', 'error'],
    ]);
  });
});
