import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from './database.ts';

/** On PostgreSQL only (TEST_DATABASE_URL): the embedded database has no other sessions. */
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `scoped_${randomBytes(4).toString('hex')}`;
let db: Db;
let churn: pg.Client;

beforeAll(async () => {
  if (!pgUrl) return;
  db = await openDatabase({ url: pgUrl, schema });
  churn = new pg.Client({ connectionString: pgUrl });
  await churn.connect();
});
afterAll(async () => {
  if (!pgUrl) return;
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await db.destroy();
  await churn.end();
});

/** Creates and drops schemas holding a table with a serial column until `stop()` is called. */
function churnSchemas() {
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i++) {
      const other = `${schema}_churn_${i}`;
      await churn.query(`create schema "${other}"; create table "${other}".t (id serial primary key, name text)`);
      await churn.query(`drop schema "${other}" cascade`);
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

describe.skipIf(!pgUrl)('migrations beside schemas being dropped', () => {
  it('migrate and introspect the current schema only, whatever other sessions drop meanwhile', async () => {
    const stop = churnSchemas();
    try {
      await migrateToLatest(db);
      for (let i = 0; i < 100; i++) {
        const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
        expect(tables.map((t) => t.name)).toContain('kysely_migration');
      }
    } finally {
      await stop();
    }
    const users = (await db.introspection.getTables()).find((t) => t.name === 'users')!;
    expect(users.columns.find((c) => c.name === 'id')).toMatchObject({ dataType: 'text', isNullable: false, isAutoIncrementing: false });
    expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
  });
});

describe.skipIf(!pgUrl)('a schema already up to date', () => {
  it('starts without waiting for the migration lock another server of the database holds', async () => {
    await migrateToLatest(db);
    // Kysely's migrator takes one advisory lock for the whole database (its PostgreSQL adapter's id).
    await churn.query('select pg_advisory_lock(3853314791062309107)');
    try {
      const t0 = Date.now();
      await migrateToLatest(db);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await churn.query('select pg_advisory_unlock(3853314791062309107)');
    }
  });
});
