import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { ioredis } from '../optional-libraries.ts';
import type { AppContext } from '../context.ts';
import { redisPrefix } from '../realtime/redis-adapter.ts';

/**
 * Where @fastify/rate-limit counts: in this process (one server), or with REDIS_URL in Redis, so that
 * the limit of a route holds across every server behind the load balancer. A Redis that cannot be
 * reached lets requests through (the sign-in throttle, in the database, still holds) rather than
 * refusing them all. The connection closes with the app.
 */
export function rateLimitStore(app: FastifyInstance, ctx: AppContext): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'> {
  if (!ctx.config.redisUrl) return {};
  // Short waits (the plugin's advice): a request is not held up by a Redis that does not answer.
  const redis = new (ioredis().Redis)(ctx.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => ctx.log.warn({ err }, 'rate limit Redis connection error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${redisPrefix(ctx.config.redisPrefix)}:rate-limit:`, skipOnError: true };
}
