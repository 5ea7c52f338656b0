import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { attachRealtime } from '../realtime/realtime.ts';
import { createLogger } from '../logger.ts';
import { givePglite, takePglite } from './pglite-pool.ts';
import { testView } from './direct-writes.ts';

export interface TestServer {
  baseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A real server on a free port: in-memory PGlite (pglite-pool.ts), or a throw-away schema of the PostgreSQL
 * database named by TEST_DATABASE_URL; a temporary DATA_DIR for repositories. With `logTo`, the
 * server's log lines (at LOG_LEVEL) are written there, for tests that check what is logged; `onRoute`
 * is told of every route the app adds.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  patch: Partial<Config> = {},
  opts: { logTo?: { write(line: string): void }; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stepwise-test-'));
  // The suite's one compile cache of run processes (vitest.config.ts), unless the test names its own.
  const shared = process.env.RUN_COMPILE_CACHE_DIR ? { RUN_COMPILE_CACHE_DIR: process.env.RUN_COMPILE_CACHE_DIR } : {};
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...shared, ...env }), ...patch };
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const cleanUp = async () => {
    if (pgUrl && schema) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  let ctx: AppContext | undefined;
  let pglite: PGlite | undefined;
  try {
    if (!pgUrl) pglite = await takePglite();
    ctx = await createContext(config, pgUrl ? { url: pgUrl, schema } : { pglite });
    if (opts.logTo) ctx.log = createLogger(config.logLevel, false, opts.logTo);
    const app = await buildApp(ctx, { onRoute: opts.onRoute });
    const io = attachRealtime(ctx, app.server);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ctx.config.port = port;
    const started = ctx;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      // Rows a test writes itself empty the server's caches (direct-writes.ts).
      ctx: testView(started),
      app,
      async close() {
        io.disconnectSockets(true);
        // No grace for requests in flight in a test (main.ts gives them 10 s).
        app.server.closeAllConnections();
        await app.close();
        await started.db.destroy();
        if (pglite) await givePglite(pglite);
        await cleanUp();
      },
    };
  } catch (err) {
    // A server that failed to start leaves no schema or folder behind.
    await ctx?.db.destroy().catch(() => {});
    await pglite?.close().catch(() => {});
    await cleanUp().catch(() => {});
    throw err;
  }
}
