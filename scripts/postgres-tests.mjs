// The test files of the PostgreSQL pass (`npm test` with TEST_DATABASE_URL): the tests that reach SQL
// whose behaviour can differ between embedded PGlite and a PostgreSQL server (migrations, repositories
// and other data access, transactions under concurrency, several servers on one database). Every other
// test runs once, on PGlite. apps/server/src/db/postgres-selection.test.ts fails when a module with SQL
// or a migration's table has no test here.

/** Test files (paths from the repository root) run a second time on PostgreSQL. */
export const POSTGRES_TESTS = [
  // Migrations in a schema of their own, the PostgreSQL blob store (db/database.test.ts is PGlite's
  // own: it opens an embedded database whatever TEST_DATABASE_URL says)
  'apps/server/src/db/schema-scoped-dialect.test.ts',
  'apps/server/src/blobs/pg-blob-store.test.ts',
  // Several API servers, workspace and worker processes on one database
  'apps/server/src/cluster/schedule-once.test.ts',
  'apps/server/src/cluster/scale-out.test.ts',
  'apps/server/src/cluster/two-servers.test.ts',
  // The API caches: invalidation on one server and across servers (Redis channel)
  'apps/server/src/cache/api-caches.test.ts',
  'apps/server/src/cluster/api-caches-across-servers.test.ts',
  // Accounts, sessions, projects and their people
  'apps/server/src/auth/auth.test.ts',
  'apps/server/src/auth/login-throttle.test.ts',
  'apps/server/src/auth/session-cookies.test.ts',
  'apps/server/src/auth/oidc/oidc.test.ts',
  'apps/server/src/auth/oidc/oidc-backchannel.test.ts',
  'apps/server/src/access-keys/access-keys.test.ts',
  'apps/server/src/projects/projects.test.ts',
  'apps/server/src/projects/project-settings.test.ts',
  'apps/server/src/members/members.test.ts',
  'apps/server/src/invitations/invitations.test.ts',
  'apps/server/src/logs/logs.test.ts',
  'apps/server/src/stored-users/stored-users.test.ts',
  'apps/server/src/environments/environments.test.ts',
  // Workspace state beside Git: concurrent writes, a crash between the commit and the row
  'apps/server/src/workspace/concurrency.test.ts',
  'apps/server/src/workspace/crash-safety.test.ts',
  // Executions, instances, run workers (job claims, retries, tokens)
  'apps/server/src/executions/executions.test.ts',
  'apps/server/src/executions/executions-runs.test.ts',
  'apps/server/src/execution-runs/run-manager.test.ts',
  'apps/server/src/execution-runs/run-manager-quarantine.test.ts',
  'apps/server/src/workers/worker-tokens.test.ts',
  'apps/server/src/workers/workers-git.test.ts',
  'apps/server/src/workers/workers.test.ts',
  // Runs: storage, import, lists, dashboard, memory, comments, digests, history, export
  'apps/server/src/runs/runs.test.ts',
  'apps/server/src/runs/run-store.test.ts',
  'apps/server/src/runs/report-import.test.ts',
  'apps/server/src/runs/runs-files.test.ts',
  'apps/server/src/runs/runs-comments.test.ts',
  'apps/server/src/runs/runs-dashboard.test.ts',
  'apps/server/src/runs/memory.test.ts',
  'apps/server/src/runs/weekly-digest.test.ts',
  'apps/server/src/runs/runs-scale.test.ts',
  'apps/server/src/runs/ingest/ndjson-ingest.test.ts',
  'apps/server/src/runs/ingest/source-report.test.ts',
  'apps/server/src/runs/history/history.test.ts',
  'apps/server/src/runs/history/history-order.test.ts',
  'apps/server/src/runs/history/history-routes.test.ts',
  'apps/server/src/runs/history/history-scale.test.ts',
  'apps/server/src/runs/export/export.test.ts',
  // Root causes and code fixes of AI recovery
  'apps/server/src/ai/rca/rca-runs.test.ts',
  'apps/server/src/ai/rca/imported-analyses.test.ts',
  'apps/server/src/ai/recovery/code-review.test.ts',
  // `stepwise worker` against a server with run workers
  'packages/cli/src/commands/worker.test.ts',
];

/**
 * Modules with SQL that have no test file of their own folder in the list, and the listed test that
 * exercises them.
 */
export const SQL_COVERED_ELSEWHERE = {
  'apps/server/src/mail/mailer.ts': 'apps/server/src/invitations/invitations.test.ts',
};

/** Modules with SQL no Node test drives, and what does: they run on the embedded database only. */
export const SQL_WITHOUT_NODE_TEST = {
  'apps/server/src/cli/admin.ts': 'the browser tests (e2e/tests/server-process.ts) run `npm run admin` against a stopped server',
};
