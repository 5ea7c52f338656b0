import { describe, expect, it } from 'vitest';
import { canPublish } from './comment-rules';

describe('comment Publish', () => {
  it('is disabled when the text is empty or unchanged', () => {
    expect(canPublish('', null)).toBe(false);
    expect(canPublish('   ', null)).toBe(false);
    expect(canPublish('Flaky login', null)).toBe(true);
    expect(canPublish('Flaky login', 'Flaky login')).toBe(false);
    expect(canPublish('Flaky login ', 'Flaky login')).toBe(false);
    expect(canPublish('Flaky checkout', 'Flaky login')).toBe(true);
  });
});
