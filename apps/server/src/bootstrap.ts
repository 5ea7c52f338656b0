import './heap-flags.ts';
import path from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase, type DatabaseOptions } from './db/database.ts';
import { createLogger } from './logger.ts';
import { Mailer } from './mail/mailer.ts';
import { resolveSecretKey, SecretBox } from './security/secret-box.ts';
import { WorkspaceStore } from './workspace/workspace-store.ts';
import { RemoteWorkspaces } from './workspace/remote-workspaces.ts';
import { ProjectEvents } from './realtime/project-events.ts';
import { ExecutionsRuntime } from './executions/executions-runtime.ts';
import { blobStoreKind, createBlobStore } from './blobs/select-blob-store.ts';
import { BullMqScheduler } from './executions/bullmq-scheduler.ts';
import { RunManager } from './execution-runs/run-manager.ts';
import { createSandbox } from './sandbox/sandbox-probe.ts';
import { runnerProbe } from './execution-runs/runner-job.ts';
import { ApiCaches } from './cache/api-caches.ts';

/** Opens the database (migrated), the secret box, the mailer and the workspace store. */
export async function createContext(config: Config, dbOptions?: DatabaseOptions): Promise<AppContext> {
  const log = createLogger(config.logLevel, config.env === 'development' && process.stdout.isTTY);
  // First: RUNNER_SANDBOX=bwrap without a working sandbox stops the start before anything is opened.
  const sandbox = await createSandbox(config.runnerSandbox, log, runnerProbe());
  const onPostgres = Boolean(dbOptions ? dbOptions.url : config.databaseUrl);
  blobStoreKind(config, onPostgres);
  const db = await openDatabase(dbOptions ?? { url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await migrateToLatest(db);
  const blobs = createBlobStore(config, db, onPostgres);
  const secrets = new SecretBox(resolveSecretKey(config.dataDir, config.secretKey));
  const ctx: AppContext = {
    config,
    db,
    log,
    secrets,
    mailer: new Mailer(db, log, config.smtpUrl, config.mailFrom),
    workspaces: config.workspaceUrl ? new RemoteWorkspaces(config.workspaceUrl, config.workspaceToken!, log) : new WorkspaceStore(config.dataDir),
    events: new ProjectEvents(),
    executions: new ExecutionsRuntime({
      redisUrl: config.redisUrl,
      // REDIS_PREFIX: the scheduler's queue under it too (else BullMQ's own prefix, as before).
      scheduler:
        config.redisUrl && config.redisPrefix
          ? ({ ctx: c, keeper, clock }) => new BullMqScheduler({ db: c.db, log: c.log, keeper, clock, redisUrl: config.redisUrl!, prefix: config.redisPrefix })
          : undefined,
      clock: config.schedulerClockOffsetMs ? () => new Date(Date.now() + config.schedulerClockOffsetMs) : undefined,
    }),
    blobs,
    sandbox,
    caches: await ApiCaches.create(config, log),
  };
  ctx.executions.useRunner(new RunManager(ctx, ctx.executions.hooks));
  return ctx;
}
