import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import { attachRealtime } from '../realtime/realtime.ts';
import { BULLMQ_QUEUE } from '../executions/bullmq-scheduler.ts';
import type { TestServer } from '../test/test-server.ts';

/** What several API servers of one deployment need: the machine's PostgreSQL and Redis. */
export const clusterUrls = { pg: process.env.TEST_DATABASE_URL, redis: process.env.TEST_REDIS_URL };
export const clusterSkipReason = !clusterUrls.pg || !clusterUrls.redis ? 'TEST_DATABASE_URL and TEST_REDIS_URL are both needed (several servers share PostgreSQL and Redis)' : null;

export interface Cluster {
  servers: TestServer[];
  /** The Redis prefix of this cluster (REDIS_PREFIX): no other test sees its keys, channels or queues. */
  prefix: string;
  close(): Promise<void>;
}

/**
 * `count` real API servers, each with its own port and DATA_DIR, on one schema of the PostgreSQL
 * database of TEST_DATABASE_URL and one Redis (TEST_REDIS_URL) under a prefix of their own: a
 * deployment behind a load balancer, in one test process. Each server has its socket.io servers on
 * the Redis adapter, its rate limits in Redis and its BullMQ scheduler; `env` adds to their
 * configuration (BLOB_STORE=postgres shares the blobs); as a function, per server, given the servers
 * started before it (e.g. WORKSPACE_URL of the first).
 */
export async function startCluster(
  count: number,
  env: Record<string, string> | ((index: number, started: readonly TestServer[]) => Record<string, string>) = {},
  patch: Partial<Config> = {},
): Promise<Cluster> {
  if (clusterSkipReason) throw new Error(clusterSkipReason);
  const schema = `t_cluster_${randomBytes(6).toString('hex')}`;
  const prefix = `stepwise-test-${randomBytes(4).toString('hex')}`;
  const servers: TestServer[] = [];
  const close = async () => {
    await Promise.allSettled(servers.map((s) => s.close()));
    const client = new pg.Client({ connectionString: clusterUrls.pg });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    await clearRedis(prefix);
  };
  try {
    // One after the other: the first migrates the schema, the others find it migrated.
    for (let i = 0; i < count; i++) {
      const own = typeof env === 'function' ? env(i, servers) : env;
      servers.push(await startMember(schema, { REDIS_URL: clusterUrls.redis!, REDIS_PREFIX: prefix, ...own }, patch));
    }
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  return { servers, prefix, close };
}

async function startMember(schema: string, env: Record<string, string>, patch: Partial<Config>): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-cluster-'));
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), ...patch };
  const ctx = await createContext(config, { url: clusterUrls.pg, schema });
  try {
    const app = await buildApp(ctx);
    const io = attachRealtime(ctx, app.server);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    ctx.config.port = typeof address === 'object' && address ? address.port : 0;
    return {
      baseUrl: `http://127.0.0.1:${ctx.config.port}`,
      ctx,
      app,
      async close() {
        io.disconnectSockets(true);
        app.server.closeAllConnections();
        await app.close();
        await ctx.db.destroy();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await ctx.db.destroy().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Removes the cluster's BullMQ queue and every Redis key under its prefix. */
async function clearRedis(prefix: string): Promise<void> {
  const queue = new Queue(BULLMQ_QUEUE, { connection: { url: clusterUrls.redis! }, prefix });
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  const redis = new Redis(clusterUrls.redis!);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
