import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { RedisInvalidationBus, type Invalidation } from './invalidation-bus.ts';

/**
 * The invalidation channel on a real Redis (TEST_REDIS_URL), three servers' buses in one process: a
 * publish returns only once every subscribed server has applied the message (without the wait for
 * acknowledgements, the other buses have not yet read it when PUBLISH answers).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('Invalidation bus on Redis: skipped, TEST_REDIS_URL is needed');

describe.skipIf(!redisUrl)('RedisInvalidationBus', () => {
  const prefix = `stepwise-test-${randomBytes(4).toString('hex')}`;
  const log = createLogger('silent');
  let buses: RedisInvalidationBus[];
  const heard: Invalidation[][] = [[], [], []];

  beforeAll(async () => {
    buses = [0, 1, 2].map(() => new RedisInvalidationBus({ url: redisUrl!, prefix, log }));
    buses.forEach((bus, i) => bus.listen((m) => m && heard[i].push(m)));
    for (const bus of buses) expect(await bus.ready()).toBe(true);
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('publish returns once every server applied the message', async () => {
    for (let n = 0; n < 20; n++) {
      const message: Invalidation = { kind: 'session', sessionId: `s${n}` };
      await buses[n % 3].publish(message);
      for (const h of heard) expect(h).toContainEqual(message);
    }
  });
});
