import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import { ioredis, socketIoRedisAdapter } from '../optional-libraries.ts';

/** The prefix of the Redis keys and channels of one deployment (REDIS_PREFIX), 'stepwise' when unset. */
export function redisPrefix(prefix: string | undefined): string {
  return prefix || 'stepwise';
}

export interface RedisAdapterOptions {
  url: string;
  prefix?: string;
  /** Names the socket.io server: the app's two servers both use the '/' namespace, each needs channels of its own. */
  channel: string;
  log: Logger;
}

/**
 * Puts a socket.io server on the Redis adapter (REDIS_URL): what one server emits to a room is
 * published on Redis and every server sends it to its own sockets in that room, and
 * `io.in(room).disconnectSockets()` / `socketsLeave()` reach the sockets of every server. The two
 * Redis connections close with the HTTP server.
 */
export function useRedisAdapter(io: Server, server: HttpServer, opts: RedisAdapterOptions): void {
  const pub = new (ioredis().Redis)(opts.url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => opts.log.warn({ err, channel: opts.channel }, 'socket.io Redis connection error'));
  io.adapter(socketIoRedisAdapter().createAdapter(pub, sub, { key: `${redisPrefix(opts.prefix)}:socket.io:${opts.channel}`, requestsTimeout: 3000 }));
  server.once('close', () => {
    void Promise.allSettled([pub.quit(), sub.quit()]).then(() => {
      pub.disconnect();
      sub.disconnect();
    });
  });
}
