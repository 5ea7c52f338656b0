import { type Kysely, sql } from 'kysely';

/**
 * The PostgreSQL blob store (blobs/pg-blob-store.ts, used with DATABASE_URL): a blob's bytes are an
 * object of chunks (bytea, in order); `blobs` names the object of each key, so a put writes its
 * chunks first and swaps the key to them in one short transaction. `blob_orphans` holds the objects
 * no key names: uploads under way ('upload', removed at once when they fail) and objects replaced or
 * deleted ('replaced', kept an hour for readers already streaming them); both are swept after an
 * hour. Keys sort by bytes (collation "C"), so a prefix is a range of the primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('key', sql`text collate "C"`, (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull().unique())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('blob_chunks')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_chunks_pkey', ['object_id', 'seq'])
    .execute();
  await db.schema
    .createTable('blob_orphans')
    .addColumn('object_id', 'text', (c) => c.primaryKey())
    /** 'upload' (being written) or 'replaced' (no longer named by its key). */
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index blob_orphans_since_idx on blob_orphans (since)`.execute(db);
  // Chunks are stored as they come (already compressed images and archives mostly): no TOAST compression.
  await sql`alter table blob_chunks alter column data set storage external`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blob_orphans').execute();
  await db.schema.dropTable('blob_chunks').execute();
  await db.schema.dropTable('blobs').execute();
}
