import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { pgliteTemplate } from '../test/pglite-template.ts';
import { describeBlobStore, megabytes, text } from './blob-store-contract.ts';
import { PG_CHUNK_SIZE, PgBlobStore } from './pg-blob-store.ts';

/**
 * The PostgreSQL blob store on the machine's PostgreSQL (TEST_DATABASE_URL, a schema of its own per
 * test), or without one on embedded PGlite (the same SQL).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.log('PostgreSQL blob store: TEST_DATABASE_URL is not set, tested on PGlite only');

async function openPostgres(): Promise<{ db: Db; drop(): Promise<void> }> {
  const schema = `t_blobs_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ url: pgUrl, schema });
  await migrateToLatest(db);
  return {
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

async function openPglite(): Promise<{ db: Db; drop(): Promise<void> }> {
  const db = await openDatabase({ pgliteTemplate: await pgliteTemplate() });
  return { db, drop: () => db.destroy() };
}

const chunkRows = (db: Db) =>
  db.withTables<{ blob_chunks: { object_id: string } }>().selectFrom('blob_chunks').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

// With PostgreSQL, on it only: `npm test` runs this file on PGlite in its PGlite pass (in the PostgreSQL
// pass, beside the browser tests, the PGlite store's 4 MB stream ran out of its 30 s).
for (const [name, open] of [['PostgreSQL', pgUrl ? openPostgres : null], ['PGlite', pgUrl ? null : openPglite]] as const) {
  if (!open) continue;
  describeBlobStore(name, async () => {
    const { db, drop } = await open();
    const store = new PgBlobStore(db);
    return { store, pending: () => store.pendingUploads(), cleanUp: drop };
  }, { largeMb: name === 'PGlite' ? 4 : 20 });

  describe(`${name} blob store: chunks and orphans`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    let store: PgBlobStore;
    beforeAll(async () => {
      ({ db, drop } = await open());
      store = new PgBlobStore(db);
    });
    afterAll(() => drop());

    it('keeps a replaced blob for its readers until the sweep, then removes its chunks; a failed write removes its own at once', async () => {
      await store.put('s/a', Readable.from(megabytes(3)), 'application/octet-stream');
      expect(await chunkRows(db)).toBe(3);
      const reading = await store.get('s/a');
      await store.put('s/a', 'small', 'text/plain');
      await store.delete('s/a');
      expect(await store.get('s/a')).toBeNull();
      // The reader that started before still gets every byte of the old blob.
      expect((await text(reading!.stream)).length).toBe(3 * 1024 * 1024);

      await expect(store.put('s/b', Readable.from((async function* () {
        yield* megabytes(2);
        throw new Error('cut');
      })()), 'text/plain')).rejects.toThrow('cut');
      expect(await chunkRows(db)).toBe(4);
      await store.sweep(-1000);
      expect(await chunkRows(db)).toBe(0);
      expect(await store.pendingUploads()).toBe(0);
    });

    it('cuts a stream into chunks of one size whatever pieces it comes in, and reads ranges across them', async () => {
      const odd = Array.from({ length: 9 }, (_, i) => Buffer.alloc(333_333 + i, 65 + i));
      const whole = Buffer.concat(odd);
      await store.put('s/odd', Readable.from(odd), 'application/octet-stream');
      expect(await chunkRows(db)).toBe(Math.ceil(whole.length / PG_CHUNK_SIZE));
      expect((await store.read('s/odd'))!.bytes.equals(whole)).toBe(true);
      const [across] = (await store.readRanges('s/odd', [PG_CHUNK_SIZE - 3, 7]))!;
      expect(across.equals(whole.subarray(PG_CHUNK_SIZE - 3, PG_CHUNK_SIZE + 4))).toBe(true);
    });

    it('two puts of one key at once: one wins whole, the other object is left for the sweep', async () => {
      await Promise.all([store.put('s/race', 'first '.repeat(1000), 'text/plain'), store.put('s/race', 'second '.repeat(1000), 'text/plain')]);
      const got = (await store.read('s/race'))!.bytes.toString();
      expect(['first '.repeat(1000), 'second '.repeat(1000)]).toContain(got);
      await store.sweep(-1000);
      expect((await store.read('s/race'))!.bytes.toString()).toBe(got);
    });
  });
}
