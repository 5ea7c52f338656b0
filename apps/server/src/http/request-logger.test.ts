import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './request-logger.ts';

/** A pino logger at `level` writing its lines into an array. */
function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('a request logger', () => {
  it('writes each line through a child with every binding given to it and to its children', () => {
    const { log, lines } = logger('info');
    const request = lazyChildLogger(log, { reqId: 'r-1' }, {});
    request.info({ req: { url: '/api/x' } }, 'incoming request');
    const withUser = request.child({ userId: 'u-9' });
    withUser.warn('slow');
    withUser.child({ step: 2 }).error(new Error('broken'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', msg: 'incoming request', level: 30 });
    expect(lines[0].userId).toBeUndefined();
    expect(lines[1]).toMatchObject({ reqId: 'r-1', userId: 'u-9', msg: 'slow', level: 40 });
    expect(lines[2]).toMatchObject({ reqId: 'r-1', userId: 'u-9', step: 2, level: 50, msg: 'broken' });
    expect(withUser.bindings()).toEqual({ reqId: 'r-1', userId: 'u-9' });
  });

  it('writes nothing below its level, and follows the parent\'s level', () => {
    const { log, lines } = logger('error');
    const request = lazyChildLogger(log, { reqId: 'r-2' }, {});
    request.info('incoming request');
    request.child({ userId: 'u-1' }).warn('ignored');
    expect(lines).toHaveLength(0);
    expect(request.level).toBe('error');
    expect(request.isLevelEnabled('warn')).toBe(false);
    log.level = 'debug';
    request.debug('now written');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-2', msg: 'now written', level: 20 })]);
  });

  it('adds bindings to itself, so that every later line of it carries them', () => {
    const { log, lines } = logger('info');
    const request = lazyChildLogger(log, { reqId: 'r-4' }, {});
    request.setBindings({ userId: 'u-2' });
    request.info('completed');
    request.setBindings({ traceId: 't-1' });
    request.info('again');
    expect(lines[0]).toMatchObject({ reqId: 'r-4', userId: 'u-2', msg: 'completed' });
    expect(lines[1]).toMatchObject({ reqId: 'r-4', userId: 'u-2', traceId: 't-1', msg: 'again' });
  });

  it('can change its own level without changing the parent\'s', () => {
    const { log, lines } = logger('info');
    const request = lazyChildLogger(log, { reqId: 'r-3' }, {});
    request.level = 'trace';
    request.trace('traced');
    log.trace('not traced');
    expect(lines.map((l) => l.msg)).toEqual(['traced']);
  });
});
