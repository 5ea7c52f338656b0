import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from './database.ts';
import { pgliteTemplate } from '../test/pglite-template.ts';

/** Always on embedded PGlite, the default database of a self-hosted server. */
let db: Db;
beforeAll(async () => {
  db = await openDatabase({});
  // Another application's Kysely migration tables in another schema of the same database.
  await sql`create schema other_app`.execute(db);
  await sql`create table other_app.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(db);
  await sql`create table other_app.kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`.execute(db);
  await migrateToLatest(db);
});
afterAll(() => db.destroy());

const row = (key: string) => ({ key, count: 1, window_start: new Date() });
const keys = async () => (await db.selectFrom('login_failures').select('key').orderBy('key').execute()).map((r) => r.key);

describe('migrations', () => {
  it('run in the current schema even when another schema holds Kysely migration tables', async () => {
    const done = await sql<{ name: string }>`select name from public.kysely_migration`.execute(db);
    const files = fs.readdirSync(new URL('./migrations/', import.meta.url)).map((f) => f.replace(/\.ts$/, '')).sort();
    expect(done.rows.map((r) => r.name).sort()).toEqual(files);
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('refuse a database that ran a migration this server does not know (a newer version), as Kysely does', async () => {
    await sql`insert into public.kysely_migration (name, timestamp) values ('9999-from-a-newer-server', ${new Date().toISOString()})`.execute(db);
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(/9999-from-a-newer-server/);
    } finally {
      await sql`delete from public.kysely_migration where name = '9999-from-a-newer-server'`.execute(db);
    }
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
  });
});

describe('PGlite dialect', () => {
  it('reports how many rows an update or a delete touched', async () => {
    await db.insertInto('login_failures').values([row('count-a'), row('count-b')]).execute();
    const updated = await db.updateTable('login_failures').set({ count: 2 }).where('key', 'like', 'count-%').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const none = await db.updateTable('login_failures').set({ count: 3 }).where('key', '=', 'missing').executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
    const deleted = await db.deleteFrom('login_failures').where('key', 'like', 'count-%').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('makes other queries wait for an open transaction instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('login_failures').values(row('inside')).execute();
      started();
      await gate;
      throw new Error('roll back');
    });
    await inside;
    let outsideDone = false;
    const outside = db.insertInto('login_failures').values(row('outside')).execute().then(() => (outsideDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await expect(trx).rejects.toThrow('roll back');
    await outside;
    expect(await keys()).toEqual(['outside']);
  });

  it('commits a transaction that succeeds', async () => {
    await db.transaction().execute(async (t) => {
      await t.insertInto('login_failures').values(row('committed')).execute();
      expect(await t.selectFrom('login_failures').select('key').where('key', '=', 'committed').executeTakeFirst()).toBeDefined();
    });
    expect(await keys()).toContain('committed');
  });
});

describe('a new embedded database folder', () => {
  it('starts from the migrated template in place of an empty folder, is opened again as it was left, and removes what a start cut short left', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-db-'));
    try {
      const dataDir = path.join(root, 'db');
      // A start cut short before its rename left its staging folder; the folder itself is there, empty.
      fs.mkdirSync(path.join(`${dataDir}.new-999999`, 'base'), { recursive: true });
      fs.mkdirSync(dataDir, { recursive: true });
      await pgliteTemplate();
      const started = process.threadCpuUsage();
      const first = await openDatabase({ dataDir });
      const cpu = process.threadCpuUsage(started);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(first);
      expect(applied.rows).toHaveLength(fs.readdirSync(new URL('./migrations/', import.meta.url)).length);
      await first.insertInto('login_failures').values(row('kept')).execute();
      await first.destroy();
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(fs.readdirSync(root)).toEqual(['db']);

      const again = await openDatabase({ dataDir });
      await expect(migrateToLatest(again)).resolves.toBeUndefined();
      expect((await again.selectFrom('login_failures').select('key').execute()).map((r) => r.key)).toEqual(['kept']);
      await again.destroy();
      // From the template, not by an initdb (about 10 s of CPU).
      expect((cpu.user + cpu.system) / 1000, 'ms of this thread').toBeLessThan(5000);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('is never made over a folder that holds anything: that is left to PGlite as it is', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-db-'));
    try {
      const dataDir = path.join(root, 'db');
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, 'keep.txt'), 'mine');
      await openDatabase({ dataDir }).then((db) => db.destroy(), () => undefined);
      expect(fs.readFileSync(path.join(dataDir, 'keep.txt'), 'utf8')).toBe('mine');
      expect(fs.readdirSync(root)).toEqual(['db']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('is made by initdb and the migrations where no template is kept, and its dump kept for the next one', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-db-'));
    const before = process.env.STEPWISE_DB_TEMPLATE_DIR;
    process.env.STEPWISE_DB_TEMPLATE_DIR = path.join(root, 'cache');
    try {
      const first = await openDatabase({ dataDir: path.join(root, 'one', 'db') });
      const migrations = fs.readdirSync(new URL('./migrations/', import.meta.url)).length;
      expect((await sql`select name from kysely_migration`.execute(first)).rows).toHaveLength(migrations);
      await first.destroy();
      expect(fs.readdirSync(path.join(root, 'cache'))).toEqual([expect.stringMatching(/^pglite-[0-9a-f]{16}\.tar$/)]);
      expect(fs.readdirSync(path.join(root, 'one'))).toEqual(['db']);

      const started = process.threadCpuUsage();
      const second = await openDatabase({ dataDir: path.join(root, 'two', 'db') });
      const cpu = process.threadCpuUsage(started);
      expect((await sql`select name from kysely_migration`.execute(second)).rows).toHaveLength(migrations);
      await second.destroy();
      expect((cpu.user + cpu.system) / 1000, 'ms of this thread').toBeLessThan(5000);
    } finally {
      if (before === undefined) delete process.env.STEPWISE_DB_TEMPLATE_DIR;
      else process.env.STEPWISE_DB_TEMPLATE_DIR = before;
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
