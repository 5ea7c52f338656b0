import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { SecretBox } from './security/secret-box.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Workspaces } from './workspace/project-repo.ts';
import type { ProjectEvents } from './realtime/project-events.ts';
import type { ExecutionsRuntime } from './executions/executions-runtime.ts';
import type { BlobStore } from './blobs/blob-store.ts';
import type { Sandbox } from './sandbox/sandbox.ts';
import type { ApiCaches } from './cache/api-caches.ts';

/** Everything a service needs, built once at start and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  secrets: SecretBox;
  mailer: Mailer;
  /** The projects' Git repositories: on this machine, or on the workspace server (WORKSPACE_URL). */
  workspaces: Workspaces;
  events: ProjectEvents;
  /** Executions: realtime hub, runner, scheduler and service (executions/executions-runtime.ts). */
  executions: ExecutionsRuntime;
  /** Binary data of runs (screenshots, attachments), under DATA_DIR/blobs. */
  blobs: BlobStore;
  /** Where workspace code runs: bubblewrap, or (RUNNER_SANDBOX=off or unavailable) a plain child process. */
  sandbox: Sandbox;
  /** Sessions, project access and hot answers kept in memory; every write that changes them calls `caches.changed` (cache/api-caches.ts). */
  caches: ApiCaches;
}

/** What a view of a server's context answers for SERVER_KEY: the server's own context (test/direct-writes.ts). */
export const SERVER_KEY = Symbol('stepwise.server');

/**
 * The key of per-server registries (WeakMap<object, …>): the server's context, the same when a test
 * reaches the server through a view of its context.
 */
export function serverKey(ctx: object): object {
  return (ctx as { [SERVER_KEY]?: object })[SERVER_KEY] ?? ctx;
}
