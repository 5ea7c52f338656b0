import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema.ts';
import { pgliteDialect } from './pglite-dialect.ts';
import { SchemaScopedPostgresDialect } from './schema-scoped-dialect.ts';
import { cachedTemplate, isNewDataDir, migrateAndKeep } from './pglite-template.ts';
import * as m0001 from './migrations/0001-accounts-and-projects.ts';
import * as m0002 from './migrations/0002-workspace-state.ts';
import * as m0003 from './migrations/0003-stored-users-and-repos.ts';
import * as m0004 from './migrations/0004-executions.ts';
import * as m0005 from './migrations/0005-runs.ts';
import * as m0006 from './migrations/0006-runs-read.ts';
import * as m0007 from './migrations/0007-run-sources.ts';
import * as m0008 from './migrations/0008-weekly-digests.ts';
import * as m0009 from './migrations/0009-test-cases-follow-runs.ts';
import * as m0010 from './migrations/0010-login-delays.ts';
import * as m0011 from './migrations/0011-failure-signatures.ts';
import * as m0012 from './migrations/0012-code-fixes.ts';
import * as m0013 from './migrations/0013-run-workers.ts';
import * as m0014 from './migrations/0014-blobs.ts';
import * as m0015 from './migrations/0015-company-sign-in.ts';
import * as m0016 from './migrations/0016-scenario-history.ts';
import * as m0017 from './migrations/0017-history-run-start.ts';
import * as m0018 from './migrations/0018-history-pending.ts';
import * as m0019 from './migrations/0019-oidc-session-sid.ts';
import * as m0020 from './migrations/0020-oidc-logout-tokens.ts';
import * as m0021 from './migrations/0021-execution-screenshots.ts';

export type Db = Kysely<Database>;

const migrations: Record<string, Migration> = {
  '0001-accounts-and-projects': m0001,
  '0002-workspace-state': m0002,
  '0003-stored-users-and-repos': m0003,
  '0004-executions': m0004,
  '0005-runs': m0005,
  '0006-runs-read': m0006,
  '0007-run-sources': m0007,
  '0008-weekly-digests': m0008,
  '0009-test-cases-follow-runs': m0009,
  '0010-login-delays': m0010,
  '0011-failure-signatures': m0011,
  '0012-code-fixes': m0012,
  '0013-run-workers': m0013,
  '0014-blobs': m0014,
  '0015-company-sign-in': m0015,
  '0016-scenario-history': m0016,
  '0017-history-run-start': m0017,
  '0018-history-pending': m0018,
  '0019-oidc-session-sid': m0019,
  '0020-oidc-logout-tokens': m0020,
  '0021-execution-screenshots': m0021,
};

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; absent: in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  /** A dump of a PGlite data folder to start from instead of an empty one (tests skip initdb this way). */
  pgliteTemplate?: Blob;
  /** An open PGlite to use (tests reuse one between servers): closing the database leaves it open. */
  pglite?: PGlite;
}

/** Opens the database: PostgreSQL through `pg` when a URL is given, embedded PGlite otherwise. */
export async function openDatabase(opts: DatabaseOptions): Promise<Db> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    if (opts.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${opts.schema}"`);
      } finally {
        client.release();
      }
    }
    return new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
  }
  if (opts.pglite) return new Kysely<Database>({ dialect: pgliteDialect(opts.pglite, { keepOpen: true }) });
  if (opts.dataDir) {
    fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    if (!opts.pgliteTemplate && (await isNewDataDir(opts.dataDir))) await makeDataDir(opts.dataDir);
  }
  const client = await PGlite.create(opts.dataDir, opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {});
  return new Kysely<Database>({ dialect: pgliteDialect(client) });
}

/**
 * A new database folder, from the migrated template rather than by initdb where one is kept (DECISIONS,
 * "A new embedded database from a migrated template"); else by initdb and the migrations, its dump then
 * kept for the next new folder. Made beside the folder and renamed into place, so that a start cut
 * short leaves no half-made database for the next start to open.
 */
async function makeDataDir(dataDir: string): Promise<void> {
  // Folders of starts cut short before their rename, this one's name included.
  const prefix = `${path.basename(dataDir)}.new-`;
  for (const name of fs.readdirSync(path.dirname(dataDir))) if (name.startsWith(prefix)) fs.rmSync(path.join(path.dirname(dataDir), name), { recursive: true, force: true });
  const staging = `${dataDir}.new-${process.pid}`;
  const template = await cachedTemplate();
  const client = await PGlite.create(staging, template ? { loadDataDir: template } : {});
  try {
    if (!template) await migrateAndKeep(client, (db) => migrateToLatest(db as Db));
  } finally {
    await client.close();
  }
  // An empty folder may be there (rmdir refuses one that is not).
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(staging, dataDir);
}

/**
 * Brings the schema up to date; safe to run at every start. The migration tables are looked up in
 * the current schema only: without it Kysely takes another schema's migration tables for ours.
 * A schema that has run exactly our migrations is left as it is, without Kysely's migrator: it takes
 * a lock for the whole database (one advisory lock id), so servers starting side by side, of one
 * schema or of several, would each wait for the others' checks.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const { rows } = await sql<{ schema: string | null; table: string | null }>`
    select current_schema() as schema, to_regclass(quote_ident(current_schema()) || '.kysely_migration')::text as table`.execute(db);
  if (rows[0]?.table) {
    const done = (await sql<{ name: string }>`select name from ${sql.raw(rows[0].table)}`.execute(db)).rows.map((r) => r.name);
    const ours = Object.keys(migrations);
    if (done.length === ours.length && ours.every((name) => done.includes(name))) return;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}
