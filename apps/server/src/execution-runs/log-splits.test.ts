import { describe, expect, it } from 'vitest';
import { redactor } from '@stepwise/shared';
import { SplitSecrets } from './log-splits.ts';

const SECRET = 'Split-Secret-Value-77';

/** Lines placed one after the other, as the instance log keeps them (earlier lines rewritten when a later one completes a secret). */
function logOf(lines: string[], secrets = [SECRET]): { log: string[]; splits: SplitSecrets } {
  const splits = new SplitSecrets(redactor(secrets));
  const log: string[] = [];
  lines.forEach((text, i) => {
    const placed = splits.place(text, i);
    for (const { index, line } of placed.changed) log[index] = line;
    log.push(placed.line);
  });
  return { log, splits };
}

describe('SplitSecrets', () => {
  it('masks each piece of a secret printed over two, or three, lines', () => {
    expect(logOf(['user ' + SECRET.slice(0, 5), SECRET.slice(5) + ' logged in']).log).toEqual(['user ***', '*** logged in']);
    expect(logOf(['a ' + SECRET.slice(0, 4), SECRET.slice(4, 9), SECRET.slice(9) + ' z']).log).toEqual(['a ***', '***', '*** z']);
  });

  it('finds base64 wrapped over lines', () => {
    const encoded = Buffer.from(`ci:${SECRET}`).toString('base64');
    const { log } = logOf([encoded.slice(0, 10), encoded.slice(10, 20), encoded.slice(20)]);
    expect(log.join('')).not.toContain(encoded.slice(8, 24));
    expect(log.join('\n')).toContain('***');
  });

  it('joins lines of one stream only: stderr lines are read with stderr lines', () => {
    const { log } = logOf([`[stderr] x ${SECRET.slice(0, 6)}`, 'stdout between', `[stderr] ${SECRET.slice(6)} y`]);
    expect(log).toEqual(['[stderr] x ***', 'stdout between', '[stderr] *** y']);
  });

  it('leaves lines alone when no secret spans them, and keeps only the last lines open', () => {
    const { log, splits } = logOf(['Split-', 'nothing here', 'Secret'.repeat(20), 'done']);
    expect(log).toEqual(['Split-', 'nothing here', 'Secret'.repeat(20), 'done']);
    // The long line is longer than any form of the secret: nothing before it can still change.
    expect(splits.openFrom()).toBe(2);
  });

  it('redacts whole secrets within a line as the redactor does', () => {
    expect(logOf([`a ${SECRET} b ${encodeURIComponent(SECRET)}`]).log).toEqual(['a *** b ***']);
    expect(logOf(['no secrets'], []).log).toEqual(['no secrets']);
  });
});
